package render

import (
	"crypto/sha256"
	"fmt"
	"image"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games/cards"
)

func TestPalette(t *testing.T) {
	for _, four := range []bool{false, true} {
		p := newPalette(four)
		if len(p.colors) != 256 {
			t.Errorf("palette has %d colours, want 256", len(p.colors))
		}
		named, rs := int(numClassic), ramps
		if four {
			named, rs = int(numNamed), fourRamps
		}
		used := 0
		for _, r := range rs {
			used += r.steps
		}
		if named+used > 256 {
			t.Errorf("four-colour %v: named colours and ramps need %d entries, more than 256", four, named+used)
		}
		// every named colour is drawn in an entry of its own value (the
		// classic palette's four-colour ones in their classic colours), so
		// a sprite or fill in that colour stays exact
		for c := Colour(0); c < numNamed; c++ {
			want := c
			if !four && c >= numClassic {
				want = classicOf[c]
			}
			if got := p.ink(c); got != want {
				t.Errorf("four-colour %v: colour %d is drawn in entry %d, want %d", four, c, got, want)
			}
			v := want.Value()
			if got := p.index(v.R, v.G, v.B); got != uint8(want) {
				t.Errorf("four-colour %v: colour %d maps to entry %d (%v)", four, c, got, p.colors[got])
			}
			if p.mix(uint8(Felt), want, 0xff) != uint8(want) || p.mix(uint8(want), Black, 0) != uint8(want) {
				t.Errorf("four-colour %v: mixing colour %d fully or not at all changes it", four, c)
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
		if four {
			got := p.rgb[p.mix(uint8(Paper), p.ink(Diamonds), 128)]
			want := [3]uint8{0x85, 0xa9, 0xe4}
			for k := range got {
				if absDiff(got[k], want[k]) > 20 { // six steps: half way is between two
					t.Errorf("diamonds over paper at half is %v, want about %v", got, want)
					break
				}
			}
		}
	}
	// the classic palette, entries and lookup, is the one it was before
	// the four-colour deck, so classic pictures stay what they were
	classic := newPalette(false)
	h := sha256.New()
	for _, c := range classic.rgb {
		h.Write(c[:])
	}
	h.Write(classic.lut)
	assert.Equal(t, "0f5d5b498ad74df69ada8fd9001e60e748840128569a259127fbe25510e31316", fmt.Sprintf("%x", h.Sum(nil)))
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

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestFitBand: a band's words stay at Band's size while they fit the card,
// and are drawn small when they do not.
func TestFitBand(t *testing.T) {
	card := image.Rect(0, 0, CardW, CardH)
	for _, tc := range []struct {
		text string
		want TextSize
	}{
		{"home", Band(card, "home", Cream, Felt).Size},
		{"abgelegt, gesperrt, abgelegt", Small},
	} {
		assert.Equal(t, tc.want, FitBand(card, tc.text, Cream, Felt).Size, tc.text)
	}
	assert.Greater(t, TextWidth("abgelegt, gesperrt, abgelegt", Medium), CardW, "the long text is too wide for Medium")
}
