package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLookMore writes the Secret Agent test tables and hands, full size and
// phone size, for people to look at; without -look it does nothing:
//
//	go test ./render/secretagent -run TestLookMore -look /tmp/look
func TestLookMore(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	r := rendertest.Renderer(t)
	for name, sc := range lookScenes(t) {
		b, err := r.ShadedPNG(sc)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, rendertest.Decode(t, b))
	}
}

func lookScenes(t *testing.T) map[string]render.Shaded {
	out := map[string]render.Shaded{}
	for name, moves := range map[string]int{"sa-forbid": 2, "sa-trick": midTrick, "sa-scored": afterDeal, "sa-over": 1 << 20} {
		s, err := TableLayout(view(t, 11, moves, games.Spectator), testNames, lang.English)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = render.Shaded{Scene: s}
	}
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	h, err := HandLayout(g.View(seat).(game.View), testNames, legalCards(g, seat), lang.English)
	if err != nil {
		t.Fatal(err)
	}
	out["sa-hand"] = h
	h, err = HandLayout(g.View(0).(game.View), testNames, nil, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	out["sa-hand-wait"] = h
	// the table and the hand in the other languages
	for _, l := range lang.All[1:] {
		for name, moves := range map[string]int{"sa-forbid": 2, "sa-trick": midTrick, "sa-scored": afterDeal, "sa-over": 1 << 20} {
			s, err := TableLayout(view(t, 11, moves, games.Spectator), testNames, l)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out[name+"-"+string(l)] = render.Shaded{Scene: s}
		}
		h, err := HandLayout(g.View(seat).(game.View), testNames, legalCards(g, seat), l)
		if err != nil {
			t.Fatal(err)
		}
		out["sa-hand-"+string(l)] = h
	}
	return out
}
