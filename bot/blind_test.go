package bot_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	dfc "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
	rdfc "github.com/dealer/dealer/render/doublefreecell"
)

// Players who cannot see the pictures play by their descriptions (alt
// text) and the buttons' labels, as a screen reader gives them. These
// tests play whole games that way: the player reads nothing but the
// descriptions and the labels, and clicks.

// description is the alt text of a message's picture.
func description(t *testing.T, m discordtest.Message) string {
	t.Helper()
	require.Len(t, m.Attachments, 1, "one picture")
	d := m.Attachments[0].Description
	require.NotEmpty(t, d, "the picture has a description")
	require.LessOrEqual(t, len(d), render.AltTextLimit)
	return d
}

// byLabel finds an enabled button whose label is place, or starts with
// "place ·" (a place and the card on it); "Trump *" is any label that
// starts with "Trump ".
func byLabel(t *testing.T, m discordtest.Message, place string) discordtest.Button {
	t.Helper()
	for _, b := range m.Buttons() {
		prefix, any := strings.CutSuffix(place, " *")
		if !b.Disabled && (b.Label == place || strings.HasPrefix(b.Label, place+" ·") || any && strings.HasPrefix(b.Label, prefix+" ")) {
			return b
		}
	}
	t.Fatalf("no enabled button for %q among %q", place, m.Enabled())
	return discordtest.Button{}
}

// TestBlindDoubleFreeCell: a whole Double FreeCell game followed by its
// descriptions: the player has a plan for the deal the description names (as
// a player might have a strategy), checks after every move that the
// description says what the plan expects, and makes each move with the
// labelled buttons.
func TestBlindDoubleFreeCell(t *testing.T) {
	h := newHarness(t)
	h.deal = 5
	m := h.play(alice)
	require.Contains(t, description(t, m), "Double FreeCell · deal 5 ")

	local := dfc.New(5)
	plan := dfc.Solve(local.Clone(), dfc.Budget{States: 400000})
	require.Equal(t, dfc.Solved, plan.Status, "deal 5 is solved")
	moves := plan.Moves
	for step := 0; local.Status() == games.Playing; step++ {
		require.Less(t, step, 1000, "the game ends")
		if len(moves) == 0 {
			plan = dfc.Solve(local.Clone(), dfc.Budget{States: 400000})
			require.Equal(t, dfc.Solved, plan.Status)
			moves = plan.Moves
		}
		next := moves[0].String()
		f := strings.Fields(next)
		if f[1] == "h" { // the rules call h the foundation, and so does its button
			f[1] = "Foundation"
		}
		// The description lists the table as the terminal does, and the
		// move's source among the moves.
		require.True(t, strings.HasPrefix(description(t, m), render.AltText(rdfc.Text(local.View(0).(dfc.View), false))),
			"step %d: the description is the table", step)
		sel := h.click(m.ID, alice, byLabel(t, m, f[0]).CustomID)
		require.False(t, sel.Ephemeral, sel.Text())
		require.Contains(t, description(t, sel.Message), "Selected: "+f[0]+".")
		moved := h.click(m.ID, alice, byLabel(t, sel.Message, f[1]).CustomID)
		require.False(t, moved.Ephemeral, moved.Text())
		m = moved.Message
		// The board plays the longest run a click allows: if that is not
		// the plan's move, the player reads the new table and plans again.
		after := render.AltText(rdfc.Text(afterMove(t, local, next).View(0).(dfc.View), false))
		if strings.HasPrefix(description(t, m), after) {
			require.NoError(t, games.Play(local, 0, next))
			moves = moves[1:]
			continue
		}
		var found bool
		for _, lm := range local.Legal(0) {
			lf := strings.Fields(lm.String())
			if len(lf) < 2 || lf[0] != f[0] || lf[1] != strings.Fields(next)[1] {
				continue
			}
			if g := afterMove(t, local, lm.String()); strings.HasPrefix(description(t, m), render.AltText(rdfc.Text(g.View(0).(dfc.View), false))) {
				require.NoError(t, games.Play(local, 0, lm.String()))
				found, moves = true, nil
				break
			}
		}
		require.True(t, found, "step %d: the description shows a move from %s to %s", step, f[0], f[1])
	}
	require.Equal(t, games.Won, local.Status())
	require.Contains(t, description(t, m), "WON")
	require.Contains(t, m.Text(), "Won")
}

