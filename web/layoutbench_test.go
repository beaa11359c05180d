package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// EnvLayoutBench runs TestLayoutBench.
const EnvLayoutBench = "DEALER_WEB_LAYOUT_BENCH"

// layoutRuns is how many page loads each figure is the median of.
const layoutRuns = 21

// TestLayoutBench (DEALER_WEB_LAYOUT_BENCH=1) measures the two ways to
// lay out a player's board in Chromium, on the same tables at 390 and
// 1280 px: the tiles under the picture (the default) and the overlay of
// clear regions on the picture's places (Config.Overlay). Each page is
// loaded afresh layoutRuns times; a real click on a place then lights its
// destinations. It prints the medians: the bytes of the page (document,
// style, scripts; the picture is the same) and of one board as a move
// answers it, DOM nodes, script and style-and-layout time of the load and
// of the click, the JS heap after a garbage collection, the time from the
// click to the lit destinations painted, and the smallest place a finger
// gets. Screenshots of both, a place picked, go to DEALER_WEB_SHOTS.
func TestLayoutBench(t *testing.T) {
	if os.Getenv(EnvLayoutBench) != "1" {
		t.Skip("set " + EnvLayoutBench + "=1 to measure the board's two layouts")
	}
	shots := webtest.ShotsDir(t)
	var variants []*layoutVariant
	for _, overlay := range []bool{false, true} {
		rig := newPlayRigConfig(t, func(_ *playRig, c *web.Config) {
			c.Overlay = overlay
			// Each load opens a live stream; the last ones may not be seen
			// gone yet.
			l := &c.Limits
			l.MaxStreams, l.MaxStreamsPerTable, l.MaxStreamsPerClient, l.MaxStreamsPerUser = 1000, 1000, 1000, 1000
		})
		v := &layoutVariant{name: map[bool]string{false: "tiles", true: "overlay"}[overlay], rig: rig,
			k: &keyboard{player: player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}, shots: shots}, rig: rig}}}
		for i, g := range []struct {
			game string
			deal uint64
		}{{"doubleagent", 12}, {"doublefreecell", 6}} {
			v.tokens = append(v.tokens, benchTable(t, rig, g.game, g.deal))
			if i == 0 {
				v.k.signIn(t, v.tokens[0])
			}
		}
		_, err := chromedp.Call(v.k.ctx, performance.Enable, performance.EnableParams{})
		require.NoError(t, err)
		variants = append(variants, v)
	}
	fmt.Printf("%-15s %5s %-8s %8s %7s %6s %9s %9s %8s %8s %9s %7s\n", "table", "width", "board",
		"page B", "board B", "nodes", "load JS", "load lay", "heap KB", "click→lit", "click JS+lay", "min px")
	for ti, game := range []string{"doubleagent", "doublefreecell"} {
		for _, w := range []int{390, 1280} {
			for _, v := range variants {
				var runs []layoutRun
				for range layoutRuns {
					runs = append(runs, v.run(t, v.tokens[ti], w))
				}
				m := medianRun(runs)
				fmt.Printf("%-15s %5d %-8s %8.0f %7.0f %6.0f %7.1fms %7.1fms %8.0f %7.1fms %10.1fms %7.0f\n", game, w, v.name,
					m.PageBytes, m.BoardBytes, m.Nodes, m.LoadScript, m.LoadLayout, m.HeapKB, m.Lit, m.ClickWork, m.MinPlace)
				require.NoError(t, webtest.Screenshot(v.k.bounded(t), w, filepath.Join(shots, fmt.Sprintf("layout-%s-%s-%d.png", v.name, game, w))))
			}
		}
	}
}

// layoutVariant is one layout's pages: its rig, a signed-in browser, and
// the tables measured.
type layoutVariant struct {
	name   string
	rig    *playRig
	k      *keyboard
	tokens []string
}

// benchTable deals game's deal for Ann at rig and plays the solver's first
// five moves: a table in play, places with destinations.
func benchTable(t *testing.T, rig *playRig, game string, deal uint64) string {
	id, token := rig.deal(t, game, deal, ann)
	reg, _ := shared()
	tb, err := play.Load(context.Background(), rig.st, reg.Engines(), id)
	require.NoError(t, err)
	for _, m := range solution(t, game, deal)[:5] {
		require.NoError(t, tb.Apply(context.Background(), 0, m))
	}
	return token
}

// layoutRun is one page load's figures.
type layoutRun struct {
	PageBytes, BoardBytes, Nodes float64
	LoadScript, LoadLayout       float64 // ms
	HeapKB                       float64
	Lit, ClickWork               float64 // ms
	MinPlace                     float64 // px: the smallest side of a place's tile or region
}

// metrics are the Performance domain's figures now, by name.
func metrics(t *testing.T, ctx context.Context) map[string]float64 {
	res, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	require.NoError(t, err)
	out := map[string]float64{}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	return out
}

// spent is the seconds of script and of style and layout between two
// readings of metrics, in ms.
func spent(a, b map[string]float64) (script, layout float64) {
	d := func(k string) float64 {
		if b[k] < a[k] { // counted afresh since a: a new page
			return b[k] * 1000
		}
		return (b[k] - a[k]) * 1000
	}
	return d("ScriptDuration"), d("LayoutDuration") + d("RecalcStyleDuration")
}

