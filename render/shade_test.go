package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Dimming leaves the felt as it is and darkens paper.
func TestDim(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tbl := r.pal.dimmed()
	assert.Equal(t, uint8(Felt), tbl[Felt])
	p, d := r.pal.rgb[Paper], r.pal.rgb[tbl[Paper]]
	assert.Less(t, int(d[0])+int(d[1])+int(d[2]), int(p[0])+int(p[1])+int(p[2])-150)
}
