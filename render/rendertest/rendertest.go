// Package rendertest helps test a game's pictures, as net/http/httptest
// helps test handlers: one shared renderer and the decks a player may
// choose, golden pictures compared by a strict count of differing pixels
// (Golden, GoldenEach, AddTables), pictures written out for people to look
// at, full size and phone size, in every deck and language (Look,
// LookScenes, LookDecks, LookLangs), a laid-out Scene (Laid) and look-ups
// in it and in a board of controls (PileCards, FindLabel, Labels, PlaceNames,
// AssertLabelsFit), words that can be drawn (Drawable), and benchmarks of
// a table's pictures as a table in play shows them (BenchPNG, BenchMoves,
// BenchDeals).
//
//	go test ./render/... -run TestGolden -update        # re-bless testdata/
//	go test ./render/... -run TestLook -look /tmp/look   # *.png, *-560.png, *-390.png
package rendertest

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden pictures in testdata/")
	lookDir = flag.String("look", "", "write every test picture, full size and phone size, into this folder")
)

var shared struct {
	once sync.Once
	r    *render.Renderer
	err  error
}

// Renderer returns a renderer shared by the tests of a process (making one
// takes a few tenths of a second).
func Renderer(t testing.TB) *render.Renderer {
	t.Helper()
	shared.once.Do(func() { shared.r, shared.err = render.New() })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.r
}

// DeckCase is a deck the tests draw pictures in, and what its pictures'
// names end with.
type DeckCase struct {
	Name, Suffix string
	Deck         render.Deck
}

// Decks are the decks a player may choose, the classic one first: a
// game's tests draw its golden and look pictures in each (NAME.png,
// NAME-4c.png, NAME-large.png, NAME-4c-large.png).
var Decks = []DeckCase{
	{"classic", "", render.Deck{}},
	{"four-colour", "-4c", render.Deck{FourColour: true}},
	{"large", "-large", render.Deck{Large: true}},
	{"four-colour large", "-4c-large", render.Deck{FourColour: true, Large: true}},
}

// Golden pictures: a pixel counts as different when a channel moves by more
// than Tolerance (a rasterizer rounding one step of a blend the other way
// moves less), and at most MaxDiff pixels may. A count, not a share: one
// wrong card under a column changes a few hundred of a million pixels.
const (
	Tolerance = 24
	MaxDiff   = 24
)

// Golden compares a PNG with testdata/NAME.png. On failure the picture drawn
// and a map of the differences (red) are written beside the golden one; look
// at them, and re-bless with -update.
func Golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantPNG, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (-run TestGolden -update writes it)", err)
	}
	want, gotM := Decode(t, wantPNG), Decode(t, got)
	if want.Bounds() != gotM.Bounds() {
		_ = os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
		t.Fatalf("picture is %v, golden %v", gotM.Bounds(), want.Bounds())
	}
	n, mask := Diff(want, gotM)
	if n > MaxDiff {
		_ = os.WriteFile(filepath.Join("testdata", name+".actual.png"), got, 0o644)
		Save(t, filepath.Join("testdata", name+".diff.png"), mask)
		t.Fatalf("%d pixels differ from testdata/%s.png (at most %d may): see %s.actual.png and %s.diff.png",
			n, name, MaxDiff, name, name)
	}
}

// Draw draws a test picture as PNG bytes.
type Draw func(t *testing.T) ([]byte, error)

// GoldenEach draws each picture of draws in a subtest of its name and
// compares it with testdata/NAME.png (see Golden); t fails where drawing
// fails.
func GoldenEach(t *testing.T, draws map[string]Draw) {
	t.Helper()
	for name, draw := range draws {
		t.Run(name, func(t *testing.T) {
			got, err := draw(t)
			if err != nil {
				t.Fatal(err)
			}
			Golden(t, name, got)
		})
	}
}

// AddTables adds to draws the pictures that table draws of the view that
// view makes, with p: in each deck of decks, named name and the deck's
// suffix (NAME, NAME-4c…), and in each language of langs in the classic
// deck (NAME-de…).
func AddTables[V any](draws map[string]Draw, table func(*render.Renderer, V, render.Params) ([]byte, error),
	name string, view func(testing.TB) V, p render.Params, decks []DeckCase, langs ...lang.Lang) {
	for _, d := range decks {
		draws[name+d.Suffix] = func(t *testing.T) ([]byte, error) { return table(Renderer(t).With(d.Deck), view(t), p) }
	}
	for _, l := range langs {
		in := p
		in.Lang = l
		draws[name+"-"+string(l)] = func(t *testing.T) ([]byte, error) { return table(Renderer(t), view(t), in) }
	}
}

// Decode decodes a PNG.
func Decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	m, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Diff counts the pixels of b that differ from a beyond the tolerance and
// maps them: a dimmed copy of a with the differences in red.
func Diff(a, b image.Image) (int, *image.RGBA) {
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
			if d > Tolerance {
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

// Updating reports whether -update is rewriting the golden pictures.
func Updating() bool { return *update }

// Looking reports whether -look asked for pictures to look at.
func Looking() bool { return *lookDir != "" }

// Look writes a picture into the -look folder at full size, and scaled to
// 560 and 390 pixels wide as phones show it. Without -look it does nothing.
func Look(t testing.TB, name string, m image.Image) {
	t.Helper()
	if *lookDir == "" {
		return
	}
	if err := os.MkdirAll(*lookDir, 0o755); err != nil {
		t.Fatal(err)
	}
	Save(t, filepath.Join(*lookDir, name+".png"), m)
	Save(t, filepath.Join(*lookDir, name+"-560.png"), Scale(m, 560))
	Save(t, filepath.Join(*lookDir, name+"-390.png"), Scale(m, 390))
}

// Scale shrinks m to w pixels wide, keeping its proportions.
func Scale(m image.Image, w int) image.Image {
	b := m.Bounds()
	h := b.Dy() * w / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), m, b, xdraw.Src, nil)
	return dst
}

// Save writes m as a PNG file.
func Save(t testing.TB, path string, m image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, m); err != nil {
		t.Fatal(err)
	}
}

// Laid passes on a scene a game laid out, stopping the test on the
// layout's error: rendertest.Laid(t)(LayoutIn(v, sel, st, l)).
func Laid(t testing.TB) func(*render.Scene, error) *render.Scene {
	return func(s *render.Scene, err error) *render.Scene {
		t.Helper()
		if err != nil {
			t.Fatalf("layout: %v", err)
		}
		return s
	}
}

// PileCards returns the cards placed on pile name, in drawing order.
func PileCards(s *render.Scene, name string) []render.Placed {
	var out []render.Placed
	for _, c := range s.Cards {
		if c.Pile == name {
			out = append(out, c)
		}
	}
	return out
}

// SelectedCards returns the ringed cards.
func SelectedCards(s *render.Scene) []render.Placed {
	var out []render.Placed
	for _, c := range s.Cards {
		if c.Selected {
			out = append(out, c)
		}
	}
	return out
}

// FindLabel finds the label that reads text.
func FindLabel(s *render.Scene, text string) (render.Label, bool) {
	for _, l := range s.Labels {
		if l.Text == text {
			return l, true
		}
	}
	return render.Label{}, false
}

// HasLabelPrefix reports whether a label starts with p.
func HasLabelPrefix(s *render.Scene, p string) bool {
	for _, l := range s.Labels {
		if strings.HasPrefix(l.Text, p) {
			return true
		}
	}
	return false
}