// run loads table token's page width px wide and measures it, then
// clicks a place that has destinations and times them lit.
func (v *layoutVariant) run(t *testing.T, token string, width int) layoutRun {
	ctx := v.k.bounded(t)
	var opts []chromedp.EmulateViewportOption
	if width < 700 {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 900, opts...)))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank"))) // the figures count from a page of nothing
	before := metrics(t, ctx)
	v.k.open(t, "/t/"+token)
	v.k.reloaded(t, `!!document.getElementById("play") && document.getElementById("play").dataset.ready === "1" && `+loaded("#picture"))
	v.k.wait(t, `document.getElementById("play").closest("[data-events]").dataset.connected === "1"`) // the page follows the table live
	v.await(t, `new Promise(r => requestAnimationFrame(() => setTimeout(() => r("painted"))))`)
	loadedAt := metrics(t, ctx)
	_, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{})
	require.NoError(t, err)
	var r layoutRun
	r.LoadScript, r.LoadLayout = spent(before, loadedAt)
	r.HeapKB = metrics(t, ctx)["JSHeapUsedSize"] / 1024
	require.NoError(t, json.Unmarshal([]byte(v.k.js(t, pageFigures)), &r))
	r.BoardBytes = v.boardBytes(t)
	x, y := v.clickPoint(t)
	beforeClick := metrics(t, ctx)
	require.NoError(t, chromedp.Do(ctx, chromedp.MouseClickXY(x, y)))
	v.k.wait(t, `window.dealerLit !== undefined`)
	var lit float64
	require.NoError(t, json.Unmarshal([]byte(v.k.js(t, `String(window.dealerLit)`)), &lit))
	require.GreaterOrEqual(t, lit, 0.0, "the click lit the place's destinations")
	script, layout := spent(beforeClick, metrics(t, ctx))
	r.Lit, r.ClickWork = lit, script+layout
	return r
}

// pageFigures is what the page measures of itself: the bytes of its
// document, style and scripts, its elements, and its smallest place.
const pageFigures = `JSON.stringify({
	PageBytes: performance.getEntries().filter(e => e.entryType === "navigation" || ["script", "link", "css"].includes(e.initiatorType))
		.reduce((n, e) => n + e.encodedBodySize, 0),
	Nodes: document.getElementsByTagName("*").length,
	MinPlace: Math.min(...[...document.querySelectorAll("#places .tile[data-place]")].map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })),
})`

// await is what the promise expr resolves to.
func (v *layoutVariant) await(t *testing.T, expr string) string {
	t.Helper()
	s, err := chromedp.Run(v.k.bounded(t), chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	require.NoError(t, err, expr)
	return s
}

// boardBytes is the size of the board as the page reads it after a move.
func (v *layoutVariant) boardBytes(t *testing.T) float64 {
	var n float64
	require.NoError(t, json.Unmarshal([]byte(v.await(t, `(async () => {
		const b = await (await fetch(document.getElementById("play").dataset.refresh, {headers: {Accept: "application/json"}})).blob();
		return String(b.size);
	})()`)), &n))
	return n
}

// clickPoint scrolls the first place with destinations (and no move of
// its own) into view and is its centre; it sets the page to time the next
// click until its destinations are lit and painted (window.dealerLit, ms).
func (v *layoutVariant) clickPoint(t *testing.T) (x, y float64) {
	var p struct{ X, Y float64 }
	require.NoError(t, json.Unmarshal([]byte(v.k.js(t, `(() => {
		const bd = JSON.parse(document.getElementById("play").dataset.board);
		const place = Object.keys(bd.from).find(p => bd.from[p].to && !bd.from[p].direct);
		const el = document.querySelector('#places .tile[data-place="' + place + '"]');
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		delete window.dealerLit;
		document.addEventListener("click", e => {
			const t0 = e.timeStamp;
			requestAnimationFrame(() => setTimeout(() => {
				window.dealerLit = document.querySelector("#places .tile.dest") ? performance.now() - t0 : -1;
			}));
		}, {capture: true, once: true});
		return JSON.stringify({X: r.x + r.width / 2, Y: r.y + r.height / 2});
	})()`)), &p))
	return p.X, p.Y
}

// medianRun is each figure's median over runs.
func medianRun(runs []layoutRun) layoutRun {
	med := func(f func(layoutRun) float64) float64 {
		var xs []float64
		for _, r := range runs {
			xs = append(xs, f(r))
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	return layoutRun{
		PageBytes: med(func(r layoutRun) float64 { return r.PageBytes }), BoardBytes: med(func(r layoutRun) float64 { return r.BoardBytes }),
		Nodes: med(func(r layoutRun) float64 { return r.Nodes }), LoadScript: med(func(r layoutRun) float64 { return r.LoadScript }),
		LoadLayout: med(func(r layoutRun) float64 { return r.LoadLayout }), HeapKB: med(func(r layoutRun) float64 { return r.HeapKB }),
		Lit: med(func(r layoutRun) float64 { return r.Lit }), ClickWork: med(func(r layoutRun) float64 { return r.ClickWork }),
		MinPlace: med(func(r layoutRun) float64 { return r.MinPlace }),
	}
}
