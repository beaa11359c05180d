package bot_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// anyMove makes one move on a solitaire table by its buttons: a one-click
// move if one is lit, else a source and then its first destination.
func (h *harness) anyMove(user string, m discordtest.Message) discordtest.Message {
	h.t.Helper()
	for _, b := range m.Buttons() {
		if !b.Disabled && strings.Contains(b.CustomID, ":m") && !strings.HasSuffix(b.CustomID, ":mundo") && !strings.Contains(b.CustomID, "resign") {
			r := h.click(m.ID, user, b.CustomID)
			require.False(h.t, r.Ephemeral, r.Text())
			return r.Message
		}
	}
	return h.moveOnce(user, m)
}

func TestEverySolitairePlaysByButtons(t *testing.T) {
	for _, game := range []string{"doublets", "doubleagent"} {
		t.Run(game, func(t *testing.T) {
			h := newHarness(t)
			r := h.command(alice, "play", map[string]any{"game": game})
			require.False(t, r.Ephemeral, r.Text())
			m := r.Message
			id := tableOf(t, m)
			picture(t, m)
			for i := 0; i < 4; i++ {
				m = h.anyMove(alice, m)
				picture(t, m)
			}
			assert.Len(t, h.storedMoves(id), 4)
			hint := h.click(m.ID, alice, button(t, m, "Hint").CustomID)
			require.False(t, hint.Ephemeral, hint.Text())
			assert.Contains(t, hint.Text(), "💡")
			picture(t, hint.Message)
			m = hint.Message
			if b, ok := m.ButtonByLabel("Undo"); ok && !b.Disabled {
				m = h.click(m.ID, alice, b.CustomID).Message
				assert.Len(t, h.storedMoves(id), 5, "an undo is a move in the log")
			}
			h.restart()
			m = h.anyMove(alice, m)
			ask := h.click(m.ID, alice, button(t, m, "Resign").CustomID)
			over := h.click(m.ID, alice, button(t, ask.Message, "Yes").CustomID)
			assert.Contains(t, over.Text(), "Game over")
			board := h.command(alice, "leaderboard", map[string]any{"game": game})
			assert.Contains(t, board.Text(), "<@"+alice+">")
		})
	}
}
