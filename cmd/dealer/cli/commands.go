package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dealer/dealer/docs/rules"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// command does one line of input for seat, a command or a move; done is
// set when the session ends, with its exit status.
func (t *terminalGame) command(ctx context.Context, seat games.Seat, l line) (code int, done bool) {
	if l.long || l.runes > maxMoveLine {
		t.say(fmt.Sprintf("✗ Line too long (%d characters): a move is a few words. Type help for them.", l.runes))
		return exitOK, false
	}
	text := strings.TrimSpace(l.text)
	word := strings.ToLower(strings.Join(strings.Fields(text), " "))
	switch {
	case word == "":
	case isQuit(word):
		return t.leave(ctx), true
	case word == "help" || word == "?":
		t.say(t.help())
	case word == "rules":
		t.say(rulesText(t.rg.Info))
	case word == "moves" || word == "legal":
		t.say(legalText(t.table.Game, seat))
	case word == "table" || word == "look":
		t.drawn = -1
	case !t.has(word):
		t.say("✗ " + t.missing(word))
	case word == "hint":
		return t.hint(ctx)
	case word == "abandon":
		return t.abandon(ctx), true
	default:
		return t.move(ctx, seat, text)
	}
	return exitOK, false
}

// move makes seat's move, saved before it is shown. A refused move is
// explained; one the store could not save ends the session, unless the
// game was played on elsewhere meanwhile: then it is shown as saved there.
func (t *terminalGame) move(ctx context.Context, seat games.Seat, text string) (int, bool) {
	err := t.table.Apply(ctx, seat, text)
	switch {
	case err == nil:
		return exitOK, false
	case errors.Is(err, store.ErrConflict):
		t.moved()
		return exitOK, false
	case errors.Is(err, play.ErrNotSaved):
		fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
		return exitFail, true
	}
	t.say("✗ " + clip(err.Error(), 300))
	return exitOK, false
}

// hint says what the solver advises, and counts the hint.
func (t *terminalGame) hint(ctx context.Context) (int, bool) {
	t.say("Hint: " + t.rg.Solve(t.table.Game, hintBudget).Advice())
	if _, err := t.table.Hint(ctx); err != nil {
		fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
		return exitFail, true
	}
	return exitOK, false
}

// offered are the commands that only some games have, in the order help
// lists them.
var offered = []string{"undo", "auto", "hint", "resign", "abandon"}

// has reports whether this game has the command word: undo, auto and
// resign when its notation reads them, hint when it has a solver, abandon
// when it is played by several. Any other word is for the game to read.
func (t *terminalGame) has(word string) bool {
	switch word {
	case "hint":
		return t.rg.Solve != nil
	case "abandon":
		return !t.rg.Solitaire()
	case "undo", "auto", "resign":
		_, err := t.table.Game.Parse(word)
		return err == nil
	}
	return true
}

// missing says that this game has no such command, and what it has.
func (t *terminalGame) missing(word string) string {
	title := t.rg.Title
	switch {
	case word == "resign" && t.has("abandon"):
		return fmt.Sprintf("%s has no resign: abandon ends the game for everyone, counting for no one.", title)
	case word == "abandon":
		return fmt.Sprintf("%s is played alone: resign ends it (as lost), quit saves it for later.", title)
	case word == "hint":
		return fmt.Sprintf("%s has no hints: moves lists what you may do.", title)
	}
	return fmt.Sprintf("%s has no %s. Type help for the commands it has.", title, word)
}

// help is the game's short rules and moves, from its rules file, and the
// commands this game has.
func (t *terminalGame) help() string {
	var b strings.Builder
	info := t.rg.Info
	if short, ok := rules.Section(info.Name, rules.Short); ok {
		fmt.Fprintf(&b, "%s, in short:\n%s", info.Title, markdownText(short))
		if moves, ok := rules.Section(info.Name, rules.Moves); ok {
			fmt.Fprintf(&b, "\nMoves:\n%s", markdownText(moves))
		}
	} else {
		b.WriteString(info.Summary + "\n")
	}
	var has []string
	for _, c := range offered {
		if t.has(c) {
			has = append(has, c)
		}
	}
	cmds := append([]string{"moves (the legal ones)"}, has...)
	cmds = append(cmds, "rules (the full rules)", "table (show it again)", "quit (saves; dealer play --resume continues)")
	fmt.Fprintf(&b, "\nCommands: %s.", strings.Join(cmds, ", "))
	return b.String()
}
