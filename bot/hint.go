package bot

import (
	"strconv"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
)

// hintBudget is how long the solver may think for a hint. The responder
// defers the answer if it takes longer than Discord's patience.
const hintBudget = 2 * time.Second

// hint answers the Hint button: the table with the next move of a solution
// highlighted, or a word that the deal can no longer be won. t is locked.
func (b *Bot) hint(t *table) reply {
	if t.Info.Solve == nil {
		return respond(private("This game has no hints."))
	}
	sol := t.Info.Solve(t.Game, hintBudget)
	n, err := b.store.AddHint(b.ctx, t.Sess.ID)
	if err != nil {
		b.log.Warn("counting a hint failed", "table", t.Sess.ID, "err", err)
	}
	t.notice = "💡 " + hintLabel(n) + sol.Advice()
	return b.update(t, b.hintSelection(t, sol), false)
}

// hintLabel numbers a hint: "Hint 2: ".
func hintLabel(n int) string {
	if n <= 0 {
		return ""
	}
	return "Hint " + strconv.Itoa(n) + ": "
}

// hintSelection is the source of the hinted move, to light it and its
// destinations ("" for a one-click move).
func (b *Bot) hintSelection(t *table, sol games.Solution) string {
	if sol.Verdict != games.Solvable || len(sol.Moves) == 0 {
		return ""
	}
	f := strings.Fields(sol.Moves[0])
	c := t.show.Controls(t.Game.View(0), renderParams(t, 0))
	if len(f) < 2 || c.Board == nil || contains(c.Board.Verbs, f[0]) {
		return ""
	}
	return f[0]
}
