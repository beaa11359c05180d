package web_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestPlayInBrowser: in a real browser, Ann signs in through the fake
// Discord's OAuth2 from a table page, then plays a whole Doublets deal by
// drag and drop and a whole Double FreeCell deal by clicks (a place, then
// its destination), the solver's moves, each to a win that the store
// records; the first moves of another deal by keyboard alone, and the
// next made elsewhere shows on the page at once. The
// playable tables are screenshot at 390 and 1280 px.
func TestPlayInBrowser(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, func(l *web.Limits) { l.MovesPerSecond, l.MoveBurst = 1000, 1000 })
	b := &player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}, shots: webtest.ShotsDir(t)}, rig: rig}
	t.Logf("screenshots in %s", b.shots)
	dID, doublets := rig.deal(t, "doublets", 29, ann)
	b.signIn(t, doublets)

	t.Run("doublets by drag and drop", func(t *testing.T) {
		b.playAll(t, doublets, solution(t, "doublets", 29), b.drag, "doublets")
		row, _ := rig.record(t, dID)
		assert.Equal(t, "won", row.Status.String())
		assert.Positive(t, b.drags)
		t.Logf("%d moves by drag and drop", b.drags)
	})
	t.Run("double freecell by clicks", func(t *testing.T) {
		moves := solution(t, "doublefreecell", 6)
		fID, token := rig.deal(t, "doublefreecell", 6, ann)
		b.open(t, "/t/"+token)
		b.playAll(t, token, moves, b.clicks, "doublefreecell")
		row, _ := rig.record(t, fID)
		assert.Equal(t, "won", row.Status.String())
	})
	t.Run("keyboard", func(t *testing.T) {
		moves := solution(t, "doublefreecell", 4)
		id, token := rig.deal(t, "doublefreecell", 4, ann)
		b.open(t, "/t/"+token)
		b.wait(t, `document.getElementById("play").dataset.ready === "1"`)
		for i, m := range moves[:5] {
			b.keys(t, m)
			b.wait(t, fmt.Sprintf(`document.getElementById("play").dataset.version === "%d"`, i+1))
		}
		assert.Equal(t, 1, b.focused, "after a move the focus stays on the board")
		// A move made elsewhere (a click in Discord): the page's board and
		// picture follow it.
		reg, _ := shared()
		elsewhere, err := play.Load(context.Background(), rig.st, reg.Engines(), id)
		require.NoError(t, err)
		require.NoError(t, elsewhere.Apply(context.Background(), 0, moves[5]))
		rig.srv.Notify(id)
		b.wait(t, `document.getElementById("play").dataset.version === "6" && document.getElementById("picture").getAttribute("src").endsWith("/at/6.png")`)
		// Resign asks first: the first click only asks "Sure?".
		b.click(t, `#commands [data-move="resign"]`)
		assert.Equal(t, "Sure? Resign", b.js(t, `document.querySelector('#commands [data-move="resign"]').textContent`))
		row, _ := rig.record(t, id)
		assert.Equal(t, "playing", row.Status.String())
		b.click(t, `#commands [data-move="resign"]`)
		b.reloaded(t, `!!document.querySelector(".ending")`)
		assert.Contains(t, b.js(t, `document.querySelector(".ending").textContent`), "Lost")
	})
	require.Empty(t, rig.fake.Violations())
}

// player is a browser signed in at a playRig.
type player struct {
	browser
	rig     *playRig
	drags   int // moves made by dragging
	again   int // moves made again by the list: the page took the pointer elsewhere
	focused int // times the keyboard's player had to find the board again
}

// signIn opens table token's page, clicks "Sign in with Discord" and
// comes back signed in as Ann, the board ready.
func (b *player) signIn(t *testing.T, token string) {
	b.rig.fake.ApproveAs(ann.ID)
	b.open(t, "/t/"+token)
	assert.Empty(t, b.js(t, `document.getElementById("play") ? "board" : ""`), "no board before signing in")
	if b.shots != "" {
		b.wait(t, loaded("#picture"))
		b.shoot(t, "play-signed-out")
	}
	b.navigating(t, chromedp.Click(chromedp.CSS(`.signin-btn`)))
	b.wait(t, `!!document.getElementById("play") && document.getElementById("play").dataset.ready === "1"`)
	assert.Equal(t, "Signed in as Ann", b.js(t, `document.querySelector(".signin span").textContent`))
}

