package secretagent

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSecretAgentTableShowsNoHand: the table picture is the same whatever
// view it is given and whatever the hands hold: it shows nothing private.
func TestSecretAgentTableShowsNoHand(t *testing.T) {
	r := rendertest.Renderer(t)
	for _, moves := range []int{0, 3, midTrick, 40, afterDeal} {
		g := playedGame(t, 11, moves)
		spec := g.View(games.Spectator).(game.View)
		want, err := Table(r, spec, testNames, lang.English)
		require.NoError(t, err)
		for seat := games.Seat(0); seat < 4; seat++ {
			v := g.View(seat).(game.View)
			require.NotEmpty(t, v.Hand)
			got, err := Table(r, v, testNames, lang.English)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, got), "seat %d's view draws another table after %d moves", seat, moves)
			// another hand and assignment, the same picture
			v.Hand = []cards.Card{gamestest.Card(t, "AS"), gamestest.Card(t, "KH")}
			a := game.Self
			v.Assignment = &a
			got, err = Table(r, v, testNames, lang.English)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, got), "a changed hand changes the table")
		}
		// and no card still in a hand appears on it (but the last trick of
		// the deal before, with a deck of its own)
		st := g.State().(game.State)
		old := map[cards.Card]bool{}
		if lt := spec.LastTrick; lt != nil && lt.DealNo != spec.DealNo {
			for _, p := range lt.Plays {
				old[p.Card] = true
			}
		}
		s, err := TableLayout(spec, testNames, lang.English)
		require.NoError(t, err)
		for _, h := range st.Hands {
			for _, c := range h {
				for _, p := range s.Cards {
					assert.NotEqual(t, c, p.Card, "held card %v drawn", c)
				}
				for _, l := range s.Labels {
					if !old[c] {
						assert.NotEqual(t, c.String(), l.Text, "held card %v written", c)
					}
				}
			}
		}
	}
}

func TestSecretAgentTableTrick(t *testing.T) {
	g := playedGame(t, 11, midTrick)
	v := g.View(games.Spectator).(game.View)
	require.Len(t, v.Trick.Plays, 2)
	s, err := TableLayout(v, testNames, lang.English)
	require.NoError(t, err)
	trick := rendertest.PileCards(s, "trick")
	require.Len(t, trick, 2)
	winner := game.TrickWinner(v.Trick.Plays, v.Trump)
	for i, p := range v.Trick.Plays {
		assert.Equal(t, p.Card, trick[i].Card)
		assert.Equal(t, trickAt(int(p.Seat)), trick[i].Rect, "card before seat %d", p.Seat)
		assert.Equal(t, p.Seat == winner, trick[i].Selected, "the winning card ringed")
	}
	// the four places of the trick do not overlap, nor the panels
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			assert.False(t, trickAt(a).Overlaps(trickAt(b)))
			assert.False(t, panels[a].Overlaps(panels[b]))
		}
		for b := 0; b < 4; b++ {
			assert.False(t, trickAt(a).Overlaps(panels[b]), "trick %d over panel %d", a, b)
		}
	}
	// the seat to act is gold, the dealer marked, names fitted
	l, ok := rendertest.FindLabel(s, testNames[v.Turn])
	require.True(t, ok)
	assert.Equal(t, render.Gold, l.Fill)
	long := false
	for _, l := range s.Labels {
		if strings.HasPrefix(l.Text, "Bartholomew") {
			long = true
			assert.LessOrEqual(t, render.TextWidth(l.Text, l.Size), panelW)
		}
	}
	assert.True(t, long)
	_, ok = rendertest.FindLabel(s, "dealer")
	assert.True(t, ok)
	// hand sizes as small backs: 3 boxes a back
	backs := 0
	for _, b := range s.Boxes {
		if b.Fill == render.BackBlue {
			backs++
		}
	}
	want := 0
	for _, n := range v.HandSizes {
		want += n
	}
	assert.Equal(t, want, backs)
}

func TestSecretAgentTableScored(t *testing.T) {
	v := view(t, 11, afterDeal, games.Spectator)
	require.Equal(t, 2, v.DealNo)
	last := v.LastDeal()
	require.NotNil(t, last)
	s, err := TableLayout(v, []string{"Ann", "Bob"}, lang.English)
	require.NoError(t, err)
	_, ok := rendertest.FindLabel(s, "deal 1 scored")
	assert.True(t, ok)
	names := seatNames([]string{"Ann", "Bob"}, lang.English)
	assert.Equal(t, "Seat 3", names[2])
	for _, r := range last.Seats {
		agent := names[r.Agent]
		if r.Agent == r.Seat {
			agent = "self"
		}
		_, ok := rendertest.FindLabel(s, r.Assignment.String()+" → "+agent)
		assert.True(t, ok, "seat %d's assignment", r.Seat)
		found := false
		for _, l := range s.Labels {
			if strings.HasSuffix(l.Text, " = "+itoa(r.Score)) && strings.HasPrefix(l.Text, itoa(r.Value)+" × ") {
				found = true
			}
		}
		assert.True(t, found, "seat %d's score", r.Seat)
	}
	// once play starts the assignments are gone again
	v = view(t, 11, afterDeal+4, games.Spectator)
	s, err = TableLayout(v, nil, lang.English)
	require.NoError(t, err)
	for _, l := range s.Labels {
		assert.NotContains(t, l.Text, "→", "an assignment shown in play")
	}
	// the game's end
	v = view(t, 11, 1<<20, games.Spectator)
	s, err = TableLayout(v, testNames, lang.English)
	require.NoError(t, err)
	require.Len(t, v.Winners, 1)
	_, ok = rendertest.FindLabel(s, testNames[v.Winners[0]]+" wins!")
	assert.True(t, ok)
}

