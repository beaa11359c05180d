package render

import (
	"image"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TextSize is one of the sizes text is drawn at while rendering. Each has
// its glyphs rasterized once at start-up.
type TextSize uint8

// The text sizes, in pixels of the font's em.
const (
	Small  TextSize = iota // captions: 22 px
	Medium                 // labels over piles and columns: 27 px
	Large                  // the header line: 29 px
	Huge                   // labels inside empty piles, banners: 56 px
	numSizes
)

// TextPx is each text size's height in pixels.
var TextPx = [numSizes]float64{Small: 22, Medium: 27, Large: 29, Huge: 56}

// textRunes are the characters the glyph sets hold: printable ASCII, the
// suits, a little punctuation, and the letters of Spanish, Portuguese and
// German. Others are drawn as '?' (see Undrawable).
const textRunes = "♠♥♦♣×·•—–…←→↑↓" +
	"áéíóúýàèìòùâêîôûãõñçäëïöüÿßÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕÑÇÄËÏÖÜ¿¡ºª«»„“”‘’€"

// Undrawable lists the characters of s that pictures cannot draw (they
// come out as '?'), for tests of the words put in pictures.
func Undrawable(s string) []rune {
	var out []rune
	for _, r := range s {
		if (r < 32 || r >= 127) && !strings.ContainsRune(textRunes, r) {
			out = append(out, r)
		}
	}
	return out
}

// The glyphs of every size, rasterized once for the whole process: layouts
// measure text with them, renderers draw it.
var textGlyphs struct {
	once sync.Once
	sets [numSizes]*glyphs
	err  error
}

func loadGlyphs() ([numSizes]*glyphs, error) {
	textGlyphs.once.Do(func() {
		p, err := newPainter()
		if err != nil {
			textGlyphs.err = err
			return
		}
		for s := TextSize(0); s < numSizes; s++ {
			if textGlyphs.sets[s], err = p.glyphs(TextPx[s]); err != nil {
				textGlyphs.err = err
				return
			}
		}
	})
	return textGlyphs.sets, textGlyphs.err
}

// TextWidth is how wide s is drawn at a size, in pixels; layouts use it to
// make text fit.
func TextWidth(s string, size TextSize) int {
	sets, err := loadGlyphs()
	if err != nil || size >= numSizes {
		// cannot happen with the embedded fonts; a generous guess
		return utf8.RuneCountInString(s) * int(TextPx[min(size, numSizes-1)])
	}
	return sets[size].width(s)
}

// glyphs is one text size's rasterized characters.
type glyphs struct {
	ascii  [128]*glyph
	other  map[rune]*glyph
	capTop int // how far capitals rise above the baseline
}

// glyph is one character's coverage mask.
type glyph struct {
	mask   []uint8
	w, h   int
	dx, dy int // the mask's top-left corner from the pen position
	adv    int
}

func (p *painter) glyphs(size float64) (*glyphs, error) {
	f, err := p.face(bold, size, font.HintingFull)
	if err != nil {
		return nil, err
	}
	g := &glyphs{other: map[rune]*glyph{}, capTop: f.Metrics().CapHeight.Round()}
	make1 := func(r rune) *glyph {
		dr, mask, mp, adv, ok := f.Glyph(fixed.Point26_6{}, r)
		if !ok {
			return nil
		}
		gl := &glyph{w: dr.Dx(), h: dr.Dy(), dx: dr.Min.X, dy: dr.Min.Y, adv: adv.Round()}
		gl.mask = make([]uint8, gl.w*gl.h)
		for y := 0; y < gl.h; y++ {
			for x := 0; x < gl.w; x++ {
				_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
				gl.mask[y*gl.w+x] = uint8(a >> 8)
			}
		}
		return gl
	}
	for r := rune(32); r < 127; r++ {
		g.ascii[r] = make1(r)
	}
	for _, r := range textRunes {
		if gl := make1(r); gl != nil {
			g.other[r] = gl
		}
	}
	return g, nil
}

func (g *glyphs) get(r rune) *glyph {
	if r >= 0 && r < 128 && g.ascii[r] != nil {
		return g.ascii[r]
	}
	if gl, ok := g.other[r]; ok {
		return gl
	}
	return g.ascii['?']
}

// width is how far the pen moves drawing s.
func (g *glyphs) width(s string) int {
	w := 0
	for _, r := range s {
		w += g.get(r).adv
	}
	return w
}

// draw draws s in ink with the pen starting at (x, y) on the baseline.
// Edge pixels take their blends from the palette's mix tables, looked up
// again only where what lies below changes.
func (g *glyphs) draw(dst *image.Paletted, p *palette, s string, ink Colour, x, y int) {
	bg, tab := -1, (*[256]uint8)(nil)
	for _, r := range s {
		gl := g.get(r)
		x0, y0 := x+gl.dx, y+gl.dy
		x += gl.adv
		// the glyph's columns and rows within dst
		gx0, gx1 := max(0, dst.Rect.Min.X-x0), min(gl.w, dst.Rect.Max.X-x0)
		gy0, gy1 := max(0, dst.Rect.Min.Y-y0), min(gl.h, dst.Rect.Max.Y-y0)
		if gx0 >= gx1 {
			continue
		}
		for gy := gy0; gy < gy1; gy++ {
			row := gl.mask[gy*gl.w+gx0 : gy*gl.w+gx1]
			o := dst.PixOffset(x0+gx0, y0+gy)
			pix := dst.Pix[o : o+len(row)]
			for i, a := range row {
				switch a {
				case 0:
				case 0xff:
					pix[i] = uint8(ink)
				default:
					if int(pix[i]) != bg {
						bg = int(pix[i])
						tab = p.mixTable(ink, pix[i])
					}
					pix[i] = tab[a]
				}
			}
		}
	}
}
