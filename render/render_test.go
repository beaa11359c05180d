package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"testing"

	"github.com/dealer/dealer/games/cards"
)

func TestDoubleFreeCellPNG(t *testing.T) {
	r := renderer(t)
	b, err := r.DoubleFreeCell(benchView(), "4")
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
	if c := p.At(1199, 899); c != Felt.Value() {
		t.Errorf("bottom-right corner is %v, want the felt", c)
	}
	s := layout(t, benchView(), "4")
	top := pileCards(s, "4")[9]
	if c := p.At(top.Rect.Min.X+CardW/2, top.Rect.Max.Y-4); c != Paper.Value() {
		t.Errorf("the foot of column 4's top card is %v, want paper", c)
	}
	// the ring lies just outside it
	if c := p.At(top.Rect.Min.X-3, top.Rect.Min.Y+CardH/2); c != Gold.Value() {
		t.Errorf("beside column 4's top card is %v, want the gold ring", c)
	}
	if len(b) > 80<<10 {
		t.Errorf("a full table takes %d bytes, more than 80 KiB", len(b))
	}
}

// Drawing only the visible strip of each covered card gives the same
// picture as drawing every card whole.
func TestStripsMatchWholeCards(t *testing.T) {
	r := renderer(t)
	for name, s := range map[string]*Scene{
		"bench": layout(t, benchView(), "3"),
		"long":  layout(t, longView(t), "3"),
		"mid":   layout(t, midView(t), "a"),
	} {
		whole := *s
		whole.Cards = append([]Placed(nil), s.Cards...)
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
		if n, _ := diff(a, b); n != 0 || !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: %d pixels differ between strips and whole cards", name, n)
		}
	}
}

// One Renderer draws from many goroutines at once, each picture the same as
// drawn alone (run with -race).
func TestConcurrentRendering(t *testing.T) {
	r := renderer(t)
	want := map[string][]byte{}
	for _, sel := range []string{"", "1", "b", "10"} {
		b, err := r.DoubleFreeCell(benchView(), sel)
		if err != nil {
			t.Fatal(err)
		}
		want[sel] = b
	}
	long, err := r.DoubleFreeCell(longView(t), "3")
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
					b, err := r.DoubleFreeCell(longView(t), "3")
					if err != nil || !bytes.Equal(b, long) {
						t.Errorf("goroutine %d: the long table differs (%v)", g, err)
					}
					continue
				}
				sel := []string{"", "1", "b", "10"}[(g+i)%4]
				b, err := r.DoubleFreeCell(benchView(), sel)
				if err != nil || !bytes.Equal(b, want[sel]) {
					t.Errorf("goroutine %d: table with %q selected differs (%v)", g, sel, err)
				}
			}
		}()
	}
	wg.Wait()
}

func TestPalette(t *testing.T) {
	p := newPalette()
	if len(p.colors) != 256 {
		t.Errorf("palette has %d colours, want 256", len(p.colors))
	}
	used := 0
	for _, r := range ramps {
		used += r.steps
	}
	if int(numNamed)+used > 256 {
		t.Errorf("named colours and ramps need %d entries, more than 256", int(numNamed)+used)
	}
	// every named colour maps to itself, so a sprite or fill in that colour
	// stays exact
	for c := Colour(0); c < numNamed; c++ {
		v := c.Value()
		if got := p.index(v.R, v.G, v.B); got != uint8(c) {
			t.Errorf("colour %d maps to entry %d (%v)", c, got, p.colors[got])
		}
		if p.mix(uint8(Felt), c, 0xff) != uint8(c) || p.mix(uint8(c), Black, 0) != uint8(c) {
			t.Errorf("mixing colour %d fully or not at all changes it", c)
		}
	}
	// a blend lands near its true colour
	got := p.rgb[p.mix(uint8(Paper), Red, 128)]
	want := [3]uint8{0xe3, 0x87, 0x91}
	for k := range got {
		if absDiff(got[k], want[k]) > 12 {
			t.Errorf("red over paper at half is %v, want about %v", got, want)
			break
		}
	}
}

func TestKitHasEveryCard(t *testing.T) {
	r := renderer(t)
	for st := CardStyle(0); st < numStyles; st++ {
		seen := map[*sprite]bool{}
		for _, c := range append(cards.NewPack(1, 2), cards.Card{}) {
			f := r.kit.face(c, st)
			if c.IsNone() {
				if f != nil {
					t.Errorf("style %d has a face for no card", st)
				}
				continue
			}
			if f == nil || f.w != CardW || f.h != CardH {
				t.Fatalf("style %d: no %d×%d face for %v", st, CardW, CardH, c)
			}
			if seen[f] {
				t.Errorf("style %d: %v shares a face", st, c)
			}
			seen[f] = true
		}
	}
	if r.kit.face(cards.Card{Rank: 3, Suit: 7}, Stacked) != nil || r.kit.face(cards.Card{Rank: 16}, Stacked) != nil {
		t.Error("a face for a card that does not exist")
	}
	if r.kit.ring.w != CardW+2*RingPad || r.kit.back.w != CardW || r.kit.pile.h != CardH {
		t.Error("ring, back or pile has the wrong size")
	}
}

func TestPNGRejectsBadSizes(t *testing.T) {
	r := renderer(t)
	for _, s := range []Scene{{W: 0, H: 10}, {W: 10, H: -1}, {W: 5000, H: 10}} {
		if _, err := r.PNG(&s); err == nil {
			t.Errorf("a %d×%d picture was encoded", s.W, s.H)
		}
		if _, err := r.Image(&s); err == nil {
			t.Errorf("a %d×%d picture was drawn", s.W, s.H)
		}
	}
}

func TestShown(t *testing.T) {
	card := image.Rect(100, 200, 100+CardW, 200+CardH)
	for _, c := range []struct {
		visible, want image.Rectangle
	}{
		{image.Rectangle{}, image.Rect(0, 0, CardW, CardH)},                            // on top: all of it
		{card, image.Rect(0, 0, CardW, CardH)},                                         // the same
		{image.Rect(100, 200, 100+CardW, 243), image.Rect(0, 0, CardW, 43+cardRadius)}, // a column's strip
		{image.Rect(100, 200, 141, 200+CardH), image.Rect(0, 0, 41+cardRadius, CardH)}, // a fan's strip
		{image.Rect(100, 200, 100+CardW, 200+CardH-3), image.Rect(0, 0, CardW, CardH)}, // nearly all
		{image.Rect(500, 500, 600, 600), image.Rectangle{}},                            // elsewhere: nothing
	} {
		if got := shown(card, c.visible); got != c.want {
			t.Errorf("shown(%v) = %v, want %v", c.visible, got, c.want)
		}
	}
}
