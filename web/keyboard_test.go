package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestKeyboardGame: in a real browser, Ann signs in and plays a whole
// Double Agent deal to a win with the keyboard alone (Tab, Shift+Tab,
// the arrows, Enter; no pointer, no click made by script): the solver's
// moves, each made on the board (a place, then its destination) or, when
// the board's move between those places is another, from the list of
// legal moves. Tab reaches the board once; the focus stays where it was
// after every move, after Undo and after a move made elsewhere, and it
// shows; the arrows reach every place.
func TestKeyboardGame(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, func(l *web.Limits) { l.MovesPerSecond, l.MoveBurst = 1000, 1000 })
	k := &keyboard{player: player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}}, rig: rig}}
	moves := solution(t, "doubleagent", 12)
	id, token := rig.deal(t, "doubleagent", 12, ann)
	k.signIn(t, token)

	k.tabTo(t, boardStop)
	k.everyPlace(t)
	undone, version := false, 0
	for i := 0; i < len(moves); i++ {
		how := k.play(t, moves[i])
		if i == len(moves)-1 {
			break
		}
		version++
		k.waitVersion(t, version)
		if how != "command" {
			require.NotEmpty(t, k.onBoard(t), "after move %d (%s) the focus is still on the board", i+1, moves[i])
		}
		if !undone && k.js(t, `document.querySelector('#commands [data-move="undo"]') ? "yes" : ""`) != "" {
			version = k.undo(t, version, moves[i])
			undone = true
		}
		if i == 20 { // the next move is made elsewhere, the focus on the board
			version++
			k.elsewhere(t, id, version, moves[21])
			i++
		}
	}
	assert.True(t, undone, "a move was undone")
	k.reloaded(t, `!!document.querySelector(".ending")`)
	assert.Contains(t, k.js(t, `document.querySelector(".ending").textContent`), "Won")
	row, _ := rig.record(t, id)
	assert.Equal(t, "won", row.Status.String())
	assert.Positive(t, k.byBoard)
	t.Logf("%d moves: %d on the board, %d from the list; %d Tab, %d arrow, %d Enter presses",
		len(moves), k.byBoard, k.byList, k.tabs, k.arrows, k.enters)
	require.Empty(t, rig.fake.Violations())
}

// boardStop is the selector of the board's one Tab stop.
const boardStop = `#places .tile[tabindex="0"]`

// keyboard is a player who uses the keyboard alone, counting its keys.
type keyboard struct {
	player
	tabs, arrows, enters int
	byBoard, byList      int // moves made on the board, and from the list
}

// press presses key (kb's names), with Shift when shift.
func (k *keyboard) press(t *testing.T, key string, shift bool) {
	t.Helper()
	var opts []chromedp.KeyOption
	if shift {
		opts = append(opts, chromedp.KeyModifiers(chromedp.ModifierShift))
	}
	require.NoError(t, chromedp.Do(k.bounded(t), chromedp.KeyEvent(key, opts...)))
	switch key {
	case kb.Tab:
		k.tabs++
	case kb.Enter:
		k.enters++
	default:
		k.arrows++
	}
}

// signIn opens table token's page and signs in as Ann by the keyboard:
// Tab to "Sign in with Discord", Enter.
func (k *keyboard) signIn(t *testing.T, token string) {
	k.rig.fake.ApproveAs(ann.ID)
	k.open(t, "/t/"+token)
	k.tabTo(t, `.signin-btn`)
	k.navigating(t, chromedp.KeyEvent(kb.Enter))
	k.wait(t, `!!document.getElementById("play") && document.getElementById("play").dataset.ready === "1"`)
}

// tabTo presses Tab (or Shift+Tab, when sel's element comes before the
// focus) until what sel finds has the focus.
func (k *keyboard) tabTo(t *testing.T, sel string) {
	t.Helper()
	for range 40 {
		where := k.js(t, fmt.Sprintf(`(() => {
			const e = document.querySelector(%q), a = document.activeElement;
			if (!e) return "none";
			if (e === a) return "here";
			return a && a !== document.body && (a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING) ? "back" : "on";
		})()`, sel))
		require.NotEqual(t, "none", where, "the page has %s", sel)
		if where == "here" {
			return
		}
		k.press(t, kb.Tab, where == "back")
	}
	t.Fatalf("Tab never reached %s", sel)
}

// onBoard is the place whose tile has the focus ("" when none has).
func (k *keyboard) onBoard(t *testing.T) string {
	return k.js(t, `(() => { const e = document.activeElement; return e && e.closest("#places") && e.dataset.place || ""; })()`)
}

// keyPlan is how the board makes a move from the keyboard.
type keyPlan struct {
	How      string // "command", "direct", "twice" (Enter twice), "to", or "" (from the list)
	From, To string
}

// planKeys says how the keyboard makes m on the board now.
func (k *keyboard) planKeys(t *testing.T, m string) keyPlan {
	return fromJSON[keyPlan](t, k.js(t, fmt.Sprintf(`(() => {
		const m = %q, w = m.split(" "), bd = JSON.parse(document.getElementById("play").dataset.board);
		if (document.querySelector('#commands [data-move="' + m + '"]')) return JSON.stringify({How: "command"});
		for (const [p, f] of Object.entries(bd.from)) {
			if (f.direct === m) return JSON.stringify({How: f.to ? "twice" : "direct", From: p});
		}
		const f = bd.from[w[0]];
		if (f && f.to && w.length > 1 && f.to[w[1]] === m) return JSON.stringify({How: "to", From: w[0], To: w[1]});
		return JSON.stringify({How: ""});
	})()`, m)))
}

