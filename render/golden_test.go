package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/")

// Golden pictures: a pixel counts as different when a channel moves by more
// than goldenTolerance (a rasterizer rounding one step of a blend the other
// way moves less), and at most goldenMaxDiff pixels may. A count, not a
// share: one wrong card under a column changes a few hundred of a million
// pixels. On failure the picture drawn and a map of the differences (red)
// are written beside the golden one; look at them, and re-bless with
//
//	go test ./render -run TestGolden -update
const (
	goldenTolerance = 24
	goldenMaxDiff   = 24
)

func TestGolden(t *testing.T) {
	r := renderer(t)
	for name, sc := range map[string]func(t *testing.T) *Scene{
		"dfc-mid":  func(t *testing.T) *Scene { return layout(t, midView(t), "8") },
		"dfc-cell": func(t *testing.T) *Scene { return layout(t, benchView(), "b") },
		"dfc-long": func(t *testing.T) *Scene { return layout(t, longView(t), "10") },
		"dfc-won":  func(t *testing.T) *Scene { return layout(t, wonView(), "") },
		"kit":      func(t *testing.T) *Scene { return kitScene() },
	} {
		t.Run(name, func(t *testing.T) {
			got, err := r.PNG(sc(t))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", name+".png")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantPNG, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./render -run TestGolden -update writes it)", err)
			}
			want, gotM := decode(t, wantPNG), decode(t, got)
			if want.Bounds() != gotM.Bounds() {
				os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
				t.Fatalf("picture is %v, golden %v", gotM.Bounds(), want.Bounds())
			}
			n, mask := diff(want, gotM)
			if n > goldenMaxDiff {
				os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
				save(t, filepath.Join("testdata", name+".diff.png"), mask)
				t.Fatalf("%d pixels differ from testdata/%s.png (at most %d may): see %s.actual.png and %s.diff.png",
					n, name, goldenMaxDiff, name, name)
			}
		})
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	m, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// diff counts the pixels of b that differ from a beyond the tolerance and
// maps them: a dimmed copy of a with the differences in red.
func diff(a, b image.Image) (int, *image.RGBA) {
	r := a.Bounds()
	mask := image.NewRGBA(r)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA)
			cb := color.RGBAModel.Convert(b.At(x, y)).(color.RGBA)
			d := max(absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B), absDiff(ca.A, cb.A))
			g := uint8((int(ca.R) + int(ca.G) + int(ca.B)) / 6)
			c := color.RGBA{g, g, g, 0xff}
			if d > goldenTolerance {
				n++
				c = color.RGBA{0xff, 0, 0, 0xff}
			}
			mask.SetRGBA(x, y, c)
		}
	}
	return n, mask
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
