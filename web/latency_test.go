package web_test

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// EnvPlayLatency runs TestWebMoveLatency.
const EnvPlayLatency = "DEALER_WEB_PLAY_LATENCY"

// TestWebMoveLatency measures, over a Double FreeCell deal played to its
// win from one browser's list of moves, the time from each move sent to
// its player's board showing it (the move's answer), and to another
// browser (a spectator, another Chromium) showing its picture, loaded:
// the p50 and p99 are logged. Nothing is asserted of the times
// (the machine is shared); every move must arrive.
//
//	DEALER_WEB_PLAY_LATENCY=1 go test ./web -run TestWebMoveLatency -count=1 -v
func TestWebMoveLatency(t *testing.T) {
	if os.Getenv(EnvPlayLatency) != "1" {
		t.Skip("set " + EnvPlayLatency + "=1 to measure a web move's time to another browser")
	}
	rig := newPlayRig(t, func(l *web.Limits) { l.MovesPerSecond, l.MoveBurst = 1000, 1000 })
	moves := solution(t, "doublefreecell", 6)
	_, token := rig.deal(t, "doublefreecell", 6, ann)
	a := &player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}}, rig: rig}
	a.signIn(t, token)
	b := &browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}}
	b.open(t, "/t/"+token)
	b.wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
	var took, answered []time.Duration
	for i, m := range moves[:len(moves)-1] { // the last ends the game: the pages reload
		// The spectator's page resolves a promise when its picture of
		// move i+1 has loaded.
		b.js(t, fmt.Sprintf(`(() => { const img = document.getElementById("picture"), want = "/at/%d.png";
			window.arrived = new Promise(done => {
				const check = () => { if (img.getAttribute("src").endsWith(want) && img.complete && img.naturalWidth > 0) done(1); };
				img.addEventListener("load", check);
				new MutationObserver(check).observe(img, {attributes: true});
				check();
			}); return ""; })()`, i+1))
		// The player's page resolves one when its board shows the move
		// (the move's answer).
		a.js(t, fmt.Sprintf(`(() => { const p = document.getElementById("play");
			window.answered = new Promise(done => {
				const check = () => { if (p.dataset.version === "%d" && !p.dataset.busy) done(1); };
				new MutationObserver(check).observe(p, {attributes: true});
				check();
			}); return ""; })()`, i+1))
		start := time.Now()
		a.js(t, fmt.Sprintf(`(() => { const l = document.getElementById("move-list"); l.value = %q; document.getElementById("move-form").requestSubmit(); return ""; })()`, m))
		own := make(chan time.Duration, 1)
		go func() {
			_, err := chromedp.Run(a.bounded(t), chromedp.Evaluate[int](`window.answered`, chromedp.EvalAwaitPromise))
			if err != nil {
				own <- -1
				return
			}
			own <- time.Since(start)
		}()
		_, err := chromedp.Run(b.bounded(t), chromedp.Evaluate[int](`window.arrived`, chromedp.EvalAwaitPromise))
		require.NoError(t, err, "move %d", i+1)
		took = append(took, time.Since(start))
		d := <-own
		require.Positive(t, d, "move %d answered", i+1)
		answered = append(answered, d)
	}
	t.Logf("a web move to its player's board: %s", percentiles(answered))
	t.Logf("a web move to another browser's picture: %s", percentiles(took))
}

// percentiles says ds' p50, p99 and max.
func percentiles(ds []time.Duration) string {
	slices.Sort(ds)
	pct := func(p float64) time.Duration {
		return ds[min(len(ds)-1, int(p*float64(len(ds))))].Round(100 * time.Microsecond)
	}
	return fmt.Sprintf("%d moves, p50 %v, p99 %v, max %v", len(ds), pct(0.50), pct(0.99), pct(1))
}