// play makes m by keys: a command's button, on the board, or from the
// list of legal moves (then Shift+Tab goes back to the board); it says
// how (keyPlan.How).
func (k *keyboard) play(t *testing.T, m string) string {
	t.Helper()
	p := k.planKeys(t, m)
	switch p.How {
	case "command":
		k.tabTo(t, fmt.Sprintf(`#commands [data-move=%q]`, m))
		k.press(t, kb.Enter, false)
		k.byBoard++
		return p.How
	case "":
		k.fromList(t, m)
		return p.How
	}
	if k.onBoard(t) == "" {
		k.tabTo(t, boardStop) // from a command's button
	}
	k.byBoard++
	k.arrowTo(t, p.From)
	k.press(t, kb.Enter, false)
	switch p.How {
	case "twice":
		k.wait(t, fmt.Sprintf(`document.activeElement.dataset.place === %q && document.activeElement.classList.contains("sel")`, p.From))
		k.press(t, kb.Enter, false)
	case "to":
		k.wait(t, fmt.Sprintf(`!!document.querySelector(%q)`, tile(p.To)+".dest"))
		k.arrowTo(t, p.To)
		k.press(t, kb.Enter, false)
	}
	return p.How
}

// arrowTo is player.arrowTo, its presses counted.
func (k *keyboard) arrowTo(t *testing.T, place string) {
	t.Helper()
	k.arrowsTo(t, place, func(key string) { k.press(t, key, false) })
}

// fromList makes m from the list of legal moves: Tab to the list, the
// arrows to m, Tab to Play, Enter; then back to the board.
func (k *keyboard) fromList(t *testing.T, m string) {
	t.Helper()
	k.byList++
	k.tabTo(t, `#move-list`)
	for range 200 {
		d := k.js(t, fmt.Sprintf(`(() => { const l = document.getElementById("move-list"), o = [...l.options].findIndex(o => o.value === %q);
			return o < 0 ? "missing" : o > l.selectedIndex ? "down" : o < l.selectedIndex ? "up" : "here"; })()`, m))
		require.NotEqual(t, "missing", d, "%s is a legal move", m)
		if d == "here" {
			break
		}
		k.press(t, map[bool]string{true: kb.ArrowDown, false: kb.ArrowUp}[d == "down"], false)
	}
	k.tabTo(t, `#move-form button`)
	k.press(t, kb.Enter, false)
	k.wait(t, `!document.getElementById("play").dataset.busy`)
	k.tabTo(t, boardStop)
}

// waitVersion waits for the board at version, answered.
func (k *keyboard) waitVersion(t *testing.T, version int) {
	t.Helper()
	k.wait(t, fmt.Sprintf(`document.getElementById("play").dataset.version === "%d" && !document.getElementById("play").dataset.busy`, version))
}

// everyPlace walks the arrows to every place of the board, and checks
// the focus shows (its ring drawn).
func (k *keyboard) everyPlace(t *testing.T) {
	names := fromJSON[[]string](t, k.js(t, `JSON.stringify([...document.querySelectorAll("#places .tile[data-place]")].map(e => e.dataset.place))`))
	require.NotEmpty(t, names)
	for _, p := range names {
		k.arrowTo(t, p)
		assert.Equal(t, "solid", k.js(t, `document.activeElement.matches(":focus-visible") ? getComputedStyle(document.activeElement).outlineStyle : "no focus ring"`), p)
	}
}

// undo, with the board at version after m: Tab to Undo, Enter (an undo
// is a move of its own: the version goes on); the focus stays on Undo, or
// with none left, goes to the board; then m again. It returns the version
// after m.
func (k *keyboard) undo(t *testing.T, version int, m string) int {
	k.tabTo(t, `#commands [data-move="undo"]`)
	k.press(t, kb.Enter, false)
	k.waitVersion(t, version+1)
	assert.Equal(t, "true", k.js(t, `String(document.activeElement.dataset.move === "undo" ||
		!document.querySelector('#commands [data-move="undo"]') && document.activeElement.matches('`+boardStop+`'))`),
		"after Undo the focus stays on it, or on the board")
	k.tabTo(t, boardStop)
	k.play(t, m)
	k.waitVersion(t, version+2)
	return version + 2
}

// elsewhere makes m at table id as a click in Discord would, with the
// keyboard's focus on the board: the page follows to version, and the
// focus stays on the same place.
func (k *keyboard) elsewhere(t *testing.T, id int64, version int, m string) {
	at := k.onBoard(t)
	reg, _ := shared()
	tb, err := play.Load(context.Background(), k.rig.st, reg.Engines(), id)
	require.NoError(t, err)
	require.NoError(t, tb.Apply(context.Background(), 0, m))
	k.rig.srv.Notify(id)
	k.waitVersion(t, version)
	assert.Equal(t, at, k.onBoard(t), "after a move made elsewhere the focus stays where it was")
}
