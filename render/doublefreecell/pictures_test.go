package doublefreecell

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

func sel(selected string) render.Params { return render.Params{Selected: selected} }

func TestDoubleFreeCellPNG(t *testing.T) {
	r := rendertest.Renderer(t)
	b, err := Table(r, benchView(), sel("4"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || format != "png" || cfg.Width != 1200 || cfg.Height != 900 {
		t.Fatalf("picture: %v %q %+v", err, format, cfg)
	}
	m, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := m.(*image.Paletted)
	if !ok || len(p.Palette) > 256 {
		t.Fatalf("picture is a %T, not a paletted one", m)
	}
	// it shows what the scene holds: the felt in a corner, a card face
	// where column 4's top card lies
	if c := p.At(1199, 899); c != render.Felt.Value() {
		t.Errorf("bottom-right corner is %v, want the felt", c)
	}
	s := layout(t, benchView(), "4")
	top := rendertest.PileCards(s, "4")[9]
	if c := p.At(top.Rect.Min.X+render.CardW/2, top.Rect.Max.Y-4); c != render.Paper.Value() {
		t.Errorf("the foot of column 4's top card is %v, want paper", c)
	}
	// the ring lies just outside it
	if c := p.At(top.Rect.Min.X-3, top.Rect.Min.Y+render.CardH/2); c != render.Gold.Value() {
		t.Errorf("beside column 4's top card is %v, want the gold ring", c)
	}
	if len(b) > 80<<10 {
		t.Errorf("a full table takes %d bytes, more than 80 KiB", len(b))
	}
}

// TestStripsMatchWholeCards: drawing only the visible strip of each covered
// card gives the same picture as drawing every card whole.
func TestStripsMatchWholeCards(t *testing.T) {
	r := rendertest.Renderer(t)
	for name, s := range map[string]*render.Scene{
		"bench": layout(t, benchView(), "3"),
		"long":  layout(t, longView(t), "3"),
		"mid":   layout(t, midView(t), "a"),
	} {
		whole := *s
		whole.Cards = append([]render.Placed(nil), s.Cards...)
		for i := range whole.Cards {
			whole.Cards[i].Visible = whole.Cards[i].Rect
		}
		a, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := r.Image(&whole)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := rendertest.Diff(a, b); n != 0 || !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: %d pixels differ between strips and whole cards", name, n)
		}
	}
}

// TestConcurrentRendering: one Renderer draws from many goroutines at once,
// each picture the same as drawn alone (run with -race).
func TestConcurrentRendering(t *testing.T) {
	r := rendertest.Renderer(t)
	want := map[string][]byte{}
	for _, s := range []string{"", "1", "b", "10"} {
		b, err := Table(r, benchView(), sel(s))
		if err != nil {
			t.Fatal(err)
		}
		want[s] = b
	}
	long, err := Table(r, longView(t), sel("3"))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 6; i++ {
				// alternate sizes so pooled canvases are reused across them
				if i%3 == 2 {
					b, err := Table(r, longView(t), sel("3"))
					if err != nil || !bytes.Equal(b, long) {
						t.Errorf("goroutine %d: the long table differs (%v)", g, err)
					}
					continue
				}
				s := []string{"", "1", "b", "10"}[(g+i)%4]
				b, err := Table(r, benchView(), sel(s))
				if err != nil || !bytes.Equal(b, want[s]) {
					t.Errorf("goroutine %d: table with %q selected differs (%v)", g, s, err)
				}
			}
		}()
	}
	wg.Wait()
}

// TestGolden compares the Double FreeCell pictures with testdata/: a game
// under way, long columns and eight cells overlapping in every deck; a
// selected cell, a won game and four cells with room to spare in the
// classic one; eight cells with autoplay off and a won game in German and
// Spanish. Re-bless with
//
//	go test ./render/doublefreecell -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	cells := func(n int) func(testing.TB) game.View {
		return func(tb testing.TB) game.View { return cellsView(tb, n) }
	}
	won := func(testing.TB) game.View { return wonView() }
	bench := func(testing.TB) game.View { return benchView() }
	classic, decks, langs := rendertest.Decks[:1], rendertest.Decks[:3], []lang.Lang{lang.German, lang.Spanish}
	rendertest.AddTables(draws, Table, "dfc-mid", midView, sel("8"), decks)
	rendertest.AddTables(draws, Table, "dfc-long", longView, sel("10"), decks)
	rendertest.AddTables(draws, Table, "dfc-cells8", cells(8), sel("g"), decks)
	rendertest.AddTables(draws, Table, "dfc-cell", bench, sel("b"), classic)
	rendertest.AddTables(draws, Table, "dfc-cells4", cells(4), sel("d"), classic)
	rendertest.AddTables(draws, Table, "dfc-won", won, render.Params{}, classic, langs...)
	rendertest.AddTables(draws, Table, "dfc-cells8-off", cellsOff, sel("g"), nil, langs...)
	rendertest.GoldenEach(t, draws)
}

