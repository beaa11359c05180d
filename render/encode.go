package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// The PNG encoder for the tables. Pictures are 256-colour paletted images,
// for which PNG needs no row filters (the standard library skips them too),
// so encoding is only zlib — and compress/zlib's fastest level was most of
// a picture's cost. klauspost/compress's zlib at its fastest level makes the
// same format two to three times faster, for a few percent more bytes.

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// zlibWriters reuse compressors, whose tables are costly to allocate.
var zlibWriters = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	return w
}}

// encodePaletted writes m as an 8-bit paletted PNG to buf.
func encodePaletted(buf *bytes.Buffer, m *image.Paletted) error {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
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

	// IDAT: the chunk's length is patched in once the data is written.
	start := buf.Len()
	buf.Write([]byte{0, 0, 0, 0, 'I', 'D', 'A', 'T'})
	zw := zlibWriters.Get().(*zlib.Writer)
	defer zlibWriters.Put(zw)
	zw.Reset(buf)
	row := make([]byte, w+1) // each row: filter type 0, then the pixels
	for y := 0; y < h; y++ {
		copy(row[1:], m.Pix[y*m.Stride:y*m.Stride+w])
		if _, err := zw.Write(row); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	data := buf.Bytes()[start:]
	binary.BigEndian.PutUint32(data[0:4], uint32(len(data)-8))
	var crc [4]byte
	binary.BigEndian.PutUint32(crc[:], crc32.ChecksumIEEE(data[4:]))
	buf.Write(crc[:])

	writeChunk(buf, "IEND", nil)
	return nil
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
