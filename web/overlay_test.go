package web_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestOverlayBoard: with Config.Overlay, in a real browser, the board's
// places are clear regions over the picture, each inside it and over its
// place as the renderer reports it; a click on a region and one on its
// lit destination make the move, and the regions follow the new picture.
func TestOverlayBoard(t *testing.T) {
	t.Parallel()
	rig := newPlayRigConfig(t, func(_ *playRig, c *web.Config) { c.Overlay = true })
	k := &keyboard{player: player{browser: browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}}, rig: rig}}
	token := benchTable(t, rig, "doubleagent", 12)
	k.signIn(t, token)
	moves := solution(t, "doubleagent", 12)
	for i, m := range moves[5:9] {
		k.wait(t, loaded("#picture"))
		k.overlaid(t)
		k.clickRegions(t, m)
		k.waitVersion(t, 6+i)
	}
}

// overlaid checks that every place's region lies over its rectangle in
// the picture as it is shown.
func (k *keyboard) overlaid(t *testing.T) {
	var got struct {
		Regions, Places int
		Off             []string
	}
	require.NoError(t, json.Unmarshal([]byte(k.js(t, `JSON.stringify((() => {
		const bd = JSON.parse(document.getElementById("play").dataset.board), pic = document.getElementById("picture").getBoundingClientRect();
		const k = pic.width / bd.rects.w, tiles = [...document.querySelectorAll("#places.overlay .tile[data-place]")], off = [];
		for (const t of tiles) {
			const r = t.getBoundingClientRect(), [x, y, w, h] = bd.rects.rects[t.dataset.place];
			if (Math.abs(r.x - (pic.x + x * k)) > 1 || Math.abs(r.y - (pic.y + y * k)) > 1 || Math.abs(r.width - w * k) > 1 || Math.abs(r.height - h * k) > 1) off.push(t.dataset.place);
		}
		return {Regions: tiles.length, Places: Object.keys(bd.rects.rects).length, Off: off};
	})())`)), &got))
	assert.Equal(t, got.Places, got.Regions, "a region a place")
	assert.Positive(t, got.Regions)
	assert.Empty(t, got.Off, "regions off their places")
	assert.Equal(t, "true", k.js(t, `String(document.getElementById("picture").parentNode.contains(document.getElementById("places")))`), "the regions are on the picture")
}

// clickRegions makes m by clicking its places' regions: its place (twice
// when that only picks it), or its place and then its lit destination.
func (k *keyboard) clickRegions(t *testing.T, m string) {
	p := k.planKeys(t, m)
	require.Contains(t, []string{"direct", "twice", "to"}, p.How, "the board makes %s", m)
	click := func(place string) {
		at := fromJSON[struct{ X, Y float64 }](t, k.js(t, fmt.Sprintf(`(() => { const e = document.querySelector(%q);
			e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
			return JSON.stringify({X: r.x + r.width / 2, Y: r.y + r.height / 2}); })()`, tile(place))))
		require.NoError(t, chromedp.Do(k.bounded(t), chromedp.MouseClickXY(at.X, at.Y)))
	}
	click(p.From)
	switch p.How {
	case "twice":
		k.wait(t, fmt.Sprintf(`!!document.querySelector(%q)`, tile(p.From)+".sel"))
		click(p.From)
	case "to":
		k.wait(t, fmt.Sprintf(`!!document.querySelector(%q)`, tile(p.To)+".dest"))
		click(p.To)
	}
}
