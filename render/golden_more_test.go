package render

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
)

// TestGoldenMore compares the Doublets, Double Agent and Secret Agent
// pictures with testdata/, as TestGolden does; re-bless with
//
//	go test ./render -run TestGoldenMore -update
func TestGoldenMore(t *testing.T) {
	r := renderer(t)
	for name, draw := range map[string]func(t *testing.T) ([]byte, error){
		"dbl-mid": func(t *testing.T) ([]byte, error) { return r.Doublets(dblMid(t), "w") },
		"da-mid":  func(t *testing.T) ([]byte, error) { return r.DoubleAgent(daMid(t), "b4") },
		"sa-table": func(t *testing.T) ([]byte, error) {
			return r.SecretAgentTable(saView(t, 11, saMidTrick, games.Spectator), saTestNames)
		},
		"sa-hand": func(t *testing.T) ([]byte, error) {
			g := saGame(t, 11, saMidTrick)
			seat := g.ToAct()[0]
			return r.SecretAgentHand(g.View(seat).(secretagent.View), saTestNames, saLegal(g, seat))
		},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := draw(t)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", name+".png")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantPNG, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./render -run TestGoldenMore -update writes it)", err)
			}
			want, gotM := decode(t, wantPNG), decode(t, got)
			if want.Bounds() != gotM.Bounds() {
				os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
				t.Fatalf("picture is %v, golden %v", gotM.Bounds(), want.Bounds())
			}
			if n, mask := diff(want, gotM); n > goldenMaxDiff {
				os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
				save(t, filepath.Join("testdata", name+".diff.png"), mask)
				t.Fatalf("%d pixels differ from testdata/%s.png (at most %d may): see %s.actual.png and %s.diff.png",
					n, name, goldenMaxDiff, name, name)
			}
		})
	}
}
