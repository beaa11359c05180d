package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Double Agent picture with testdata/; re-bless
// with
//
//	go test ./render/doubleagent -run TestGolden -update
func TestGolden(t *testing.T) {
	got, err := Table(rendertest.Renderer(t), mid(t), render.Params{Selected: "b4"})
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "da-mid", got)
}
