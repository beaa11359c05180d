package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Our encoder's PNG decodes to exactly the picture, palette included, with
// and without transparent palette entries.
func TestEncodePalettedRoundTrip(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 255}, color.RGBA{200, 30, 40, 255}, color.RGBA{10, 120, 60, 255}, color.NRGBA{255, 255, 255, 128}}
	for _, p := range []color.Palette{pal[:3], pal} {
		m := image.NewPaletted(image.Rect(0, 0, 37, 23), p)
		for i := range m.Pix {
			m.Pix[i] = uint8((i*7 + i/37) % len(p))
		}
		var buf bytes.Buffer
		require.NoError(t, encodePaletted(&buf, m, nil))
		got, err := png.Decode(&buf)
		require.NoError(t, err)
		gp, ok := got.(*image.Paletted)
		require.True(t, ok, "decodes as paletted")
		assert.Equal(t, m.Pix, gp.Pix)
		require.Len(t, gp.Palette, len(p))
		for i := range p {
			r1, g1, b1, a1 := p[i].RGBA()
			r2, g2, b2, a2 := gp.Palette[i].RGBA()
			assert.InDelta(t, r1>>8, r2>>8, 1)
			assert.InDelta(t, g1>>8, g2>>8, 1)
			assert.InDelta(t, b1>>8, b2>>8, 1)
			assert.Equal(t, a1>>8, a2>>8)
		}
	}
}
