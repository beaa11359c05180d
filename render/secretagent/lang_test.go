package secretagent

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestWordsDrawable: every language has every key; every key the code asks
// for, and every refusal of the engine, is in the catalog. Every text of
// every language can be drawn: the catalog holds no emoji (those go on
// buttons only), so every key is checked.
func TestWordsDrawable(t *testing.T) { rendertest.Drawable(t, words) }

// TestInLanguage: controls, private facts, descriptions and refusals come
// out in the language asked; English stays as it was.
func TestInLanguage(t *testing.T) {
	for _, tc := range []struct {
		l                lang.Lang
		forbid, trump    string
		private, deal    string
		describe, refuse string
	}{
		{lang.English, "Forbid ♣", "Trump ♥", "Deal 1 of 4. Your agent: **Right** — Ann.", "deal 1 of 4", "Bartholome… to forbid a suit", "it is not your turn"},
		{lang.Spanish, "Prohibir ♣", "Triunfo ♥", "Mano 1 de 4. Tu agente: **Derecha** — Ann.", "mano 1 de 4", "Bartholome… prohíbe un palo", "no es tu turno"},
		{lang.Portuguese, "Proibir ♣", "Trunfo ♥", "Rodada 1 de 4. Seu agente: **Direita** — Ann.", "rodada 1 de 4", "Bartholome… proíbe um naipe", "não é a sua vez"},
		{lang.German, "♣ verbieten", "Trumpf ♥", "Runde 1 von 4. Dein Agent: **Rechts** — Ann.", "Runde 1 von 4", "Bartholome… verbietet eine Farbe", "du bist nicht dran"},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			g := playedGame(t, 11, 2)
			seat := g.ToAct()[0]
			p := render.Params{Names: testNames, Legal: legalMoves(g, seat), Lang: tc.l}
			c := Game.Controls(g.View(seat).(game.View), p)
			last := c.Buttons[len(c.Buttons)-1]
			assert.Equal(t, tc.forbid, last[0].Label)
			for _, row := range c.Buttons {
				for _, b := range row {
					assert.LessOrEqual(t, len([]rune(b.Label)), 80)
				}
			}
			assert.Equal(t, tc.private, Game.Private(g.View(games.Seat(1)).(game.View), p))
			d := Game.Describe(g.View(seat).(game.View), p)
			assert.Contains(t, d, tc.deal)
			assert.Contains(t, d, tc.describe)
			err := g.Apply(seat+1, game.Forbid(0))
			require.Error(t, err)
			assert.Equal(t, tc.refuse, Game.Refusal(tc.l, err))

			g = playedGame(t, 11, 3)
			c = Game.Controls(g.View(g.ToAct()[0]).(game.View), render.Params{Legal: legalMoves(g, g.ToAct()[0]), Lang: tc.l})
			assert.Equal(t, tc.trump, c.Buttons[len(c.Buttons)-1][0].Label)
		})
	}
	// a refusal of the engine's own, with its card kept as written
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	other := g.View((seat + 1) % 4).(game.View).Hand[0]
	err := g.Apply(seat, game.PlayCard(other))
	require.Error(t, err)
	assert.Equal(t, "you do not hold "+other.String(), err.Error())
	assert.Equal(t, "du hast "+other.String()+" nicht", Game.Refusal(lang.German, err))
	_, err = game.Parse("forbid x")
	assert.Equal(t, `"x" ist keine Farbe: forbid c, d, h oder s`, Game.Refusal(lang.German, err))
}

// TestTextStaysEnglish: the terminal's text is English whatever the
// language of the pictures; a description in another language has none of
// English's words.
func TestTextStaysEnglish(t *testing.T) {
	v := view(t, 11, midTrick, games.Spectator)
	assert.Equal(t, render.Describe(Text(v, testNames, false), render.Params{}), Game.Describe(v, render.Params{Names: testNames}))
	d := Game.Describe(v, render.Params{Names: testNames, Lang: lang.German})
	assert.Contains(t, d, "Stich 4 von 13")
	assert.NotContains(t, d, "trick")
	assert.NotContains(t, d, "total")
}

// TestPrivacyEveryLanguage: in every language, the table is the same
// whatever view it is drawn from, and the spectator's description names no
// card in a hand.
func TestPrivacyEveryLanguage(t *testing.T) {
	r := rendertest.Renderer(t)
	for _, l := range lang.All {
		for _, moves := range []int{0, midTrick, afterDeal} {
			g := playedGame(t, 11, moves)
			spec := g.View(games.Spectator).(game.View)
			p := render.Params{Names: testNames, Lang: l}
			want, err := Game.Table(r, spec, p)
			require.NoError(t, err)
			d := Game.Describe(spec, p)
			for seat := games.Seat(0); seat < 4; seat++ {
				v := g.View(seat).(game.View)
				got, err := Game.Table(r, v, p)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(want, got), "%s: seat %d's view draws another table", l, seat)
				// the hand's cards as the text writes them, beyond the
				// trick and the last trick
				public := map[string]bool{}
				for _, t := range []*game.Trick{&spec.Trick, spec.LastTrick} {
					if t != nil {
						for _, p := range t.Plays {
							public[render.TermCard(p.Card, false)] = true
						}
					}
				}
				for _, c := range v.Hand {
					if s := render.TermCard(c, false); !public[s] {
						assert.NotContains(t, strings.Fields(d), s, "%s: %v of seat %d described", l, c, seat)
					}
				}
				assert.NotContains(t, d, words.T(l, "your hand: %s", ""))
			}
		}
	}
}
