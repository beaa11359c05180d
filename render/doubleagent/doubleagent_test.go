package doubleagent

import (
	"image"
	"strings"
	"testing"

	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDoubleAgentTableaus(t *testing.T) {
	v := mid(t)
	s := layout(t, v, "b4")
	for r, row := range [2][5]game.Tableau{v.Top, v.Bottom} {
		for i, tab := range row {
			name := tableauName(r, i)
			cs := rendertest.PileCards(s, name)
			if tab.Down == 0 && len(tab.Up) == 0 {
				assert.Empty(t, cs, name)
				continue
			}
			require.Len(t, cs, tab.Down+len(tab.Up), name)
			for k, c := range cs {
				assert.Equal(t, colX(i), c.Rect.Min.X, name)
				if k < tab.Down {
					// a back, and nothing of the card under it
					assert.False(t, c.FaceUp, "%s card %d", name, k)
					assert.Equal(t, cards.None, c.Card, "%s card %d", name, k)
				} else {
					assert.True(t, c.FaceUp, "%s card %d", name, k)
					assert.Equal(t, tab.Up[k-tab.Down].Card, c.Card, "%s card %d", name, k)
				}
				if k > 0 {
					assert.Greater(t, c.Rect.Min.Y, cs[k-1].Rect.Min.Y, "%s goes down", name)
					assert.Equal(t, c.Rect.Min.Y, cs[k-1].Visible.Max.Y, "%s strips meet", name)
				}
			}
			if r == 0 {
				assert.Less(t, cs[len(cs)-1].Rect.Max.Y, rendertest.PileCards(s, "b1")[0].Rect.Min.Y-tagH, "%s above the bottom row's tags", name)
			}
		}
	}
	// backs 14 apart, face-up cards 43
	t1 := rendertest.PileCards(s, "t1")
	assert.Equal(t, back, t1[1].Rect.Min.Y-t1[0].Rect.Min.Y)
	assert.Equal(t, render.StackStep, t1[5].Rect.Min.Y-t1[4].Rect.Min.Y)
	// the selected tableau: its top card ringed, its tag gold
	b4 := rendertest.PileCards(s, "b4")
	assert.True(t, b4[len(b4)-1].Selected)
	assert.Len(t, rendertest.SelectedCards(s), 1)
	l, _ := rendertest.FindLabel(s, "b4")
	assert.Equal(t, render.Gold, l.Fill)
	// an empty tableau is an outline; the exposed back of t4 is whole
	var b5 *render.Pile
	for i := range s.Piles {
		if s.Piles[i].Name == "b5" {
			b5 = &s.Piles[i]
		}
	}
	require.NotNil(t, b5)
	t4 := rendertest.PileCards(s, "t4")
	assert.Equal(t, t4[2].Rect, t4[2].Visible)
	assert.False(t, t4[2].FaceUp)
}

func TestDoubleAgentAgents(t *testing.T) {
	s := layout(t, mid(t), "")
	// t2's covered agent stands for 7: a badge under its index, its strip
	// longer; b4's top agent for 9: a badge over its star
	t2 := rendertest.PileCards(s, "t2")
	agent := t2[2+3]
	require.Equal(t, cards.RedJoker, agent.Card)
	assert.Equal(t, render.StackStep+agentDY, agent.Visible.Dy())
	l, ok := rendertest.FindLabel(s, "= 7")
	require.True(t, ok)
	assert.True(t, l.Rect.In(agent.Visible), "badge %v in the agent's strip %v", l.Rect, agent.Visible)
	b4 := rendertest.PileCards(s, "b4")
	top := b4[len(b4)-1]
	require.Equal(t, cards.BlackJoker, top.Card)
	l, ok = rendertest.FindLabel(s, "= 9")
	require.True(t, ok)
	assert.True(t, l.Rect.In(top.Rect))
	// the agent in command has no rank
	c2 := rendertest.PileCards(s, "c2")
	require.Len(t, c2, 1)
	assert.Equal(t, cards.RedJoker, c2[0].Card)
	n := 0
	for _, l := range s.Labels {
		if strings.HasPrefix(l.Text, "= ") {
			n++
		}
	}
	assert.Equal(t, 2, n)
}

func TestDoubleAgentPrison(t *testing.T) {
	s := layout(t, mid(t), "p4")
	want := map[string]image.Point{"c1": {656, 96}, "c2": {778, 96}, "p1": {656, 302}, "p2": {778, 302}, "p3": {656, 508}, "p4": {778, 508}}
	for name, at := range want {
		l, ok := rendertest.FindLabel(s, name)
		require.True(t, ok, name)
		assert.Equal(t, at.X, l.Rect.Min.X, name)
		assert.Equal(t, at.Y-tagGap, l.Rect.Max.Y, name)
	}
	p1, p3 := rendertest.PileCards(s, "p1"), rendertest.PileCards(s, "p3")
	require.Len(t, p1, 1)
	require.Len(t, p3, 1)
	assert.Equal(t, want["p1"], p1[0].Rect.Min)
	home, _ := rendertest.FindLabel(s, "home")
	assert.True(t, home.Rect.In(p1[0].Rect) && home.Fill == render.Gold, "live foundation")
	frozen, _ := rendertest.FindLabel(s, "frozen")
	assert.True(t, frozen.Rect.In(p3[0].Rect), "frozen foundation")
	// a prisoner has no band; empty places are outlines, p4 ringed
	assert.Equal(t, gamestest.Card(t, "KS"), rendertest.PileCards(s, "p2")[0].Card)
	sel := 0
	for _, p := range s.Piles {
		if p.Selected {
			sel++
			assert.Equal(t, "p4", p.Name)
			assert.Equal(t, want["p4"], p.Rect.Min)
		}
	}
	assert.Equal(t, 1, sel)
	assert.Empty(t, rendertest.SelectedCards(s))
}

// TestDoubleAgentHidesFaceDown: the picture never shows a face-down card:
// over a real game's moves, no card face down in the position is drawn face
// up, and the backs drawn are as many as the view counts.
func TestDoubleAgentHidesFaceDown(t *testing.T) {
	for _, moves := range []int{0, 10, 60} {
		g := gameAfter(t, 21, moves)
		st := g.State().(game.State)
		s := layout(t, st.View, "")
		up := map[cards.Card]bool{}
		backs := 0
		for _, c := range s.Cards {
			if c.FaceUp {
				up[c.Card] = true
			} else {
				backs++
				assert.Equal(t, cards.None, c.Card)
			}
		}
		hidden := 0
		for _, fd := range st.FaceDown {
			hidden += len(fd)
			for _, c := range fd {
				assert.False(t, up[c], "face-down %v shown after %d moves", c, moves)
			}
		}
		assert.Equal(t, hidden, backs)
	}
}

// TestDoubleAgentLong: long runs make the picture taller, up to its
// largest, and never leave it.
func TestDoubleAgentLong(t *testing.T) {
	v := long(t)
	s := layout(t, v, "")
	assert.Greater(t, s.H, minH)
	assert.LessOrEqual(t, s.H, maxPictureH)
	canvas := image.Rect(0, 0, s.W, s.H)
	for _, c := range s.Cards {
		assert.True(t, c.Rect.In(canvas), "%v at %v", c.Card, c.Rect)
	}
	// more: 40 face-up cards in b5 squeeze it, still inside
	var up []string
	for i := 0; i < 40; i++ {
		up = append(up, cards.Card{Rank: cards.Rank(13 - i%13), Suit: cards.Suits[i%4]}.Code())
	}
	v.Bottom[4].Up = faces(t, up...)
	s = layout(t, v, "b5")
	assert.Equal(t, maxPictureH, s.H)
	for _, c := range s.Cards {
		assert.True(t, c.Rect.In(image.Rect(0, 0, s.W, s.H)), "%v at %v", c.Card, c.Rect)
	}
	b5 := rendertest.PileCards(s, "b5")
	assert.True(t, b5[len(b5)-1].Selected)
	assert.LessOrEqual(t, b5[len(b5)-1].Rect.Max.Y, s.H-margin)
	// the top row keeps room for its longest tableau
	t4 := rendertest.PileCards(s, "t4")
	assert.GreaterOrEqual(t, t4[6].Visible.Dy(), render.MinStackStep)
}

func TestDoubleAgentBadInput(t *testing.T) {
	rendertest.AssertSelections(t, Layout, mid(t),
		[]string{"", "t1", "B5", " p3 ", "c2"},
		[]string{"t0", "t6", "b6", "p5", "c3", "a1", "t", "x"})
	bad := []func(v *game.View){
		func(v *game.View) { v.Top[0].Down = -1 },
		func(v *game.View) { v.Top[1].Up[0].Card = cards.None },
		func(v *game.View) { v.Prison[0].Card = cards.Card{Rank: 20} },
		func(v *game.View) { v.Command[0] = cards.Card{Rank: 2, Suit: 7} },
	}
	rendertest.AssertBadViewsRefused(t, func() game.View { return mid(t) }, bad, Layout, Table)
}

func TestDoubleAgentText(t *testing.T) {
	want := `Double Agent · deal 777 · move 64 · 5 undos · score 10/54
c1 --   c2 RJ
p1 5♥ home   p2 K♠   p3 4♣ home, frozen   p4 --
t1  ## ## ## | 5♠ 6♥ 7♣ 8♦
t2  ## ## | 4♦ 5♣ 6♥ RJ=7 8♥ 9♠
t3  ## ## ## ## | Q♣
t4  ## ## ## | (up t4 turns it over)
t5  2♣ 3♥ 4♠ 5♦ 6♣ 7♥ 8♠ 9♥ 10♠ J♥ Q♠
b1  ## ## ## ## | K♦ Q♠ J♦
b2  ## | 9♣
b3  10♦ 9♠ 8♦ 7♠ 6♦
b4  ## ## | J♣ 10♥ BJ=9
b5  --
`
	assert.Equal(t, want, Text(mid(t), false))
	col := Text(mid(t), true)
	assert.Contains(t, col, "\x1b[31mRJ\x1b[0m=7")
	assert.Equal(t, Text(mid(t), false), strings.NewReplacer(render.ANSIRed, "", render.ANSIReset, "").Replace(col))
	assert.Contains(t, Text(wonView(), false), "· WON in 230 moves\n")
}
