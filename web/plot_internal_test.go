package web

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
)

func TestTicks(t *testing.T) {
	cases := []struct {
		lo, hi int
		want   []int
	}{
		{0, 0, []int{0, 1}},
		{0, 1, []int{0, 1}},
		{0, 4, []int{0, 1, 2, 3, 4}},
		{0, 54, []int{0, 20, 40, 60}},
		{0, 48, []int{0, 10, 20, 30, 40, 50}},
		{-7, 12, []int{-10, -5, 0, 5, 10, 15}},
		{0, 281, []int{0, 100, 200, 300}},
		{-30, 0, []int{-30, -20, -10, 0}},
	}
	for _, tc := range cases {
		got := ticks(tc.lo, tc.hi)
		assert.Equal(t, tc.want, got, "%d..%d", tc.lo, tc.hi)
		assert.LessOrEqual(t, len(got), 6)
	}
}

// TestPlot: the plot is well-formed SVG with a dot a game, for none, one or
// many games, on one day or over many.
func TestPlot(t *testing.T) {
	at := time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)
	game := func(i, score int, won bool) store.HistoryRow {
		return store.HistoryRow{Game: "doublets", Score: score, Won: won, Finished: at.Add(time.Duration(i) * 7 * time.Hour)}
	}
	assert.Empty(t, plotResults("x", nil))
	cases := [][]store.HistoryRow{
		{game(0, 12, true)},
		{game(0, 0, false), game(0, 0, false)},
		{game(0, -5, false), game(1, 40, true), game(2, 12, false)},
	}
	var many []store.HistoryRow
	for i := range 300 {
		many = append(many, game(i, i%61, i%3 == 0))
	}
	cases = append(cases, many)
	for _, hist := range cases {
		svg := string(plotResults(`Ann's <"games">`, hist))
		assert.Equal(t, len(hist), strings.Count(svg, "<circle"))
		assert.NotContains(t, svg, `<"games">`, "text is escaped")
		d := xml.NewDecoder(strings.NewReader(svg))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			require.NoError(t, err, svg)
		}
	}
}
