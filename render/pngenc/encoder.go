// Package pngenc writes paletted pictures as PNG, quickly when a picture
// repeats much of a recent one, as a card table's next picture repeats
// its last.
//
// A picture is drawn on a Canvas, whose rows lie in one buffer, each
// after a byte for its PNG filter type, so that they are compressed where
// they are drawn. Paletted pictures need no row filters (the standard
// library skips them too), so encoding is only zlib, with a compressor
// made for such pictures (deflate.go). It works in bands of 32 rows and
// keeps its work on each band, and each pair of bands' coded bits, in a
// cache (cache.go): a band seen again costs a copy. A picture may also be
// the next of a series (EncodeNext, series.go): told where it differs
// from the series' last, the encoder neither draws nor reads the rows
// clear of that, and searches the changed bands from the last picture's
// work (reuse.go).
//
// An Encoder is safe for concurrent use; make one and share it.
package pngenc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"sync"
)

// Encoder writes pictures as PNG, keeping its work on recent pictures for
// the next ones. Make one with NewEncoder.
type Encoder struct {
	cache  *bandCache
	states sync.Pool // *state, reused from picture to picture
}

// state is what encoding a picture works in: the compressor's tables and
// the PNG being written.
type state struct {
	deflater
	out []byte
}

// DefaultCacheLimit is the default limit of an Encoder's cache, in bytes.
const DefaultCacheLimit = 384 << 20

// NewEncoder returns an Encoder whose cache holds at most
// DefaultCacheLimit bytes.
func NewEncoder() *Encoder { return &Encoder{cache: newBandCache()} }

// SetCacheLimit bounds the memory e's cache may hold, in bytes: the work
// kept from recent pictures, which their next ones reuse. Less memory
// costs more CPU when many pictures take turns.
func (e *Encoder) SetCacheLimit(bytes int) { e.cache.setLimit(bytes) }

// CacheBytes is about how many bytes e's cache holds now. Below its limit
// it grows with the series drawn lately (cache.go): a few MB for a few
// tables.
func (e *Encoder) CacheBytes() int { return e.cache.size() }

// Canvas is a paletted picture laid out for the encoder: its rows lie in
// one buffer, each after a byte for its PNG filter type, which the
// encoder sets. Reuse one for picture after picture.
type Canvas struct {
	// Image is the picture, to draw on. Its Stride is its width + 1.
	Image image.Paletted
	buf   []byte
}

// Reset makes c a w × h picture in palette p, its pixels undefined.
func (c *Canvas) Reset(w, h int, p color.Palette) {
	w, h = max(w, 0), max(h, 0)
	n := h * (w + 1)
	if cap(c.buf) < n {
		c.buf = make([]byte, n)
	}
	c.buf = c.buf[:n]
	c.Image = image.Paletted{Stride: w + 1, Rect: image.Rect(0, 0, w, h), Palette: p}
	if n > 0 {
		c.Image.Pix = c.buf[1:n]
	}
}

// check reports why c cannot be encoded, if it cannot.
func (c *Canvas) check() error {
	if c.Image.Rect.Dx() < 1 || c.Image.Rect.Dy() < 1 || len(c.Image.Palette) == 0 || len(c.Image.Palette) > 256 {
		return errors.New("pngenc: a canvas needs a size and a palette of 1 to 256 colours")
	}
	return nil
}

// rows returns the canvas's rows, each after its filter type byte: none
// (0), as paletted pictures compress best unfiltered.
func (c *Canvas) rows() []byte {
	for o := 0; o < len(c.buf); o += c.Image.Stride {
		c.buf[o] = 0
	}
	return c.buf
}

// Encode returns c's picture as a PNG, reusing the work kept on bands
// that recent pictures had too.
func (e *Encoder) Encode(c *Canvas) ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	png, _ := e.encode(c, nil) // with no prior it cannot fail
	return png, nil
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// encode returns c's picture as a PNG, encoded from p (nil: none). It
// reports false if the cache no longer kept a band p marks the same.
func (e *Encoder) encode(c *Canvas, p *prior) ([]byte, bool) {
	s, _ := e.states.Get().(*state)
	if s == nil {
		s = new(state)
	}
	defer e.states.Put(s)
	w, h := c.Image.Rect.Dx(), c.Image.Rect.Dy()
	out := append(s.out[:0], pngSignature...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: palette
	out = appendChunk(out, "IHDR", ihdr[:])
	out = appendPalette(out, c.Image.Palette)

	// The image data is compressed straight after its chunk's header,
	// whose length is then filled in.
	idat := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	cache := e.cache
	if !cache.fits(w + 1) {
		cache = nil
	}
	out, ok := s.zlib(out, c.rows(), w+1, cache, p)
	s.out = out
	if !ok {
		return nil, false
	}
	binary.BigEndian.PutUint32(out[idat:], uint32(len(out)-idat-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[idat+4:]))
	out = appendChunk(out, "IEND", nil)
	s.out = out
	return bytes.Clone(out), true
}

// appendPalette appends the PLTE chunk of pal, and its tRNS chunk if a
// colour is not opaque.
func appendPalette(out []byte, pal color.Palette) []byte {
	var plte [3 * 256]byte
	var trns [256]byte
	lastAlpha := -1
	for i, c := range pal {
		r, g, b, a := c.RGBA()
		if a != 0 { // PNG palettes hold colours not premultiplied by alpha
			r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
		}
		plte[3*i], plte[3*i+1], plte[3*i+2] = byte(r>>8), byte(g>>8), byte(b>>8)
		trns[i] = byte(a >> 8)
		if a != 0xffff {
			lastAlpha = i
		}
	}
	out = appendChunk(out, "PLTE", plte[:3*len(pal)])
	if lastAlpha >= 0 {
		out = appendChunk(out, "tRNS", trns[:lastAlpha+1])
	}
	return out
}

// appendChunk appends one PNG chunk: length, type, data, CRC of type and
// data.
func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}
