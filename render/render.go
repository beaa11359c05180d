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
// strip of each overlapped card, and encoded as a paletted PNG by a
// compressor made for such pictures, which does not search again the
// bands of rows a table's last picture had too (deflate.go).
//
// A Renderer is safe for concurrent use.
//
// The card kit (faces in two index styles, jokers, back, empty piles, the
// ring, text in four sizes, boxes and pills) serves every game. Each game's
// pictures live in its own package, render/<name>: a layout function from
// its view to a Scene, tested as data, drawn by the kit, and registered with
// its text and controls through Present (present.go).
//
// Look at the pictures after changing them, full size and at phone sizes:
//
//	go test ./render/... -run TestLook -look /tmp/look   # *.png, *-560.png, *-390.png
//	go test ./render/... -run TestGolden -update         # re-bless testdata/
package render

import (
	"bytes"
	"fmt"
	"image"

	"sync"
)

// Renderer draws tables. Make one with New and share it.
type Renderer struct {
	pal    *palette
	kit    *kit
	glyphs [numSizes]*glyphs

	canvases sync.Pool  // *image.Paletted, reused between pictures
	bands    *bandCache // the compressor's work on recent pictures
}

// New draws the card kit and the glyphs. It takes a few tenths of a second;
// do it once at start-up.
func New() (*Renderer, error) {
	p, err := newPainter()
	if err != nil {
		return nil, err
	}
	r := &Renderer{pal: newPalette(), bands: newBandCache()}
	if r.kit, err = newKit(p, r.pal); err != nil {
		return nil, err
	}
	if r.glyphs, err = loadGlyphs(); err != nil {
		return nil, err
	}
	return r, nil
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
	return r.draw(s), nil
}

// PNG draws a scene and encodes it.
func (r *Renderer) PNG(s *Scene) ([]byte, error) {
	if err := checkSize(s); err != nil {
		return nil, err
	}
	m := r.draw(s)
	defer r.canvases.Put(m)
	var buf bytes.Buffer
	buf.Grow(96 << 10)
	if err := encodePaletted(&buf, m, r.bands); err != nil {
		return nil, fmt.Errorf("render: encoding the picture: %w", err)
	}
	return buf.Bytes(), nil
}

// canvas returns a w × h paletted image with undefined pixels.
func (r *Renderer) canvas(w, h int) *image.Paletted {
	if m, ok := r.canvases.Get().(*image.Paletted); ok {
		if cap(m.Pix) >= w*h {
			m.Pix = m.Pix[:w*h]
			m.Stride = w
			m.Rect = image.Rect(0, 0, w, h)
			return m
		}
	}
	return image.NewPaletted(image.Rect(0, 0, w, h), r.pal.colors)
}
