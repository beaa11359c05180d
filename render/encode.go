package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"sync"
)

// The PNG encoder for the tables. Pictures are 256-colour paletted images,
// for which PNG needs no row filters (the standard library skips them too),
// so encoding is only zlib, with the compressor in deflate.go, made for
// such pictures. A renderer draws them with a byte of room before each
// row (canvas), so that the rows, each after its filter type, are
// compressed where they lie.

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// encoders reuse compressors and their buffers.
var encoders = sync.Pool{New: func() any { return new(encoder) }}

type encoder struct {
	deflater
	rows, idat []byte
}

// encodePaletted writes m as an 8-bit paletted PNG to buf, reusing the
// work on bands found in cache (which may be nil).
func encodePaletted(buf *bytes.Buffer, m *image.Paletted, cache *bandCache) error {
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	w, h := m.Rect.Dx(), m.Rect.Dy()
	e.rows = e.rows[:0]
	for y := 0; y < h; y++ { // each row: filter type 0, then the pixels
		e.rows = append(e.rows, 0)
		o := m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y+y)
		e.rows = append(e.rows, m.Pix[o:o+w]...)
	}
	encodeRows(buf, m, e.rows, cache, nil)
	return nil
}

// encodeRows writes m as an 8-bit paletted PNG to buf, given its rows,
// each after its filter type byte, as PNG's image data holds them,
// encoded from p (see zlibCompressAfter; nil for none). It reports false
// if p's unchanged bands were no longer in cache.
func encodeRows(buf *bytes.Buffer, m *image.Paletted, rows []byte, cache *bandCache, p *prior) bool {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	var ok bool
	if e.idat, ok = e.zlibCompressAfter(e.idat[:0], rows, w+1, cache, p); !ok {
		return false
	}
	buf.Write(pngSignature)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: palette
	writeChunk(buf, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(m.Palette))
	trns := make([]byte, 0, len(m.Palette))
	lastAlpha := -1
	for i, c := range m.Palette {
		r, g, bl, a := c.RGBA()
		if a != 0 { // PNG palettes hold colours not premultiplied by alpha
			r, g, bl = r*0xffff/a, g*0xffff/a, bl*0xffff/a
		}
		plte = append(plte, byte(r>>8), byte(g>>8), byte(bl>>8))
		trns = append(trns, byte(a>>8))
		if a != 0xffff {
			lastAlpha = i
		}
	}
	writeChunk(buf, "PLTE", plte)
	if lastAlpha >= 0 {
		writeChunk(buf, "tRNS", trns[:lastAlpha+1])
	}

	writeChunk(buf, "IDAT", e.idat)
	writeChunk(buf, "IEND", nil)
	return true
}

// writeChunk writes one PNG chunk: length, type, data, CRC of type and data.
func writeChunk(buf *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	buf.Write(n[:])
	start := buf.Len()
	buf.WriteString(typ)
	buf.Write(data)
	binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(buf.Bytes()[start:]))
	buf.Write(n[:])
}
