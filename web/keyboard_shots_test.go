package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web/webtest"
)

// TestPlayableTables: every solitaire's playable table, five moves in, a
// place picked by the keyboard (its destinations lit, the focus shown),
// at 390 and 1280 px (screenshots kept with DEALER_WEB_SHOTS=dir): at
// 390 px every tile is at least 56 px each way, and at both widths no
// tile's label and nothing of the page is cut off or wider than the
// screen.
func TestPlayableTables(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	k := &keyboard{player: player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}, shots: webtest.ShotsDir(t)}, rig: rig}}
	t.Logf("screenshots in %s", k.shots)
	for i, tc := range []struct {
		game string
		deal uint64
	}{{"doublefreecell", 6}, {"doublets", 29}, {"doubleagent", 12}} {
		t.Run(tc.game, func(t *testing.T) {
			id, token := rig.deal(t, tc.game, tc.deal, ann)
			reg, _ := shared()
			tb, err := play.Load(context.Background(), rig.st, reg.Engines(), id)
			require.NoError(t, err)
			for _, m := range solution(t, tc.game, tc.deal)[:5] {
				require.NoError(t, tb.Apply(context.Background(), 0, m))
			}
			if i == 0 {
				k.signIn(t, token)
			} else {
				k.open(t, "/t/"+token)
				k.wait(t, `!!document.getElementById("play") && document.getElementById("play").dataset.ready === "1"`)
			}
			k.pickByKeys(t)
			k.wait(t, loaded("#picture"))
			for _, w := range []int{390, 1280} {
				require.NoError(t, webtest.Screenshot(k.bounded(t), w, fmt.Sprintf("%s/play-%s-%d.png", k.shots, tc.game, w)))
				k.fits(t, w)
			}
		})
	}
}

// pickByKeys picks, by the keyboard, the first place that has
// destinations: Tab to the board, the arrows, Enter. On a board whose
// moves are all one click (Doublets), it goes to a place that can move.
func (k *keyboard) pickByKeys(t *testing.T) {
	k.tabTo(t, boardStop)
	p := fromJSON[struct{ Place, Movable string }](t, k.js(t, `(() => {
		const bd = JSON.parse(document.getElementById("play").dataset.board), from = Object.keys(bd.from);
		return JSON.stringify({Place: from.find(p => bd.from[p].to && !bd.from[p].direct) || "", Movable: from[from.length - 1] || ""});
	})()`))
	if p.Place == "" {
		require.NotEmpty(t, p.Movable, "a place that can move")
		k.arrowTo(t, p.Movable)
	} else {
		k.arrowTo(t, p.Place)
		k.press(t, kb.Enter, false)
		k.wait(t, `document.querySelectorAll("#places .tile.dest").length > 0`)
		assert.Equal(t, p.Place, k.onBoard(t))
	}
	assert.Equal(t, "true", k.js(t, `String(document.activeElement.matches(":focus-visible"))`), "the focus shows")
}

// fits checks the page laid out width px wide: tiles big enough for a
// finger on a phone, labels and the page within their bounds.
func (k *keyboard) fits(t *testing.T, width int) {
	var m struct {
		MinW, MinH   float64
		Cut          []string
		Page, Screen int
	}
	require.NoError(t, json.Unmarshal([]byte(k.js(t, `JSON.stringify((() => {
		const tiles = [...document.querySelectorAll("#places .tile[data-place]")];
		const rs = tiles.map(e => e.getBoundingClientRect());
		return {MinW: Math.min(...rs.map(r => r.width)), MinH: Math.min(...rs.map(r => r.height)),
			Cut: tiles.filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent),
			Page: document.documentElement.scrollWidth, Screen: window.innerWidth};
	})())`)), &m))
	if width < 700 {
		assert.GreaterOrEqual(t, m.MinW, 56.0, "tiles' width at %d px", width)
		assert.GreaterOrEqual(t, m.MinH, 56.0, "tiles' height at %d px", width)
	}
	assert.Empty(t, m.Cut, "labels cut off at %d px", width)
	assert.LessOrEqual(t, m.Page, m.Screen, "the page is no wider than the screen at %d px", width)
}
