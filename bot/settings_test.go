package bot_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
)

// decoded is a message's one picture, decoded: the bot's pictures are
// paletted.
func decoded(t *testing.T, m discordtest.Message) *image.Paletted {
	t.Helper()
	require.Len(t, m.Attachments, 1, "a message with exactly one picture")
	img, err := png.Decode(bytes.NewReader(m.Attachments[0].Data))
	require.NoError(t, err)
	p, ok := img.(*image.Paletted)
	require.True(t, ok, "a paletted picture")
	return p
}

// fourColoured reports whether a picture was drawn in the four-colour
// deck: its palette has the blue of diamonds and the green of clubs, which
// the classic palette has not.
func fourColoured(p *image.Paletted) bool {
	return hasColour(p.Palette, render.Diamonds.Value()) && hasColour(p.Palette, render.Clubs.Value())
}

func hasColour(pal color.Palette, c color.RGBA) bool {
	for _, e := range pal {
		if color.RGBAModel.Convert(e) == c {
			return true
		}
	}
	return false
}

// inked counts a picture's pixels of exactly colour c.
func inked(p *image.Paletted, c color.RGBA) int {
	n := 0
	for _, i := range p.Pix {
		if color.RGBAModel.Convert(p.Palette[i]) == c {
			n++
		}
	}
	return n
}

// TestSettingsFollowThePlayer: /settings: shown privately, changed by its
// options, kept in the store; a player's solitaire tables and hands follow
// them, a table everyone sees in the channel stays classic, and a restart
// keeps them.
func TestSettingsFollowThePlayer(t *testing.T) {
	h := newHarness(t)

	r := h.command(alice, "settings", nil)
	require.True(t, r.Ephemeral, "settings are private")
	assert.Contains(t, r.Text(), "deck: **classic**")
	assert.Contains(t, r.Text(), "cards: **normal**")

	// Bob's table is classic: no blue diamonds, no green clubs.
	bobs := decoded(t, h.play(bob))
	assert.False(t, fourColoured(bobs))
	assert.Zero(t, inked(bobs, render.Diamonds.Value()))

	r = h.command(alice, "settings", map[string]any{"deck": "four-colour"})
	require.True(t, r.Ephemeral)
	assert.Contains(t, r.Text(), "Saved")
	assert.Contains(t, r.Text(), "deck: **four-colour**")
	assert.Contains(t, r.Text(), "cards: **normal**")

	// Alice's table of the same deal: diamonds in blue, clubs in green.
	alices := h.play(alice)
	pic := decoded(t, alices)
	require.True(t, fourColoured(pic))
	assert.Positive(t, inked(pic, render.Diamonds.Value()), "blue diamonds")
	assert.Positive(t, inked(pic, render.Clubs.Value()), "green clubs")
	assert.Equal(t, bobs.Bounds(), pic.Bounds(), "the same size: only the colours changed")
	// and it stays so as she plays
	moved := h.moveOnce(alice, alices)
	assert.True(t, fourColoured(decoded(t, moved)))

	// Large cards: her table grows taller for the longer steps.
	r = h.command(alice, "settings", map[string]any{"cards": "large"})
	assert.Contains(t, r.Text(), "deck: **four-colour**", "the deck is kept")
	assert.Contains(t, r.Text(), "cards: **large**")
	large := decoded(t, h.moveOnce(alice, moved))
	assert.True(t, fourColoured(large))
	assert.Greater(t, large.Bounds().Dy(), bobs.Bounds().Dy())

	// A Secret Agent table: Alice's hand in her deck, Bob's classic, the
	// channel's table classic.
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	lr := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	lr = h.choose(lobby.ID, alice, menu(t, lr.Message, "Add a computer"), "normal")
	lr = h.choose(lobby.ID, alice, menu(t, lr.Message, "Add a computer"), "normal")
	table := h.click(lobby.ID, alice, button(t, lr.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	assert.False(t, fourColoured(decoded(t, table.Message)), "the channel's table is classic")
	dm, err := h.fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
	require.NoError(t, err)
	assert.True(t, fourColoured(decoded(t, dm)), "Alice's hand follows her settings")
	dm, err = h.fake.WaitDM(bob, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
	require.NoError(t, err)
	assert.False(t, fourColoured(decoded(t, dm)), "Bob's hand is classic")
	hand := h.click(lobby.ID, alice, button(t, table.Message, "My hand").CustomID)
	require.True(t, hand.Ephemeral)
	assert.True(t, fourColoured(decoded(t, hand.Message)), "My hand too")

	// A restart keeps them.
	h.restart()
	r = h.command(alice, "settings", nil)
	assert.NotContains(t, r.Text(), "Saved")
	assert.Contains(t, r.Text(), "deck: **four-colour**")
	assert.Contains(t, r.Text(), "cards: **large**")
	again := h.play(alice)
	assert.True(t, fourColoured(decoded(t, again)))
	hand = h.click(lobby.ID, alice, button(t, table.Message, "My hand").CustomID)
	assert.True(t, fourColoured(decoded(t, hand.Message)))

	// Back to classic.
	r = h.command(alice, "settings", map[string]any{"deck": "classic", "cards": "normal"})
	assert.Contains(t, r.Text(), "deck: **classic**")
	assert.False(t, fourColoured(decoded(t, h.moveOnce(alice, again))))
}
