package pngenc

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// A cache of 16 slots puts nearly every band and group in a slot another
// held, of other bytes, of another picture or another series: it must
// find each only by its whole key. Card tables of a few sizes and their
// hands, drawn as series and alone, all through one encoder, come out
// pixel for pixel as drawn.
func TestTinySlotsGiveNoWrongPicture(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	e := NewEncoder()
	e.cache.mask = 15
	sizes := [][3]int{{700, 500, 40}, {700, 500, 30}, {640, 420, 24}, {400, 150, 8}} // w, h, cards
	deal := func(i int) table { s := sizes[i%len(sizes)]; return randomTable(rng, s[0], s[1], s[2]) }
	tables := make([]table, 8)
	for i := range tables {
		tables[i] = deal(i)
	}
	for step := range 240 {
		i := rng.IntN(len(tables))
		if rng.IntN(8) == 0 {
			tables[i] = deal(i)
		} else {
			tables[i] = tables[i].moved(rng)
		}
		encodeNext(t, e, fmt.Sprint("table ", i), tables[i]) // requires the pixels drawn
		if step%4 == 0 {
			tab := tables[rng.IntN(len(tables))]
			png, err := e.Encode(canvasOf(tab.image()))
			require.NoError(t, err)
			requireSamePixels(t, tab.image(), png, "step %d, alone", step)
		}
	}
}
