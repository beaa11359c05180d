package render

import (
	"path/filepath"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
)

// TestLookMore writes the Doublets, Double Agent and Secret Agent test
// tables like TestLook:
//
//	go test ./render -run TestLookMore -look /tmp/look
func TestLookMore(t *testing.T) {
	if *lookDir == "" {
		t.Skip("no -look folder")
	}
	r := renderer(t)
	for name, sc := range lookMoreScenes(t) {
		m, err := r.Image(sc.Scene)
		if err != nil {
			t.Fatal(err)
		}
		r.dim(m, sc.Dim)
		save(t, filepath.Join(*lookDir, name+".png"), m)
		save(t, filepath.Join(*lookDir, name+"-560.png"), scale(m, 560))
	}
}

func lookMoreScenes(t *testing.T) map[string]Shaded {
	out := map[string]Shaded{}
	add := func(name string, s *Scene, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = Shaded{Scene: s}
	}
	s, err := DoubletsLayout(dblDealt(1), "r2")
	add("dbl-dealt", s, err)
	s, err = DoubletsLayout(dblMid(t), "w")
	add("dbl-mid", s, err)
	s, err = DoubletsLayout(dblEnd(t), "")
	add("dbl-lost", s, err)
	s, err = DoubletsLayout(dblWon(), "")
	add("dbl-won", s, err)
	s, err = DoubleAgentLayout(daDealt(1), "t3")
	add("da-dealt", s, err)
	s, err = DoubleAgentLayout(daMid(t), "b4")
	add("da-mid", s, err)
	s, err = DoubleAgentLayout(daLong(t), "p1")
	add("da-long", s, err)
	s, err = DoubleAgentLayout(daWon(), "")
	add("da-won", s, err)
	s, err = DoubleAgentLayout(daPlayed(t, 3, 40), "")
	add("da-played", s, err)
	for name, moves := range map[string]int{"sa-forbid": 2, "sa-trick": saMidTrick, "sa-scored": saAfterDeal, "sa-over": 1 << 20} {
		s, err = SecretAgentTableLayout(saView(t, 11, moves, games.Spectator), saTestNames)
		add(name, s, err)
	}
	g := saGame(t, 11, saMidTrick)
	seat := g.ToAct()[0]
	h, err := SecretAgentHandLayout(g.View(seat).(secretagent.View), saTestNames, saLegal(g, seat))
	if err != nil {
		t.Fatal(err)
	}
	out["sa-hand"] = h
	h, err = SecretAgentHandLayout(g.View(0).(secretagent.View), saTestNames, nil)
	if err != nil {
		t.Fatal(err)
	}
	out["sa-hand-wait"] = h
	return out
}
