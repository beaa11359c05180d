// Package render turns game views into pictures: PNGs for Discord and text
// for the terminal; and it is where a game's presentation is registered
// (Game, Present, Registry), with its controls as data.
//
// Everything costly is done once, in New: the card faces (both index
// styles), the jokers, the back, the empty-pile outline, the selection ring
// and the glyphs of every text size are drawn with golang.org/x/image (the
// Go fonts, which have ♠♥♦♣, and its vector rasterizer) and converted to a
// fixed 256-colour palette. A table is then laid out as data (a Scene),
// composed by copying those sprites into a paletted image, only the visible
// strip of each overlapped card, and encoded as a paletted PNG by
// render/pngenc, made for such pictures, which does not search again the
// bands of rows a table's last picture had too.
//
// A Renderer is safe for concurrent use. It draws one Deck: New the
// classic one; With gives the renderer of another (four colours, large
// cards), drawn the first time it is asked for, with its own palette
// (palette.go) and kit of faces, sharing the rest. Layouts of
// overlapping cards take the renderer's Steps.
//
// The card kit (faces in two index styles, jokers, back, empty piles, the
// ring, text in four sizes, boxes and pills) serves every game. Each game's
// pictures live in its own package, render/<name>: a layout function from
// its view to a Scene, tested as data, drawn by the kit, and registered with
// its text and controls through Present (present.go).
//
// Look at the pictures after changing them, full size and at phone sizes,
// in every deck (NAME-4c, NAME-large, NAME-4c-large):
//
//	go test ./render/... -run TestLook -look /tmp/look   # *.png, *-560.png, *-390.png
//	go test ./render/... -run TestGolden -update         # re-bless testdata/
package render

import (
	"fmt"
	"image"
	"sync"

	"github.com/dealer/dealer/render/pngenc"
)

// Renderer draws tables. Make one with New and share it; With gives its
// variant for a player's Deck.
type Renderer struct {
	deck   Deck
	steps  Steps
	pal    *palette
	kit    *kit
	glyphs [numSizes]*glyphs

	canvases *sync.Pool      // *pngenc.Canvas, reused between pictures
	enc      *pngenc.Encoder // the encoder, and its work on recent pictures
	family   *family         // the renderers of every style, made as needed
	series   string          // the pictures' series (Series), "" for none
}

// Deck is how a player likes cards drawn: a personal setting, which
// changes the pictures' cards (and the card names written in them) and
// nothing else. The zero Deck is the classic one.
type Deck struct {
	// FourColour draws a four-colour deck: ♠ black, ♥ red, ♦ blue, ♣
	// green, the suit symbols and letters kept, so that colour is never
	// the only cue.
	FourColour bool
	// Large draws the cards' corner indices (and pips) larger, legible on
	// a phone: the cards of a column stand further apart to show them
	// (Steps), and a table may grow taller.
	Large bool
}

// Steps are how far apart overlapping cards must stand for their index
// to show: StackStep, MinStackStep and FanStep for the classic faces,
// more for the large ones. Layouts of overlapping cards take them from
// the renderer that draws them.
type Steps struct {
	Stack, MinStack, Fan int
}

// ClassicSteps are the classic faces' steps.
var ClassicSteps = Steps{Stack: StackStep, MinStack: MinStackStep, Fan: FanStep}

// family holds a renderer's variants, one per deck, each made on first
// use (a few tenths of a second: a palette, a kit of faces). They share
// the glyphs, the canvases and the encoder; the four-colour ones share
// a palette, the classic ones the classic palette.
type family struct {
	styles [4]struct {
		once sync.Once
		r    *Renderer
	}
	fourPal struct {
		once sync.Once
		p    *palette
	}
}

func (s Deck) index() int {
	i := 0
	if s.FourColour {
		i |= 1
	}
	if s.Large {
		i |= 2
	}
	return i
}

