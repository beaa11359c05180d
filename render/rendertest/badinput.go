package rendertest

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render"
)

// Layout lays a solitaire's view out with a place selected, as the game's
// render package does.
type Layout[V any] func(v V, selected string) (*render.Scene, error)

// AssertSelections checks that layout lays v out with each of good
// selected, and refuses each of bad.
func AssertSelections[V any](t testing.TB, layout Layout[V], v V, good, bad []string) {
	t.Helper()
	for _, sel := range good {
		_, err := layout(v, sel)
		assert.NoError(t, err, "selection %q", sel)
	}
	for _, sel := range bad {
		_, err := layout(v, sel)
		assert.Error(t, err, "selection %q", sel)
	}
}

// AssertBadViewsRefused checks that each view one of bad makes of a good
// one (from good) is refused by layout, and by table, which draws nothing.
func AssertBadViewsRefused[V any](t testing.TB, good func() V, bad []func(v *V), layout Layout[V],
	table func(r *render.Renderer, v V, p render.Params) ([]byte, error)) {
	t.Helper()
	r := Renderer(t)
	for i, f := range bad {
		v := good()
		f(&v)
		_, err := layout(v, "")
		assert.Error(t, err, "bad view %d", i)
		b, err := table(r, v, render.Params{})
		assert.True(t, err != nil && b == nil, "bad view %d drawn", i)
	}
}
