package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// seatBrowser is one player's browser (a browser context of its own: its
// own cookies) at the web pages.
type seatBrowser struct {
	ctx  context.Context
	base string
}

// bounded is the browser's context, bounded for one step.
func (b seatBrowser) bounded(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(b.ctx, wait)
	t.Cleanup(cancel)
	return c
}

// open opens the page at path.
func (b seatBrowser) open(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, chromedp.Do(b.bounded(t), chromedp.Navigate(b.base+path)))
}

// js is what the expression expr gives on the page.
func (b seatBrowser) js(t *testing.T, expr string) string {
	t.Helper()
	v, err := chromedp.Run(b.bounded(t), chromedp.Evaluate[string](expr))
	require.NoError(t, err, expr)
	return v
}

// wait waits until the page makes expr true (the browser's own polling).
func (b seatBrowser) wait(t *testing.T, expr string) {
	t.Helper()
	_, err := chromedp.Run(b.bounded(t), chromedp.Poll[chromedp.Void](expr))
	require.NoError(t, err, "waiting for %s", expr)
}

// showsMove is true once the page shows the table and the seat after n
// moves.
func showsMove(n int) string {
	return fmt.Sprintf(`document.getElementById("moves").textContent === "%d" && !!document.querySelector("#seat .seat-now[data-version='%d']")`, n, n)
}

// enabledMove finds the first move the seat's part lets its player make.
const enabledMove = `#seat form.seat-move button:not([disabled])`

// startPagesBeside serves the web pages beside h's bot, as `dealer run`
// does: the bot's store, moves at multiplayer tables made by the bot
// (PlayFromWeb), each change pushed to the live pages (the bot's
// OnChange), signing in through the fake Discord's OAuth2.
func startPagesBeside(t *testing.T, h *harness) string {
	t.Helper()
	var pages atomic.Pointer[web.Server]
	h.onChange = func(id int64) {
		if p := pages.Load(); p != nil {
			p.Notify(id)
		}
	}
	h.restart()
	ln, base := webtest.Listen(t)
	h.fake.SetOAuth("fake-client-secret", base+"/signin/callback")
	srv, err := web.New(web.Config{Store: h.st, Games: catalog.Registry(), Renderer: renderer, Watch: -1, PublicURL: base,
		SignIn: &web.SignIn{ClientID: h.fake.AppID(), ClientSecret: "fake-client-secret", SessionKey: []byte(strings.Repeat("k", 32)), Discord: h.fake.URL()},
		Moved:  h.bot.TableMoved, Play: h.bot.PlayFromWeb})
	require.NoError(t, err)
	pages.Store(srv)
	webtest.Serve(t, ln, srv, srv)
	return base
}

// movePattern reads the move count a table message shows.
var movePattern = regexp.MustCompile(` · move (\d+)\n`)

// TestWebAndDiscordPlayOneTable: two players in their browsers and two in
// Discord play one Secret Agent table, two whole tricks round the table:
// after each web move the table's message in Discord shows it, and after
// each move (a Discord click too) both pages show the table and their own
// seat at it. The seated tables are screenshot at 390 and 1280 px.
func TestWebAndDiscordPlayOneTable(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol"})
	h.fake.AddUser(discordtest.User{ID: dave, Name: "dave"})
	base := startPagesBeside(t, h)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	r := lobby
	for _, u := range []string{bob, carol, dave} {
		r = h.click(lobby.ID, u, button(t, r.Message, "Join").CustomID)
	}
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	id := tableOf(t, lobby.Message)
	ctx := context.Background()
	token, err := h.st.TableToken(ctx, id)
	require.NoError(t, err)

	root := webtest.Browser(t)
	browsers := map[string]seatBrowser{}
	for _, u := range []string{alice, bob} {
		bctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		b := seatBrowser{ctx: bctx, base: base}
		h.fake.ApproveAs(u)
		b.open(t, "/signin?next="+"/t/"+token)
		b.wait(t, `!!document.querySelector("#seat .seat-now") && document.querySelector("[data-events]").dataset.connected === "1"`)
		browsers[u] = b
	}
	shots := webtest.ShotsDir(t)
	t.Logf("screenshots in %s", shots)

	const tricks = 2
	by := map[string]int{}
	var took []time.Duration // from a click to the move shown in Discord and on both pages
	for range tricks * 4 {
		tb, err := play.Load(ctx, h.st, catalog.Registry().Engines(), id)
		require.NoError(t, err)
		seat := games.WaitingOn(tb.Game)[0]
		user, before := tb.Player(seat).UserID, tb.Game.Moves()
		var start time.Time
		if b, ok := browsers[user]; ok {
			b.wait(t, showsMove(before)+` && !!document.querySelector("`+enabledMove+`")`)
			if by["web"] == 0 { // the seat at its turn, its cards to click
				for _, w := range []int{390, 1280} {
					require.NoError(t, webtest.Screenshot(b.bounded(t), w, filepath.Join(shots, fmt.Sprintf("seat-secretagent-%d.png", w))))
				}
			}
			start = time.Now()
			b.js(t, `document.querySelector("`+enabledMove+`").click(), ""`)
			by["web"]++
		} else {
			table, _ := h.fake.Message(lobby.ID)
			hand := h.click(lobby.ID, user, button(t, table, "My hand").CustomID)
			btn, ok := hand.Message.EnabledButton("")
			require.True(t, ok, "the player to act has a card to play")
			start = time.Now()
			h.click(hand.ID, user, btn.CustomID)
			by["discord"]++
		}
		now := h.shownAfter(t, lobby.ID, before)
		assert.Len(t, h.storedMoves(id), now, "the message shows the table as stored")
		for _, b := range browsers {
			b.wait(t, showsMove(now))
		}
		took = append(took, time.Since(start).Round(time.Millisecond))
	}
	assert.GreaterOrEqual(t, by["web"], tricks, "the browsers played")
	assert.GreaterOrEqual(t, by["discord"], tricks, "Discord's players played")
	t.Logf("moves: %v; each shown everywhere after %v", by, took)
}

// shownAfter waits until the table's message in Discord shows a move
// after before, and returns the move count it shows.
func (h *harness) shownAfter(t *testing.T, messageID string, before int) int {
	t.Helper()
	shown := func(m discordtest.Message) int {
		got := movePattern.FindStringSubmatch(m.Text())
		if got == nil {
			return -1
		}
		n, _ := strconv.Atoi(got[1])
		return n
	}
	m, err := h.fake.WaitMessage(messageID, wait, func(m discordtest.Message) bool { return shown(m) > before })
	require.NoError(t, err, "the Discord message shows the move after %d", before)
	return shown(m)
}