// TestLook writes the Double FreeCell test tables, full size and phone
// size, for people to look at:
//
//	go test ./render/doublefreecell -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	scenes := lookScenes(t, render.ClassicSteps)
	scenes["dfc-bench"] = layout(t, benchView(), "b")
	scenes["dfc-lost"] = layout(t, lostView(t), "")
	scenes["dfc-cells7"] = layout(t, cellsView(t, 7), "c")
	scenes["dfc-cells8-off"] = layout(t, func() game.View { v := cellsView(t, 8); v.Autoplay = false; return v }(), "e")
	rendertest.LookScenes(t, rendertest.Renderer(t), scenes)
}

// lookScenes are the tables to look at in every deck, laid out at steps
// st.
func lookScenes(t *testing.T, st render.Steps) map[string]*render.Scene {
	return map[string]*render.Scene{
		"dfc-dealt":  layoutIn(t, dealtView(1), "3", st, lang.English),
		"dfc-mid":    layoutIn(t, midView(t), "8", st, lang.English),
		"dfc-long":   layoutIn(t, longView(t), "10", st, lang.English),
		"dfc-won":    layoutIn(t, wonView(), "", st, lang.English),
		"dfc-cells8": layoutIn(t, cellsView(t, 8), "g", st, lang.English),
		"dfc-cells4": layoutIn(t, cellsView(t, 4), "d", st, lang.English),
	}
}

// TestLookDecks writes the Double FreeCell look tables in every deck but
// the classic one (dfc-mid-4c.png, dfc-mid-4c-390.png…):
//
//	go test ./render/doublefreecell -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(st render.Steps) map[string]*render.Scene { return lookScenes(t, st) })
}

// TestTableFollowsTheDeck: Table draws in the renderer's deck: the large
// one's columns stand further apart, and the picture grows for them.
func TestTableFollowsTheDeck(t *testing.T) {
	base := rendertest.Renderer(t)
	classic, err := Table(base, midView(t), sel("8"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rendertest.Decks[1:] {
		got, err := Table(base.With(d.Deck), midView(t), sel("8"))
		if err != nil {
			t.Fatal(err)
		}
		n, _ := rendertest.Diff(rendertest.Decode(t, classic), rendertest.Decode(t, got))
		if rendertest.Decode(t, got).Bounds() == rendertest.Decode(t, classic).Bounds() && n < 1000 {
			t.Errorf("%s: the table differs from the classic one in %d pixels only", d.Name, n)
		}
	}
	large, err := LayoutAt(midView(t), "8", base.With(render.Deck{Large: true}).Steps())
	if err != nil {
		t.Fatal(err)
	}
	col := rendertest.PileCards(large, "8")
	if step := col[1].Rect.Min.Y - col[0].Rect.Min.Y; step != base.With(render.Deck{Large: true}).Steps().Stack {
		t.Errorf("the large deck's column step is %d", step)
	}
}

// benches are Double FreeCell's picture benchmarks, from deal 7 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  7,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoubleFreeCell renders a full 104-card table (100 cards in
// the columns, four in cells, a cell selected) to PNG bytes, reporting the
// CPU time per picture (cpu-ns/op) and its size. It is the same table each
// time, as a table redrawn unchanged: from the second time on, the
// renderer reuses its compression (see …Moves and …Deals for tables that
// change).
func BenchmarkRenderDoubleFreeCell(b *testing.B) { benches.Same(b, benchView(), sel("b")) }

// BenchmarkRenderDoubleFreeCellMoves renders a game's tables one move
// after another (50 random moves a deal from deal 7 on), as a table in
// play shows them.
func BenchmarkRenderDoubleFreeCellMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubleFreeCellDeals renders a new deal's first table each
// time: little of it was seen before.
func BenchmarkRenderDoubleFreeCellDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubleFreeCellParts splits the picture's cost: laying the
// table out, drawing it (into a new image each time), drawing and encoding
// it (encoding is the difference).
func BenchmarkRenderDoubleFreeCellParts(b *testing.B) {
	r, v := rendertest.Renderer(b), benchView()
	s, err := Layout(v, "b")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("layout", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := Layout(v, "b"); return err })
	})
	b.Run("draw", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.Image(s); return err })
	})
	b.Run("png", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.PNG(s); return err })
	})
}

// BenchmarkRenderDoubleFreeCellDecks renders the benchmark table, and a
// game's tables one move after another, in each deck (…/classic is
// BenchmarkRenderDoubleFreeCell and …Moves again).
func BenchmarkRenderDoubleFreeCellDecks(b *testing.B) { benches.Decks(b, benchView(), sel("b")) }
