package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	xdraw "golang.org/x/image/draw"
)

var lookDir = flag.String("look", "", "write every test picture, full size and phone size, into this folder")

// TestLook writes the test tables as PNGs, at full size and scaled to 560
// pixels wide as a phone shows them, for people to look at:
//
//	go test ./render -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if *lookDir == "" {
		t.Skip("no -look folder")
	}
	r := renderer(t)
	for name, sc := range lookScenes(t) {
		m, err := r.Image(sc)
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(*lookDir, name+".png"), m)
		save(t, filepath.Join(*lookDir, name+"-560.png"), scale(m, 560))
	}
}

func lookScenes(t *testing.T) map[string]*Scene {
	out := map[string]*Scene{}
	add := func(name string, s *Scene, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = s
	}
	s, err := DoubleFreeCellLayout(dealtView(1), "3")
	add("dfc-dealt", s, err)
	s, err = DoubleFreeCellLayout(benchView(), "b")
	add("dfc-bench", s, err)
	s, err = DoubleFreeCellLayout(midView(t), "8")
	add("dfc-mid", s, err)
	s, err = DoubleFreeCellLayout(longView(t), "10")
	add("dfc-long", s, err)
	s, err = DoubleFreeCellLayout(wonView(), "")
	add("dfc-won", s, err)
	s, err = DoubleFreeCellLayout(lostView(t), "")
	add("dfc-lost", s, err)
	add("kit", kitScene(), nil)
	return out
}

// scale shrinks m to w pixels wide, as a phone's image viewer does.
func scale(m image.Image, w int) *image.RGBA {
	b := m.Bounds()
	h := b.Dy() * w / b.Dx()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(out, out.Bounds(), m, b, xdraw.Src, nil)
	return out
}

func save(t *testing.T, path string, m image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