// playAll plays moves at table token's open page with do, each awaited
// (the board at the next version), to the game's end, when the page
// becomes the replay. Screenshots are taken at the fifth move.
func (b *player) playAll(t *testing.T, token string, moves []string, do func(*testing.T, string) bool, name string) {
	b.wait(t, `document.getElementById("play").dataset.ready === "1"`)
	fallbacks := 0
	for i, m := range moves {
		if !do(t, m) {
			fallbacks++
			b.listMove(t, m)
		}
		if i == len(moves)-1 {
			break
		}
		b.moved(t, i+1, m)
		if i == 4 {
			b.wait(t, loaded("#picture"))
			b.shoot(t, "play-"+name)
		}
	}
	t.Logf("%s: %d moves, %d through the move list (the board's move between those places was another), %d again by the list (a pointer the page took elsewhere)",
		name, len(moves), fallbacks, b.again)
	b.reloaded(t, `!!document.querySelector(".ending")`)
	assert.Contains(t, b.js(t, `document.querySelector(".ending").textContent`), "Won")
}

// reloaded waits for expr on a page that is reloading (the live stream's
// "reload" at the game's end): a wait cut by the reload waits again.
func (b *player) reloaded(t *testing.T, expr string) {
	t.Helper()
	var err error
	for range 5 {
		if _, err = chromedp.Run(b.bounded(t), chromedp.Poll[chromedp.Void](expr)); err == nil || !strings.Contains(err.Error(), "-32000") {
			break
		}
	}
	require.NoError(t, err, "waiting for %s", expr)
}

// plan is how the board makes a move, and where on the screen.
type plan struct {
	How            string // "command", "direct", "to", or "" (the board makes another move between its places)
	X0, Y0, X1, Y1 float64
}

// plan says how the board makes m: "command" (its button, at X0 Y0),
// "direct" (a click on its first place at X0 Y0, or a drop on the drop
// zone at X1 Y1), "to" (its first place, then its second at X1 Y1).
func (b *player) plan(t *testing.T, m string) plan {
	return fromJSON[plan](t, b.js(t, fmt.Sprintf(`(() => {
		const m = %q, w = m.split(" "), bd = JSON.parse(document.getElementById("play").dataset.board);
		document.getElementById("places").scrollIntoView({block: "center"});
		const at = el => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
		const tile = p => document.querySelector('#places .tile[data-place="' + p + '"]');
		const cmd = document.querySelector('#commands [data-move="' + m + '"]');
		if (cmd) { cmd.scrollIntoView({block: "center"}); const [x, y] = at(cmd); return JSON.stringify({How: "command", X0: x, Y0: y}); }
		const f = bd.from[w[0]];
		if (f && f.direct === m) {
			const [x0, y0] = at(tile(w[0])), drop = document.querySelector("#places .tile.drop");
			const [x1, y1] = drop ? at(drop) : [0, 0];
			return JSON.stringify({How: "direct", X0: x0, Y0: y0, X1: x1, Y1: y1});
		}
		if (f && f.to && w.length > 1 && f.to[w[1]] === m) {
			const [x0, y0] = at(tile(w[0])), [x1, y1] = at(tile(w[1]));
			return JSON.stringify({How: "to", X0: x0, Y0: y0, X1: x1, Y1: y1});
		}
		return JSON.stringify({How: ""});
	})()`, m)))
}

// clicks makes m by clicking: a command, a place's own move, or a place
// then its destination. False if the board has no such clicks for m.
func (b *player) clicks(t *testing.T, m string) bool {
	p := b.plan(t, m)
	switch p.How {
	case "command", "direct":
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.MouseClickXY(p.X0, p.Y0)))
	case "to":
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.MouseClickXY(p.X0, p.Y0), chromedp.MouseClickXY(p.X1, p.Y1)))
	default:
		return false
	}
	return true
}

