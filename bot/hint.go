package bot

import (
	"context"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
)

// hintBudget is how long the solver may think for a hint. The responder
// defers the answer if it takes longer than Discord's patience.
const hintBudget = 2 * time.Second

// hint answers the Hint button: the table with the next move of a solution
// highlighted, or a word that the deal can no longer be won. The table is
// locked.
func (b *Bot) hint(ctx context.Context, c click) reply {
	t := c.t
	if t.Info.Solve == nil {
		return respond(private(words.T(b.playerLang(t.Row.OwnerID), "This game has no hints.")))
	}
	sol := t.Info.Solve(t.Game, hintBudget)
	n, err := t.Hint(ctx)
	if err != nil {
		b.log.Warn("counting a hint failed", "table", t.Row.ID, "err", err)
	}
	t.notice = "💡 " + hintAdvice(b.tableLang(t.Row), n, sol)
	return b.update(t, b.hintSelection(t, sol), false)
}

// hintAdvice is the n-th hint's words in l: "Hint 2: `3 h` — a win is
// still possible (40 moves)", as games.Solution.Advice says it.
func hintAdvice(l lang.Lang, n int, s games.Solution) string {
	var advice string
	switch {
	case s.Verdict == games.Solvable && len(s.Moves) > 0:
		advice = words.N(l, len(s.Moves), "`%[2]s` — a win is still possible (%[1]d move)", "`%[2]s` — a win is still possible (%[1]d moves)", s.Moves[0])
	case s.Verdict == games.Unwinnable:
		advice = words.T(l, "This deal can't be won from here any more. Undo, or resign.")
	case s.Verdict == games.Unknown && len(s.Moves) > 0:
		advice = words.T(l, "No win found in time; a good move: `%s`.", s.Moves[0])
	default:
		advice = words.T(l, "No win found in time: play on, and ask again later.")
	}
	if n <= 0 {
		return advice
	}
	return words.T(l, "Hint %d: %s", n, advice)
}

// hintSelection is the source of the hinted move, to light it and its
// destinations ("" for a one-click move).
func (b *Bot) hintSelection(t *table, sol games.Solution) string {
	if sol.Verdict != games.Solvable || len(sol.Moves) == 0 {
		return ""
	}
	f := strings.Fields(sol.Moves[0])
	c := t.show.Controls(t.Game.View(0), renderParams(t, 0, ""))
	if len(f) < 2 || c.Board == nil || contains(c.Board.Verbs, f[0]) {
		return ""
	}
	return f[0]
}
