package doublefreecell

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"testing"

	"github.com/dealer/dealer/render"
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