func TestSecretAgentHand(t *testing.T) {
	r := rendertest.Renderer(t)
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	v := g.View(seat).(game.View)
	legal := legalCards(g, seat)
	require.NotEmpty(t, legal)
	require.Less(t, len(legal), len(v.Hand))
	h, err := HandLayout(v, testNames, legal, lang.English)
	require.NoError(t, err)
	hand := rendertest.PileCards(h.Scene, "hand")
	require.Len(t, hand, len(v.Hand))
	ok := map[cards.Card]bool{}
	for _, c := range legal {
		ok[c] = true
	}
	dimmed := 0
	for i, c := range hand {
		assert.Equal(t, v.Hand[i], c.Card)
		assert.Equal(t, render.Fanned, c.Style)
		isDim := false
		for _, d := range h.Dim {
			if d == c.Visible {
				isDim = true
			}
		}
		assert.Equal(t, !ok[c.Card], isDim, "%v dimmed", c.Card)
		if isDim {
			dimmed++
		}
		assert.True(t, c.Rect.In(image.Rect(0, 0, h.W, h.H)))
	}
	assert.Equal(t, len(v.Hand)-len(legal), dimmed)
	_, found := rendertest.FindLabel(h.Scene, v.Assignment.String())
	assert.True(t, found, "the assignment")
	assert.Len(t, rendertest.PileCards(h.Scene, "trick"), 2)

	// not the player's turn: nothing dimmed
	h, err = HandLayout(v, testNames, nil, lang.English)
	require.NoError(t, err)
	assert.Empty(t, h.Dim)

	// the picture changes with the hand, and with the dimming
	a, err := Hand(r, v, testNames, legal, lang.English)
	require.NoError(t, err)
	b, err := Hand(r, v, testNames, nil, lang.English)
	require.NoError(t, err)
	assert.False(t, bytes.Equal(a, b), "dimming changes nothing")
	w := v
	w.Hand = append([]cards.Card(nil), v.Hand...)
	w.Hand[0], w.Hand[1] = w.Hand[1], w.Hand[0]
	c, err := Hand(r, w, testNames, nil, lang.English)
	require.NoError(t, err)
	assert.False(t, bytes.Equal(b, c), "another hand, the same picture")
	other := g.View((seat + 1) % 4).(game.View)
	d, err := Hand(r, other, testNames, nil, lang.English)
	require.NoError(t, err)
	assert.False(t, bytes.Equal(b, d), "another seat's hand, the same picture")

	// the spectator has no hand
	_, err = Hand(r, g.View(games.Spectator).(game.View), testNames, nil, lang.English)
	assert.Error(t, err)
	bad := v
	bad.Hand = append([]cards.Card{cards.RedJoker}, v.Hand...)
	_, err = Hand(r, bad, testNames, nil, lang.English)
	assert.Error(t, err)
}

func TestSecretAgentText(t *testing.T) {
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	v := g.View(seat).(game.View)
	got := Text(v, testNames, false)
	lines := strings.Split(got, "\n")
	assert.True(t, strings.HasPrefix(lines[0], "Secret Agent · deal 1 of 4 · trick 4 of 13 · "))
	assert.Contains(t, got, "\n> "+testNames[seat])
	assert.Contains(t, got, "your agent: "+v.Assignment.String())
	for _, c := range v.Hand {
		assert.Contains(t, got, c.String())
	}
	for _, p := range v.Trick.Plays {
		assert.Contains(t, got, testNames[p.Seat]+" "+p.Card.String())
	}
	// the spectator's text has no hand, and no held card
	spec := Text(g.View(games.Spectator).(game.View), testNames, false)
	assert.NotContains(t, spec, "your")
	st := g.State().(game.State)
	for _, h := range st.Hands {
		for _, c := range h {
			assert.NotContains(t, spec, " "+c.String()+"\n")
			assert.NotContains(t, spec, " "+c.String()+" ")
		}
	}
	col := Text(v, testNames, true)
	assert.Equal(t, got, strings.NewReplacer(render.ANSIRed, "", render.ANSIReset, "").Replace(col))
	scored := Text(view(t, 11, afterDeal, games.Spectator), nil, false)
	assert.Contains(t, scored, "deal 1 scored:")
	assert.Contains(t, scored, "Seat 1")
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSecretAgentTextFits80Columns: every line of the text fits 80 columns
// with the terminal's names, for each seat and the spectator, at every
// point of a whole game; at its end the terminal's player, "you", wins in
// the second person.
func TestSecretAgentTextFits80Columns(t *testing.T) {
	names := []string{"you", "Player 12345", "Cipher", "Dagger"}
	g := playedGame(t, 3, 0)
	for step := 0; !g.Status().Finished(); step++ {
		for viewer := games.Spectator; viewer < game.Seats; viewer++ {
			text := Text(g.View(viewer).(game.View), names, false)
			rendertest.RequireLinesFit(t, text, 80, fmt.Sprintf("move %d, seat %d", step, viewer))
		}
		seat := g.ToAct()[0]
		require.NoError(t, g.Apply(seat, game.Choose(g, seat)))
	}
	v := g.View(games.Spectator).(game.View)
	winner := v.Winners[0]
	names[winner] = "you"
	got := Text(v, names, false)
	assert.Contains(t, got, " · you win\n")
	assert.NotContains(t, got, "you wins")
}

func TestSecretAgentTextCountsCards(t *testing.T) {
	v := view(t, 11, midTrick, games.Spectator)
	for _, tc := range []struct {
		n    int
		want string
	}{{13, "13 cards"}, {1, " 1 card "}, {0, " 0 cards"}} {
		v.HandSizes[0] = tc.n
		assert.Contains(t, Text(v, nil, false), tc.want)
	}
}