// New draws the card kit and the glyphs. It takes a few tenths of a second;
// do it once at start-up. It draws the classic deck; With draws others.
func New() (*Renderer, error) {
	p, err := newPainter()
	if err != nil {
		return nil, err
	}
	r := &Renderer{steps: ClassicSteps, pal: newPalette(false), enc: pngenc.NewEncoder(), canvases: &sync.Pool{}, family: &family{}}
	if r.kit, err = newKit(p, r.pal, &classicFaces, false); err != nil {
		return nil, err
	}
	if r.glyphs, err = loadGlyphs(); err != nil {
		return nil, err
	}
	r.family.styles[0].once.Do(func() { r.family.styles[0].r = r })
	return r, nil
}

// DefaultCacheLimit is the picture cache's default limit, in bytes.
const DefaultCacheLimit = pngenc.DefaultCacheLimit

// SetCacheLimit bounds the memory the picture cache may hold, in bytes
// (DefaultCacheLimit unless set): the work kept from recent pictures,
// which a table's next picture reuses. Below it the cache holds about
// what the tables drawn in the last ten minutes need. Less memory costs
// more CPU when many tables are in play. r's variants (With, Series)
// share r's cache.
func (r *Renderer) SetCacheLimit(bytes int) { r.enc.SetCacheLimit(bytes) }

// CacheBytes is about how many bytes the picture cache holds now: below
// its limit it grows with the tables drawn lately (their series), a few
// MB for a few tables.
func (r *Renderer) CacheBytes() int { return r.enc.CacheBytes() }

// With returns the renderer that draws deck s: r itself for r's own
// deck, else a variant sharing r's glyphs, canvases and encoder,
// made the first time it is asked for and kept. It is safe for
// concurrent use. (Should a variant's kit fail to draw, which the
// embedded fonts never do, the classic renderer stands in.)
func (r *Renderer) With(s Deck) *Renderer {
	if s == r.deck {
		return r
	}
	v := &r.family.styles[s.index()]
	v.once.Do(func() { v.r = r.variant(s) })
	if v.r == nil {
		return r.family.styles[0].r
	}
	return v.r
}

// Deck is the deck r draws.
func (r *Renderer) Deck() Deck { return r.deck }

// Steps are how far apart r's overlapping cards must stand.
func (r *Renderer) Steps() Steps { return r.steps }

// variant draws a renderer of deck s, or nil if it cannot.
func (r *Renderer) variant(s Deck) *Renderer {
	p, err := newPainter()
	if err != nil {
		return nil
	}
	v := &Renderer{deck: s, steps: ClassicSteps, glyphs: r.glyphs, canvases: r.canvases, enc: r.enc, family: r.family}
	v.pal = r.family.styles[0].r.pal
	if s.FourColour {
		fp := &r.family.fourPal
		fp.once.Do(func() { fp.p = newPalette(true) })
		v.pal = fp.p
	}
	design := &classicFaces
	if s.Large {
		design, v.steps = &largeFaces, Steps{Stack: largeStackStep, MinStack: largeMinStackStep, Fan: largeFanStep}
	}
	if v.kit, err = newKit(p, v.pal, design, s.FourColour); err != nil {
		return nil
	}
	return v
}

// maxSide bounds a picture's width and height.
const maxSide = 4096

func checkSize(s *Scene) error {
	if s.W <= 0 || s.H <= 0 || s.W > maxSide || s.H > maxSide {
		return fmt.Errorf("render: a %d×%d picture is out of bounds", s.W, s.H)
	}
	return nil
}

// Image draws a scene. The image belongs to the caller.
func (r *Renderer) Image(s *Scene) (*image.Paletted, error) {
	if err := checkSize(s); err != nil {
		return nil, err
	}
	dst := image.NewPaletted(image.Rect(0, 0, s.W, s.H), r.pal.colors)
	r.drawOn(dst, s)
	return dst, nil
}

// PNG draws a scene and encodes it.
func (r *Renderer) PNG(s *Scene) ([]byte, error) {
	return r.png(s, nil)
}

// canvas returns a w × h canvas with undefined pixels, to put back in
// r.canvases when encoded.
func (r *Renderer) canvas(w, h int) *pngenc.Canvas {
	c, _ := r.canvases.Get().(*pngenc.Canvas)
	if c == nil {
		c = new(pngenc.Canvas)
	}
	c.Reset(w, h, r.pal.colors) // the pool is shared by every style's renderer
	return c
}
