package web_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/web/webtest"
)

// TestSeatInBrowser: in a real browser, Ann signs in at a table of The
// Agents and plays her turns from her seat's menu, one step a click
// (seat.js: the page is never left); a move Bob makes elsewhere shows
// on her page at once, the table and her seat. Her seat is screenshot at
// 390 and 1280 px at her turn.
func TestSeatInBrowser(t *testing.T) {
	t.Parallel()
	rig := newSeatRig(t, nil)
	tb, token := rig.dealMulti(t, "theagents", "goal=20", 3)
	b := &browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}, shots: webtest.ShotsDir(t)}
	t.Logf("screenshots in %s", b.shots)
	rig.fake.ApproveAs(ann.ID)
	b.open(t, "/signin?next=/t/"+token)
	b.wait(t, `!!document.querySelector("#seat .seat-now") && document.querySelector("[data-events]").dataset.connected === "1"`)
	bob := playLikeTheBot(rig.st, func(id int64) { rig.srv.Notify(id) })
	ctx := context.Background()
	shown := func(n int) string {
		return fmt.Sprintf(`document.getElementById("moves").textContent === "%d" && !!document.querySelector("#seat .seat-now[data-version='%d']")`, n, n)
	}
	annMoves, bobMoves, shot := 0, 0, false
	for turns := 0; annMoves < 3 || bobMoves < 1; turns++ {
		require.Less(t, turns, 100, "Ann and Bob both play")
		require.NoError(t, tb.Sync(ctx))
		require.False(t, tb.Game.Status().Finished())
		b.wait(t, shown(tb.Game.Moves()))
		if !games.CanAct(tb.Game, 0) {
			// Bob's move, made elsewhere (in Discord, say).
			require.NoError(t, bob(ctx, tb.Row.ID, "310000000000000002", tb.Game.Legal(1)[0].String(), tb.Game.Moves()))
			bobMoves++
			continue
		}
		if !shot {
			b.wait(t, loaded("#hand"))
			b.shoot(t, "seat-theagents")
			shot = true
		}
		before := tb.Game.Moves()
		for steps := 0; ; steps++ {
			require.Less(t, steps, 10, "the menu reaches a move")
			if b.js(t, `document.querySelector("#seat form.seat-move button:not([disabled])") ? "move" : ""`) == "move" {
				break
			}
			require.Equal(t, "choice", b.js(t, `document.querySelector("#seat a.seat-choice") ? "choice" : ""`),
				"Ann's turn offers a move or a choice: %s", b.js(t, `document.getElementById("seat").innerHTML`))
			words := b.js(t, `document.querySelector("#seat a.seat-choice").dataset.words`)
			b.js(t, `document.querySelector("#seat a.seat-choice").click(), ""`)
			b.wait(t, `document.querySelector("#seat .seat-menu")?.dataset.prefix === `+strconv.Quote(words))
			assert.Contains(t, b.js(t, `document.querySelector("#seat .seat-sofar").textContent`), "So far", "after %q", words)
		}
		b.js(t, `document.querySelector("#seat form.seat-move button:not([disabled])").click(), ""`)
		b.wait(t, `Number(document.querySelector("#seat .seat-now").dataset.version) > `+strconv.Itoa(before))
		annMoves++
	}
	assert.Equal(t, "", b.js(t, `location.search`), "the menu's steps never left the page")
	t.Logf("Ann made %d moves from the page, Bob %d elsewhere", annMoves, bobMoves)
}
