package doublets

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Doublets picture with testdata/; re-bless with
//
//	go test ./render/doublets -run TestGolden -update
func TestGolden(t *testing.T) {
	got, err := Table(rendertest.Renderer(t), midView(t), render.Params{Selected: "w"})
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "dbl-mid", got)
}
