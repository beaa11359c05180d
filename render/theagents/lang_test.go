package theagents

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestWordsDrawable: every language has every key; every key the code asks
// for, and every refusal of the engine, is in the catalog. Every text of
// every language can be drawn (the catalog holds no emoji), and the menu's
// words fit Discord's select options.
func TestWordsDrawable(t *testing.T) { rendertest.Drawable(t, words) }

// TestCardWords: every command and condition of the card set has its words:
// none falls back to English.
func TestCardWords(t *testing.T) {
	set := game.Set()
	for _, l := range []lang.Lang{lang.Spanish, lang.Portuguese, lang.German} {
		for _, a := range set.Agents {
			assert.NotEqual(t, commandShort(a.Command, lang.English), commandShort(a.Command, l), "%s: %s", l, a.Key)
			assert.NotEqual(t, commandLower(a.Command, lang.English), commandLower(a.Command, l), "%s: %s", l, a.Key)
		}
		for _, m := range set.Missions {
			assert.NotEqual(t, conditionShort(m.Condition, lang.English), conditionShort(m.Condition, l), "%s: %s", l, m.Key)
		}
	}
	// and English says each command as the card does
	for _, a := range set.Agents {
		assert.Equal(t, a.Command.Text(), string(commandLower(a.Command, lang.English)[0]-'a'+'A')+commandLower(a.Command, lang.English)[1:]+".", a.Key)
	}
}

// TestInLanguage: the menu, the private facts, the description and the
// engine's refusals come out in the language asked; English stays as it
// was.
func TestInLanguage(t *testing.T) {
	for _, tc := range []struct {
		l                       lang.Lang
		play, facing, slot      string
		private, describe, mine string
		refuse, buy             string
	}{
		{lang.English, "Play an agent", "command facing Ann", "faction A, slot 2", "Round 3. You have 12 IP, 6 agents and 2 missions.",
			"round 3", "your agents:", "the game is over", "an agent costs 1 IP and you have 0"},
		{lang.Spanish, "Jugar un agente", "orden hacia Ann", "facción A, hueco 2", "Ronda 3. Tienes 12 IP, 6 agentes y 2 misiones.",
			"ronda 3", "tus agentes:", "la partida ha terminado", "un agente cuesta 1 IP y tienes 0"},
		{lang.Portuguese, "Jogar um agente", "comando para Ann", "facção A, posição 2", "Rodada 3. Você tem 12 IP, 6 agentes e 2 missões.",
			"rodada 3", "seus agentes:", "o jogo terminou", "um agente custa 1 IP e você tem 0"},
		{lang.German, "Agent spielen", "Befehl zu Ann", "Fraktion A, Platz 2", "Runde 3. Du hast 12 IP, 6 Agenten und 2 Missionen.",
			"Runde 3", "deine Agenten:", "das Spiel ist vorbei", "ein Agent kostet 1 IP und du hast 0"},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			v := craftedHand()
			p := render.Params{Names: testNames, Legal: []string{"end"}, Lang: tc.l}
			c := Game.Controls(v, p)
			require.NotNil(t, c.Menu)
			assert.Equal(t, tc.play, c.Menu.Word(nil, "play"))
			assert.Equal(t, tc.facing, c.Menu.Word([]string{"play", "mole", "A2", "cmd"}, "0"))
			assert.Equal(t, tc.slot, c.Menu.Word([]string{"play", "mole"}, "A2"))
			assert.Equal(t, tc.private, Game.Private(v, p))
			d := Game.Describe(v, p)
			assert.Contains(t, d, tc.describe)
			assert.Contains(t, d, tc.mine)

			o := overGame(t)
			err := o.Apply(0, game.End)
			require.Error(t, err)
			assert.Equal(t, tc.refuse, Game.Refusal(tc.l, err))
		})
	}
	// every menu word of a game's legal moves fits a select option
	g := fiveMid(t)
	seat := g.ToAct()[0]
	var legal []string
	for _, m := range g.Legal(seat) {
		legal = append(legal, m.String())
	}
	for _, l := range lang.All {
		c := Game.Controls(g.View(seat).(game.View), render.Params{Names: testNames, Legal: legal, Lang: l})
		for _, m := range legal {
			var prefix []string
			for _, w := range splitWords(m) {
				assert.LessOrEqual(t, len([]rune(c.Menu.Word(prefix, w))), 100, "%s: %s", l, m)
				prefix = append(prefix, w)
			}
		}
	}
	// a refusal with arguments, kept as the rules write them
	_, err := game.Parse("play nobody A0 cmd 1")
	require.Error(t, err)
	assert.Equal(t, `there is no agent called "nobody"`, err.Error())
	assert.Equal(t, `es gibt keinen Agenten namens "nobody"`, Game.Refusal(lang.German, err))
}

func splitWords(m string) []string {
	var out []string
	w := ""
	for _, r := range m + " " {
		if r == ' ' {
			if w != "" {
				out = append(out, w)
			}
			w = ""
			continue
		}
		w += string(r)
	}
	return out
}

// TestTextStaysEnglish: the terminal's text is English whatever the
// language of the pictures.
func TestTextStaysEnglish(t *testing.T) {
	v := craftedHand()
	assert.Equal(t, render.CutText(Describe(v, render.Params{Names: testNames}), render.AltTextLimit), Game.Describe(v, render.Params{Names: testNames, Lang: lang.English}))
	d := Game.Describe(v, render.Params{Names: testNames, Lang: lang.German})
	assert.NotContains(t, d, "your agents")
	assert.NotContains(t, d, "income")
	assert.Contains(t, Text(v, testNames, false), "income")
}

// TestPrivacyEveryLanguage: in every language, the table is the same
// whatever view it is drawn from, and the spectator's description tells no
// hand.
func TestPrivacyEveryLanguage(t *testing.T) {
	r := rendertest.Renderer(t)
	for _, l := range lang.All {
		p := render.Params{Names: testNames, Lang: l}
		for name, g := range map[string]*game.Game{"pending": pending(t), "mid": fiveMid(t)} {
			spec := spectatorView(g)
			want, err := Game.Table(r, spec, p)
			require.NoError(t, err)
			d := Game.Describe(spec, p)
			assert.NotContains(t, d, words.T(l, "your agents:"), "%s: %s", l, name)
			assert.NotContains(t, d, words.T(l, "your missions:"), "%s: %s", l, name)
			for seat := range g.Seats() {
				v := g.View(games.Seat(seat)).(game.View)
				got, err := Game.Table(r, v, p)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(want, got), "%s: %s: seat %d's view draws another table", l, name, seat)
			}
		}
		// a spy's look at a hand is not written on the table
		s, err := TableLayout(spyHand(), testNames, l)
		require.NoError(t, err)
		for _, lb := range s.Labels {
			assert.NotContains(t, lb.Text, "Field Medic")
		}
	}
}
