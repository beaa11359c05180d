package web

import (
	"fmt"
	"html/template"
	"math"
	"strings"
	"time"

	"github.com/dealer/dealer/store"
)

// The plot of a player's results over time, drawn here as SVG: each game a
// dot at its finish time and score, filled for a win, hollow for a loss,
// joined in order. It scales with the page (viewBox, width 100% in CSS)
// and its colours and fonts come from the style sheet.

// The plot's frame, in its own units.
const (
	plotW, plotH          = 480.0, 180.0
	plotLeft, plotRight   = 40.0, 10.0
	plotTop, plotBottom   = 10.0, 26.0
	plotInnerW            = plotW - plotLeft - plotRight
	plotInnerH            = plotH - plotTop - plotBottom
	plotDot, plotDotSmall = 4.0, 2.5
)

// plotResults draws games (oldest first) as an SVG; "" when there are none.
func plotResults(title string, games []store.HistoryRow) template.HTML {
	if len(games) == 0 {
		return ""
	}
	t0, t1 := games[0].Finished, games[len(games)-1].Finished
	lo, hi := 0, 0
	for _, g := range games {
		lo, hi = min(lo, g.Score), max(hi, g.Score)
	}
	// The axis runs from tick to tick, so that the top line is labelled.
	grid := ticks(lo, hi)
	lo, hi = grid[0], grid[len(grid)-1]
	span := t1.Sub(t0).Seconds()
	x := func(i int) float64 {
		if span <= 0 {
			return plotLeft + plotInnerW/2
		}
		return plotLeft + plotInnerW*games[i].Finished.Sub(t0).Seconds()/span
	}
	y := func(score int) float64 {
		return plotTop + plotInnerH*(1-float64(score-lo)/float64(hi-lo))
	}
	wins := 0
	for _, g := range games {
		if g.Won {
			wins++
		}
	}
	return plot{
		class:   "plot",
		summary: fmt.Sprintf("%s: %d games over time, %d won; scores from %d to %d", title, len(games), wins, lo, hi),
		grid:    grid, gridY: y, t0: t0, t1: t1, n: len(games), x: x,
		y:   func(i int) float64 { return y(games[i].Score) },
		won: func(i int) bool { return games[i].Won },
	}.svg()
}

// plot is one plot to draw: its SVG class, its summary (its label and
// title), its grid (a line a tick, at gridY(tick)), its time axis from t0
// to t1, and its n points, the ith at x(i), y(i), filled where won(i).
type plot struct {
	class, summary string
	grid           []int
	gridY          func(tick int) float64
	t0, t1         time.Time
	n              int
	x, y           func(i int) float64
	won            func(i int) bool
}

// svg draws p: its frame, its points joined in order, and a dot a point
// (smaller when there are many).
func (p plot) svg() template.HTML {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="%s" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`, p.class, plotW, plotH, template.HTMLEscapeString(p.summary))
	fmt.Fprintf(&b, `<title>%s</title>`, template.HTMLEscapeString(p.summary))
	plotFrame(&b, p.grid, p.gridY, p.t0, p.t1)
	if p.n > 1 {
		b.WriteString(`<polyline class="trend" points="`)
		for i := range p.n {
			fmt.Fprintf(&b, "%.1f,%.1f ", p.x(i), p.y(i))
		}
		b.WriteString(`"/>`)
	}
	r := plotDot
	if p.n > 100 {
		r = plotDotSmall
	}
	for i := range p.n {
		class := "lost"
		if p.won(i) {
			class = "won"
		}
		fmt.Fprintf(&b, `<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f"/>`, class, p.x(i), p.y(i), r)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // built from numbers and escaped text only
}

// plotFrame draws a plot's grid, a line a tick labelled at y(tick), and
// its time axis: the first and the last day (one, centred, if the same).
func plotFrame(b *strings.Builder, grid []int, y func(int) float64, t0, t1 time.Time) {
	for _, v := range grid {
		fmt.Fprintf(b, `<line class="grid" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, plotLeft, y(v), plotW-plotRight, y(v))
		fmt.Fprintf(b, `<text class="label" x="%.1f" y="%.1f" text-anchor="end">%d</text>`, plotLeft-6, y(v)+4, v)
	}
	first, last := t0.Format("2 Jan 2006"), t1.Format("2 Jan 2006")
	if first == last {
		fmt.Fprintf(b, `<text class="label" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, plotLeft+plotInnerW/2, plotH-6, first)
		return
	}
	fmt.Fprintf(b, `<text class="label" x="%.1f" y="%.1f">%s</text>`, plotLeft, plotH-6, first)
	fmt.Fprintf(b, `<text class="label" x="%.1f" y="%.1f" text-anchor="end">%s</text>`, plotW-plotRight, plotH-6, last)
}

// ticks are round values (steps of 1, 2 or 5 times a power of ten), at
// least two and at most six, the first at or below lo and the last at or
// above hi: the grid.
func ticks(lo, hi int) []int {
	step := 1
	for k := 1; (hi-lo)/step > 4; k++ {
		step = [...]int{1, 2, 5}[k%3] * int(math.Pow10(k/3))
	}
	v := lo - ((lo%step)+step)%step // the multiple of step at or below lo
	out := []int{v}
	for v < hi || len(out) < 2 {
		v += step
		out = append(out, v)
	}
	return out
}

// plotRatings draws a player's rating after each rated game (oldest
// first) as an SVG, as plotResults draws scores: a dot a game, filled for
// a first place, joined in order; "" when there are none.
func plotRatings(title string, points []store.RatingPoint) template.HTML {
	if len(points) == 0 {
		return ""
	}
	t0, t1 := points[0].At, points[len(points)-1].At
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		lo, hi = math.Min(lo, p.Rating.Ordinal()), math.Max(hi, p.Rating.Ordinal())
	}
	grid := ticks(int(math.Floor(min(lo, 0))), int(math.Ceil(hi)))
	glo, ghi := float64(grid[0]), float64(grid[len(grid)-1])
	span := t1.Sub(t0).Seconds()
	x := func(i int) float64 {
		if span <= 0 {
			return plotLeft + plotInnerW*float64(i+1)/float64(len(points)+1)
		}
		return plotLeft + plotInnerW*points[i].At.Sub(t0).Seconds()/span
	}
	y := func(v float64) float64 { return plotTop + plotInnerH*(1-(v-glo)/(ghi-glo)) }
	last := points[len(points)-1].Rating.Ordinal()
	return plot{
		class:   "plot rating",
		summary: fmt.Sprintf("%s: rating over %d rated games, from %.1f to %.1f, now %.1f", title, len(points), lo, hi, last),
		grid:    grid, gridY: func(v int) float64 { return y(float64(v)) }, t0: t0, t1: t1, n: len(points), x: x,
		y:   func(i int) float64 { return y(points[i].Rating.Ordinal()) },
		won: func(i int) bool { return points[i].Place == 1 },
	}.svg()
}