// afterMove is g after move, g unchanged.
func afterMove(t *testing.T, g *dfc.Game, move string) *dfc.Game {
	t.Helper()
	c := g.Clone()
	require.NoError(t, games.Play(c, 0, move))
	return c
}

// TestBlindSecretAgent: a whole Secret Agent game played from the hand's
// description: the player reads the moves it lists, takes the first, and
// presses the button whose label says it (a card as the rules write it, or
// the trump choices).
func TestBlindSecretAgent(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	description(t, table.Message)
	plays := 0
	for step := 0; ; step++ {
		require.Less(t, step, 2000, "the game ends")
		now, _ := h.fake.Message(lobby.ID)
		if len(now.Attachments) == 0 {
			t.Fatalf("step %d: the table has no picture: %q", step, now.Text())
		}
		description(t, now)
		if strings.Contains(now.Text(), "Game over") {
			break
		}
		in, err := h.fake.Click(lobby.ID, alice, button(t, now, "My hand").CustomID)
		if err != nil { // the game ended since now was read
			continue
		}
		r, err := in.WaitFinal(wait)
		require.NoError(t, err)
		hand := r.LastMessage()
		if strings.Contains(hand.Text(), "game is over") { // it ended since now was read
			h.waitSays(lobby.ID, "Game over", "the table says the game is over")
			continue
		}
		if len(hand.Attachments) == 0 {
			t.Fatalf("step %d: My hand answered without a picture: %q", step, hand.Text())
		}
		d := description(t, hand)
		move, ok := firstListedMove(d)
		if !ok { // not this player's turn: wait for the table to move on
			h.fake.WaitUntil(wait, func() bool { m, _ := h.fake.Message(lobby.ID); return m.Edits() > now.Edits() })
			continue
		}
		played := h.click(hand.ID, alice, byLabel(t, hand, saLabel(t, move)).CustomID)
		require.NotContains(t, played.LastMessage().Text(), "can't", move)
		plays++
	}
	require.Greater(t, plays, 13, "the player played every deal")
}

// firstListedMove is the first move a description lists ("Moves: play
// QH/2C, forbid d." gives "play QH"); false when it lists none.
func firstListedMove(d string) (string, bool) {
	_, list, ok := strings.Cut(d, "Moves: ")
	if !ok {
		return "", false
	}
	first, _, _ := strings.Cut(strings.TrimSuffix(strings.SplitN(list, "\n", 2)[0], "."), ",")
	var words []string
	for _, w := range strings.Fields(first) {
		w, _, _ = strings.Cut(w, "/")
		words = append(words, w)
	}
	return strings.Join(words, " "), len(words) > 0
}

// saLabel is the label of the button that makes a Secret Agent move, as
// the rules' notation gives it: "play QH" is the card Q♥, "forbid d" is
// Forbid ♦, "trump" and "notrump" are Trump and No trump.
func saLabel(t *testing.T, move string) string {
	t.Helper()
	verb, arg, _ := strings.Cut(move, " ")
	switch verb {
	case "play":
		c, err := cards.Parse(arg)
		require.NoError(t, err, move)
		return c.String()
	case "forbid":
		for _, s := range cards.Suits {
			if strings.EqualFold(s.Letter(), arg) {
				return "Forbid " + s.Symbol()
			}
		}
	case "trump":
		return "Trump *"
	case "notrump":
		return "No trump"
	}
	t.Fatalf("a move the player does not know: %q", move)
	return ""
}
