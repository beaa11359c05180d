package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// maxConflicts is how many times in a row computer players' moves may
// find the game moved on elsewhere before the terminal gives up.
const maxConflicts = 3

// loop plays until the game ends, the player quits or input ends, and
// returns the exit status; the computer players take their turns as they
// come.
func (t *terminalGame) loop(ctx context.Context) int {
	for {
		if code, done := t.computersMove(ctx); done {
			return code
		}
		if t.table.Game.Status().Finished() {
			return t.finish(ctx)
		}
		seat := t.actor()
		if t.hotSeat() && t.viewer != seat && !t.handOver(seat) {
			return t.leave(ctx)
		}
		t.show()
		fmt.Fprint(t.out, t.prompt(seat))
		l, ok, err := t.in.next()
		if err != nil {
			fmt.Fprintln(t.e.stderr, "dealer play: reading the input:", err)
			return exitFail
		}
		if !ok {
			fmt.Fprintln(t.out)
			return t.leave(ctx)
		}
		if code, done := t.command(ctx, seat, l); done {
			return code
		}
	}
}

// computersMove lets the computer players take their turns, their moves
// kept to show. done is set when the session must end, with its status.
func (t *terminalGame) computersMove(ctx context.Context) (code int, done bool) {
	err := t.table.PlayComputers(ctx, func(s games.Seat, m games.Move) {
		t.news = append(t.news, fmt.Sprintf("%s: %s", t.name(s), m))
	})
	switch {
	case err == nil:
		t.conflicts = 0
		return exitOK, false
	case errors.Is(err, store.ErrConflict) && t.conflicts < maxConflicts:
		t.conflicts++
		t.moved()
		return exitOK, false
	}
	fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
	return exitFail, true
}

// actor is the seat the game waits on: the first to act, a person's once
// the computer players have moved.
func (t *terminalGame) actor() games.Seat {
	if act := t.table.Game.ToAct(); len(act) > 0 {
		return act[0]
	}
	return t.people()[0]
}

// prompt asks for a line: in a hot seat, naming the seat to play.
func (t *terminalGame) prompt(seat games.Seat) string {
	if t.hotSeat() {
		return t.name(seat) + "> "
	}
	return "> "
}

// show writes the computer players' moves, and the table as the viewer
// sees it when it changed since it was drawn.
func (t *terminalGame) show() {
	for _, n := range t.news {
		fmt.Fprintln(t.out, n)
	}
	t.news = nil
	if g := t.table.Game; t.drawn != g.Moves() {
		fmt.Fprint(t.out, t.text(g))
		t.drawn = g.Moves()
	}
}

// handOver clears the screen for seat's player: the table as everyone
// sees it, and a pause until that player is ready, so that no one sees
// another's hand. It reports false when the player quits or input ends.
func (t *terminalGame) handOver(seat games.Seat) bool {
	t.clearScreen()
	t.viewer, t.drawn = games.Spectator, -1
	t.show()
	name := t.name(seat)
	t.say(fmt.Sprintf("%s to play: pass the terminal to %s. No one else should see %s's hand.", name, name, name))
	fmt.Fprintf(t.out, "%s, press Enter when ready (or type quit): ", name)
	l, ok, _ := t.in.next()
	if !ok || isQuit(strings.TrimSpace(l.text)) {
		return false
	}
	t.clearScreen()
	t.viewer, t.drawn = seat, -1
	return true
}

// clearScreen clears a terminal's screen and its scrollback; on a pipe it
// draws a line.
func (t *terminalGame) clearScreen() {
	if t.screen {
		fmt.Fprint(t.out, "\x1b[H\x1b[2J\x1b[3J")
		return
	}
	fmt.Fprintln(t.out, "\n"+strings.Repeat("─", width))
}

// say writes a message, wrapped to the terminal's width. It may quote
// what others wrote (a name, a move refused), so each line is made safe.
func (t *terminalGame) say(msg string) {
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		lines = append(lines, render.TermWrap(safeText(l), width, "  "))
	}
	fmt.Fprintln(t.out, strings.Join(lines, "\n"))
}

// isQuit reports whether a line asks to stop.
func isQuit(s string) bool {
	switch strings.ToLower(s) {
	case "quit", "q", "exit":
		return true
	}
	return false
}

// humanMoved reports whether a person has made a move in this game: one
// that no one has touched is not worth keeping.
func (t *terminalGame) humanMoved() bool {
	for _, e := range t.table.Log() {
		if !t.table.Player(e.Seat).Computer {
			return true
		}
	}
	return false
}

// leave stops the session: the game is saved to resume, or, when no one
// has played in it yet, not kept.
func (t *terminalGame) leave(ctx context.Context) int {
	if !t.humanMoved() {
		if err := t.table.Abandon(ctx); err != nil {
			fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
			return exitFail
		}
		fmt.Fprintln(t.out, "Nothing played yet, so the game is not kept.")
		return exitOK
	}
	fmt.Fprintf(t.out, "Saved. Continue with: dealer play --resume %d\n", t.table.Row.ID)
	return exitOK
}

// finish records the result of the finished game and says it.
func (t *terminalGame) finish(ctx context.Context) int {
	if err := t.table.Finish(ctx); err != nil {
		fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
		return exitFail
	}
	if t.hotSeat() {
		t.viewer = games.Spectator
	}
	t.show()
	t.say(outcomeText(t.rg.Info, t.table.Game, t.names()))
	return exitOK
}

// abandon ends a multiplayer game for everyone, counting for no one.
func (t *terminalGame) abandon(ctx context.Context) int {
	if err := t.table.Abandon(ctx); err != nil {
		fmt.Fprintln(t.e.stderr, "dealer play:", t.saveError(err))
		return exitFail
	}
	t.say("Abandoned: the game is over for everyone, and counts for no one.")
	return exitOK
}

// moved says that the game moved on elsewhere, and shows it as saved.
func (t *terminalGame) moved() {
	t.news = append(t.news, "This game was played on in another window meanwhile: here it is as saved there.")
	t.drawn = -1
}

// saveError words an error of the store for the player, naming the file.
func (t *terminalGame) saveError(err error) error {
	if errors.Is(err, play.ErrNotSaved) {
		cause := strings.TrimPrefix(err.Error(), play.ErrNotSaved.Error())
		cause = strings.TrimSuffix(strings.TrimPrefix(cause, " ("), ")")
		return fmt.Errorf("the move could not be saved in %s, so it was not made: %s", t.st.Path(), cause)
	}
	return fmt.Errorf("%s: %w", t.st.Path(), err)
}
