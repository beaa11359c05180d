package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
)

// hintBudget is how long the solver may think for a hint. The responder
// defers the answer if it takes longer than Discord's patience.
const hintBudget = 2 * time.Second

// hint answers the Hint button: the table with the next move of a solution
// highlighted, or a word that the deal can no longer be won. t is locked.
func (b *Bot) hint(t *table) (*discordgo.InteractionResponse, error) {
	ctx := context.Background()
	sol := t.info.Solve(t.game, hintBudget)
	n, err := b.store.AddHint(ctx, t.sess.ID)
	if err != nil {
		b.log.Warn("counting a hint failed", "table", t.sess.ID, "err", err)
	}
	selected := ""
	switch {
	case sol.Verdict == games.Solvable && len(sol.Moves) > 0:
		move := sol.Moves[0]
		t.notice = fmt.Sprintf("💡 Hint %d: `%s` — a win is still possible.", n, move)
		if f := strings.Fields(move); len(f) > 1 && !contains(layouts[t.info.Name].verbs, f[0]) {
			selected = f[0] // light the source, and its destinations
		}
	case sol.Verdict == games.Unwinnable:
		t.notice = "💡 This deal can't be won from here any more (the solver proved it). Undo, or resign."
	case len(sol.Moves) > 0:
		t.notice = fmt.Sprintf("💡 No win found in time; a good move: `%s`.", sol.Moves[0])
	default:
		t.notice = "💡 I couldn't find a win in time: play on, and ask again later."
	}
	data, err := b.tableMessage(t, selected)
	if err != nil {
		return nil, err
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, nil
}