// drag makes m by dragging its place onto its destination, or a card whose
// move has none onto the drop zone (a command is clicked).
func (b *player) drag(t *testing.T, m string) bool {
	p := b.plan(t, m)
	if p.How != "to" && p.How != "direct" {
		return b.clicks(t, m)
	}
	b.drags++
	held := func(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }
	require.NoError(t, chromedp.Do(b.bounded(t),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, p.X0, p.Y0, held, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (p.X0+p.X1)/2, (p.Y0+p.Y1)/2, held),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p.X1, p.Y1, held),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, p.X1, p.Y1, held, chromedp.ClickCount(1))))
	return true
}

// direct is the board's one-click move on place a ("" if none).
func (b *player) direct(t *testing.T, a string) string {
	return b.js(t, fmt.Sprintf(`(() => { const f = JSON.parse(document.getElementById("play").dataset.board).from[%q]; return (f && f.direct) || ""; })()`, a))
}

// keys makes m from the keyboard: the board's tab stop, arrows to the
// place, Enter; then arrows to the destination, Enter.
func (b *player) keys(t *testing.T, m string) {
	w := strings.Fields(m)
	if b.js(t, `document.activeElement && document.activeElement.dataset.place ? "on the board" : ""`) == "" {
		// The first move: the board's one tab stop (after a move, the
		// focus stays on the board).
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.Focus(chromedp.CSS(`#places .tile[tabindex="0"]`))))
		b.focused++
	}
	for _, place := range w[:min(2, len(w))] {
		b.arrowTo(t, place)
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.KeyEvent(kb.Enter)))
		if b.direct(t, w[0]) == m {
			return
		}
	}
}

// arrowTo presses arrow keys until place's tile has the focus.
func (b *player) arrowTo(t *testing.T, place string) {
	b.arrowsTo(t, place, func(key string) {
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.KeyEvent(key)))
	})
}

// arrowsTo presses arrow keys (kb's names) with press until place's tile
// has the focus.
func (b *player) arrowsTo(t *testing.T, place string, press func(key string)) {
	t.Helper()
	for range 20 {
		at := b.js(t, `(() => { const e = document.activeElement; return e && e.dataset.place ? e.dataset.r + " " + e.dataset.c : ""; })()`)
		want := b.js(t, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e.dataset.r + " " + e.dataset.c; })()`, tile(place)))
		require.NotEmpty(t, at, "a tile has the focus")
		if at == want {
			return
		}
		var r0, c0, r1, c1 int
		_, _ = fmt.Sscan(at, &r0, &c0)
		_, _ = fmt.Sscan(want, &r1, &c1)
		key := map[bool]string{true: kb.ArrowDown, false: kb.ArrowUp}[r1 > r0]
		if r0 == r1 {
			key = map[bool]string{true: kb.ArrowRight, false: kb.ArrowLeft}[c1 > c0]
		}
		press(key)
	}
	t.Fatalf("the arrows never reached %s", place)
}

// listMove makes m from the list of legal moves (the path without a
// pointer: a screen reader's, or the keyboard's).
func (b *player) listMove(t *testing.T, m string) {
	require.NoError(t, chromedp.Do(b.bounded(t),
		chromedp.SetValue(chromedp.CSS(`#move-list`), m),
		chromedp.Click(chromedp.CSS(`#move-form button`))))
}

// moved waits for the board at version (m made and answered). A pointer
// the page took elsewhere (the board redrawn under it on a busy machine: a
// place picked, not a move) leaves the version where it was: then m is
// made again by the list of legal moves, and awaited.
func (b *player) moved(t *testing.T, version int, m string) {
	t.Helper()
	expr := fmt.Sprintf(`document.getElementById("play").dataset.version === "%d" && !document.getElementById("play").dataset.busy`, version)
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout/3)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr)); err == nil {
		return
	}
	if b.js(t, `document.getElementById("play").dataset.version`) != strconv.Itoa(version) {
		b.again++
		b.listMove(t, m)
	}
	b.wait(t, expr)
}

// tile is the selector of place's tile.
func tile(place string) string { return fmt.Sprintf(`#places .tile[data-place=%q]`, place) }

// click clicks what sel finds.
func (b *player) click(t *testing.T, sel string) {
	require.NoError(t, chromedp.Do(b.bounded(t), chromedp.Click(chromedp.CSS(sel))))
}
