package rendertest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// SkipUnlessLooking skips t unless -look asked for pictures to look at.
func SkipUnlessLooking(t testing.TB) {
	t.Helper()
	if !Looking() {
		t.Skip("no -look folder")
	}
}

// LookScenes draws each scene with r and writes it into the -look folder
// under its name (see Look).
func LookScenes(t testing.TB, r *render.Renderer, scenes map[string]*render.Scene) {
	t.Helper()
	for name, s := range scenes {
		m, err := r.Image(s)
		require.NoError(t, err, name)
		Look(t, name, m)
	}
}

// LookShaded draws each shaded scene with r and writes it into the -look
// folder under its name (see Look).
func LookShaded(t testing.TB, r *render.Renderer, scenes map[string]render.Shaded) {
	t.Helper()
	for name, s := range scenes {
		b, err := r.ShadedPNG(s)
		require.NoError(t, err, name)
		Look(t, name, Decode(t, b))
	}
}

// LookDecks writes the scenes that layout lays out at each deck's steps,
// drawn in every deck but the classic one, into the -look folder under
// their names and the deck's suffix (NAME-4c.png…).
func LookDecks(t testing.TB, layout func(st render.Steps) map[string]*render.Scene) {
	t.Helper()
	for _, d := range Decks[1:] {
		r := Renderer(t).With(d.Deck)
		scenes := map[string]*render.Scene{}
		for name, s := range layout(r.Steps()) {
			scenes[name+d.Suffix] = s
		}
		LookScenes(t, r, scenes)
	}
}

// LookLangs writes the scenes that layout lays out in each language into
// the -look folder under their names and the language (NAME-de.png…).
func LookLangs(t testing.TB, layout func(l lang.Lang) map[string]*render.Scene) {
	t.Helper()
	scenes := map[string]*render.Scene{}
	for _, l := range lang.All {
		for name, s := range layout(l) {
			scenes[name+"-"+string(l)] = s
		}
	}
	LookScenes(t, Renderer(t), scenes)
}
