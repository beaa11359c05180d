package render

import (
	"path/filepath"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/theagents"
)

// TestLookTheAgents writes The Agents test pictures like TestLook:
//
//	go test ./render -run TestLookTheAgents -look /tmp/look
func TestLookTheAgents(t *testing.T) {
	if *lookDir == "" {
		t.Skip("no -look folder")
	}
	r := renderer(t)
	for name, s := range lookTheAgentsScenes(t) {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(*lookDir, name+".png"), m)
		save(t, filepath.Join(*lookDir, name+"-560.png"), scale(m, 560))
	}
}

func lookTheAgentsScenes(t *testing.T) map[string]*Scene {
	out := map[string]*Scene{}
	table := func(name string, v theagents.View) {
		s, err := TheAgentsTableLayout(v, taTestNames)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s.Scene
	}
	hand := func(name string, v theagents.View) {
		s, err := TheAgentsHandLayout(v, taTestNames)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s.Scene
	}
	table("ta-crafted", taCrafted())
	hand("ta-hand-crafted", taCraftedHand())
	hand("ta-hand-spy", taSpyHand())
	table("ta-start5", taSpec(taGame(t, 1, 5, 0)))
	p := taPending(t)
	table("ta-pending5", taSpec(p))
	hand("ta-hand-choice", p.View(p.ToAct()[0]).(theagents.View))
	m := taFiveMid(t)
	table("ta-mid5", taSpec(m))
	hand("ta-hand", m.View(m.ToAct()[0]).(theagents.View))
	table("ta-full2", taSpec(taTwoFull(t)))
	o := taOverGame(t)
	table("ta-over3", taSpec(o))
	hand("ta-hand-over", o.View(games.Seat(1)).(theagents.View))
	return out
}
