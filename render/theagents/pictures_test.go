package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/require"
)

// TestGolden compares the made-up table and hand with testdata/, in
// English, German and Spanish, drawn by the registration as the bot draws
// them; re-bless with
//
//	go test ./render/theagents -run TestGolden -update
func TestGolden(t *testing.T) {
	classic, langs := rendertest.Decks[:1], []lang.Lang{lang.German, lang.Spanish}
	p := render.Params{Names: testNames}
	draws := map[string]rendertest.Draw{}
	rendertest.AddTables(draws, Game.Table, "ta-table", func(testing.TB) any { return craftedView() }, p, classic, langs...)
	rendertest.AddTables(draws, Game.Hand, "ta-hand", func(testing.TB) any { return craftedHand() }, p, classic, langs...)
	rendertest.GoldenEach(t, draws)
}

// TestGoldenDecks: The Agents draws no playing cards: its table and hand
// are the same pictures in every deck, compared with the classic golden
// ones (the large deck's exactly; the four-colour deck's palette has a few
// steps fewer in the blends of text on felt, within the goldens'
// tolerance).
func TestGoldenDecks(t *testing.T) {
	classic := rendertest.Renderer(t)
	for _, d := range rendertest.Decks[1:] {
		for name, draw := range map[string]func(r *render.Renderer) ([]byte, error){
			"ta-table": func(r *render.Renderer) ([]byte, error) { return Table(r, craftedView(), testNames, lang.English) },
			"ta-hand":  func(r *render.Renderer) ([]byte, error) { return Hand(r, craftedHand(), testNames, lang.English) },
		} {
			t.Run(name+d.Suffix, func(t *testing.T) {
				got, err := draw(classic.With(d.Deck))
				require.NoError(t, err)
				if !rendertest.Updating() { // TestGolden blesses these goldens
					rendertest.Golden(t, name, got)
				}
				if !d.Deck.FourColour { // the classic palette: the very same pixels
					want, err := draw(classic)
					require.NoError(t, err)
					require.Equal(t, rendertest.Decode(t, want), rendertest.Decode(t, got))
				}
			})
		}
	}
}

// TestLookTheAgents writes The Agents test pictures, full size and phone
// size, to look at; without -look it does nothing:
//
//	go test ./render/theagents -run TestLookTheAgents -look /tmp/look
func TestLookTheAgents(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookScenes(t, rendertest.Renderer(t), lookScenes(t))
}

// lookScenes are the tables and hands to look at (the same in every
// deck: The Agents draws no playing cards), in English and in the other
// languages.
func lookScenes(t *testing.T) map[string]*render.Scene {
	out := map[string]*render.Scene{}
	table := func(name string, v game.View) {
		s, err := TableLayout(v, testNames, lang.English)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s.Scene
	}
	hand := func(name string, v game.View) {
		s, err := HandLayout(v, testNames, lang.English)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s.Scene
	}
	table("ta-crafted", craftedView())
	hand("ta-hand-crafted", craftedHand())
	hand("ta-hand-spy", spyHand())
	table("ta-start5", spectatorView(playedGame(t, 1, 5, 0)))
	p := pending(t)
	table("ta-pending5", spectatorView(p))
	hand("ta-hand-choice", p.View(p.ToAct()[0]).(game.View))
	m := fiveMid(t)
	table("ta-mid5", spectatorView(m))
	hand("ta-hand", m.View(m.ToAct()[0]).(game.View))
	table("ta-full2", spectatorView(twoFull(t)))
	o := overGame(t)
	table("ta-over3", spectatorView(o))
	hand("ta-hand-over", o.View(games.Seat(1)).(game.View))
	// the table and the hands in the other languages
	for _, l := range lang.All[1:] {
		s, err := TableLayout(craftedView(), testNames, l)
		if err != nil {
			t.Fatal(err)
		}
		out["ta-crafted-"+string(l)] = s.Scene
		s, err = TableLayout(spectatorView(p), testNames, l)
		if err != nil {
			t.Fatal(err)
		}
		out["ta-pending5-"+string(l)] = s.Scene
		for name, v := range map[string]game.View{"ta-hand-crafted-": craftedHand(), "ta-hand-spy-": spyHand(), "ta-hand-choice-": p.View(p.ToAct()[0]).(game.View)} {
			s, err := HandLayout(v, testNames, l)
			if err != nil {
				t.Fatal(err)
			}
			out[name+string(l)] = s.Scene
		}
	}
	return out
}

// TestLookDecks writes the look pictures in every deck but the classic one:
//
//	go test ./render/theagents -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(render.Steps) map[string]*render.Scene { return lookScenes(t) })
}

// benches are The Agents' channel-table benchmarks: computer players'
// moves at a 5-player table from deal 3 on.
var benches = rendertest.TableBenches[game.View]{
	Deal: 3,
	Game: func(deal uint64) games.Game {
		g, err := game.New(deal, 5)
		if err != nil {
			panic(err) // 5 players is a valid table
		}
		return g
	},
	Table: func(r *render.Renderer, v game.View, _ render.Params) ([]byte, error) {
		return Table(r, v, testNames, lang.English)
	},
	Move:   game.Choose,
	Viewer: games.Spectator,
}

// BenchmarkRenderTheAgentsMoves renders a 5-player table after each move
// of computer players (50 moves a deal from deal 3 on), as a table in
// play shows them.
func BenchmarkRenderTheAgentsMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderTheAgentsDeals renders a new deal's first 5-player table
// each time.
func BenchmarkRenderTheAgentsDeals(b *testing.B) { benches.Deals(b) }

// pictures are a 5-player table under way and a hand.
func pictures(b *testing.B) []rendertest.Picture {
	spec := spectatorView(fiveMid(b))
	own := craftedHand()
	return []rendertest.Picture{
		{Name: "table", Draw: func(r *render.Renderer) ([]byte, error) { return Table(r, spec, testNames, lang.English) }},
		{Name: "hand", Draw: func(r *render.Renderer) ([]byte, error) { return Hand(r, own, testNames, lang.English) }},
	}
}

// BenchmarkRenderTheAgentsDecks renders a 5-player table under way and a
// hand in each deck.
func BenchmarkRenderTheAgentsDecks(b *testing.B) {
	pics := pictures(b)
	for _, d := range rendertest.Decks {
		rendertest.BenchPictures(b, rendertest.Renderer(b).With(d.Deck), "/"+d.Name, pics)
	}
}

// BenchmarkRenderTheAgents renders a 5-player table under way and a hand.
func BenchmarkRenderTheAgents(b *testing.B) {
	rendertest.BenchPictures(b, rendertest.Renderer(b), "", pictures(b))
}
