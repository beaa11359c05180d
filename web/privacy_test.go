package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web/webtest"
)

// TestNoHiddenCardBeforeTheEnd: no page shows a card a spectator could not
// see in Discord at that moment. Whole games of Secret Agent and The Agents
// are played by computer players, and at every move: the live page's HTML
// and the live stream's JSON hold none of any seat's private cards (hands,
// Secret Agent's assignments, The Agents' missions) nor its private facts;
// the picture the page shows is byte for byte the spectator's picture the
// renderer draws; hands and the move log are not served. Once the game is
// over, the replay shows every hand.
func TestNoHiddenCardBeforeTheEnd(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 1, Rand: 11}, -1)
	cases := []struct {
		game, options string
		seats         int
	}{
		// House rules shorten the games; what is hidden is the same.
		{"secretagent", "deals=1", 4},
		{"theagents", "goal=20", 3},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			tb := openComputerTable(t, f, tc.game, tc.seats, tc.options)
			token := f.token(t, tb.Row.ID)
			// The check itself sees a hand where there is one: in a seat's
			// own view.
			own, err := json.Marshal(tb.Game.View(0))
			require.NoError(t, err)
			seen := false
			for _, s := range hidden(t, f, tb) {
				seen = seen || s.re.Match(own)
			}
			require.True(t, seen, "the check finds no card of seat 0 in its own view")

			events := f.stream(t, token, "")
			checked := 0
			for !tb.Game.Status().Finished() {
				f.checkLive(t, tb, token, events)
				checked++
				computerMove(t, tb)
				f.srv.Notify(tb.Row.ID)
			}
			f.checkLive(t, tb, token, events) // the last move, before Finish
			require.NoError(t, tb.Finish(context.Background()))
			f.srv.Notify(tb.Row.ID)
			ev, _ := events.next(t)
			assert.Equal(t, "reload", ev, "the end turns the page into the replay")
			t.Logf("%s: %d states checked", tc.game, checked+1)

			// Over: the replay, with every hand, as the renderer draws it.
			code, html := f.get(t, "/t/"+token)
			require.Equal(t, http.StatusOK, code)
			assert.Contains(t, html, "data-replay")
			for seat := range tc.seats {
				code, png := f.get(t, fmt.Sprintf("/t/%s/at/%d/%d.png", token, tb.Game.Moves(), seat))
				require.Equal(t, http.StatusOK, code)
				assert.Equal(t, string(handPicture(t, f, tb, games.Seat(seat))), png, "seat %d's hand", seat)
			}
		})
	}
}

// checkLive checks every page of tb as it is now, before its end.
func (f *fixture) checkLive(t *testing.T, tb *play.Table, token string, events *sse) {
	t.Helper()
	n := tb.Game.Moves()
	var data string
	for { // the stream's event of this move
		ev, d := events.next(t)
		require.Equal(t, "table", ev, "move %d", n)
		var live struct{ Moves int }
		require.NoError(t, json.Unmarshal([]byte(d), &live))
		if live.Moves == n {
			data = d
			break
		}
		require.Less(t, live.Moves, n, "the stream is ahead of the game")
	}
	code, html := f.get(t, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	for _, secret := range hidden(t, f, tb) {
		assert.False(t, secret.re.MatchString(html), "move %d: the page shows %s", n, secret.what)
		assert.False(t, secret.re.MatchString(data), "move %d: the stream shows %s", n, secret.what)
	}
	assert.NotContains(t, html, "data-replay", "move %d: no replay before the end", n)
	assert.NotContains(t, html, `class="moves"`, "move %d: no move log before the end", n)

	var live struct{ Picture string }
	require.NoError(t, json.Unmarshal([]byte(data), &live))
	assert.Contains(t, html, live.Picture, "the page and the stream show the same picture")
	code, png := f.get(t, live.Picture)
	require.Equal(t, http.StatusOK, code)
	show, _ := f.reg.Lookup(tb.Info.Name)
	want, err := show.Table(f.rend, tb.Game.View(games.Spectator), render.Params{Names: tb.Names()})
	require.NoError(t, err)
	require.True(t, string(want) == png, "move %d: the picture served is not the spectator's picture", n)

	for seat := range tb.Row.Seats {
		code, _ := f.get(t, fmt.Sprintf("/t/%s/at/%d/%d.png", token, n, seat))
		assert.Equal(t, http.StatusNotFound, code, "move %d: seat %d's hand is not shown", n, seat)
	}
	code, _ = f.get(t, fmt.Sprintf("/t/%s/at/%d.png", token, n+1))
	assert.Equal(t, http.StatusNotFound, code, "no picture of a move not made")
}

// secret is one private fact of a seat, and how it would look on a page.
type secret struct {
	what string
	re   *regexp.Regexp
}

// hidden lists what no spectator may see now: each seat's private facts,
// and the cards in its hands (by name, code and key), from the game's
// complete state.
func hidden(t *testing.T, f *fixture, tb *play.Table) []secret {
	t.Helper()
	show, _ := f.reg.Lookup(tb.Info.Name)
	var out []secret
	word := func(what, s string) {
		out = append(out, secret{what, regexp.MustCompile(`(^|[^\pL\pN])` + regexp.QuoteMeta(s) + `($|[^\pL\pN])`)})
	}
	names := tb.Names()
	for seat := range tb.Row.Seats {
		if facts := show.Private(tb.Game.View(games.Seat(seat)), render.Params{Names: names}); facts != "" {
			for _, line := range strings.Split(facts, "\n") {
				if line = strings.TrimSpace(line); len(line) > 8 {
					word(fmt.Sprintf("seat %d's private facts", seat), line)
				}
			}
		}
	}
	switch st := tb.Game.(games.Stater).State().(type) {
	case secretagent.State:
		for seat, hand := range st.Hands {
			for _, c := range hand {
				word(fmt.Sprintf("seat %d's %v", seat, c), c.String())
				word(fmt.Sprintf("seat %d's %v", seat, c), c.Code())
			}
		}
	case theagents.State:
		for seat, hand := range st.Hands {
			for _, c := range hand {
				word(fmt.Sprintf("seat %d's agent %s", seat, c.Agent), c.Agent)
			}
		}
		for seat, hand := range st.MissionHands {
			for _, m := range hand {
				word(fmt.Sprintf("seat %d's mission %s", seat, m.Mission), m.Mission)
			}
		}
	default:
		t.Fatalf("no hidden cards known for %T", st)
	}
	return out
}

// handPicture is seat's hand as the renderer draws it now.
func handPicture(t *testing.T, f *fixture, tb *play.Table, seat games.Seat) []byte {
	t.Helper()
	var legal []string
	for _, m := range tb.Game.Legal(seat) {
		legal = append(legal, m.String())
	}
	show, _ := f.reg.Lookup(tb.Info.Name)
	png, err := show.Hand(f.rend, tb.Game.View(seat), render.Params{Names: tb.Names(), Legal: legal})
	require.NoError(t, err)
	return png
}

// sse reads a live page's event stream.
type sse struct {
	r    *bufio.Reader
	body io.Closer
	// stop ends the stream from the client's side.
	stop func()
}

// stream opens the live stream of table token, as a page at version v
// would ("" for none).
func (f *fixture) stream(t testing.TB, token, v string) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.url+"/t/"+token+"/events?v="+v, nil)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
	stop := func() {
		cancel()
		res.Body.Close()
	}
	t.Cleanup(stop)
	return &sse{r: bufio.NewReader(res.Body), body: res.Body, stop: stop}
}

// next reads the next event: its name and data. The stream answers at once
// (the server pushes as soon as it is told), so a stream that stays silent
// this long is broken.
func (s *sse) next(t testing.TB) (event, data string) {
	t.Helper()
	done := make(chan struct{})
	timer := time.AfterFunc(30*time.Second, func() { s.body.Close() })
	defer func() { timer.Stop(); close(done) }()
	for {
		line, err := s.r.ReadString('\n')
		require.NoError(t, err, "reading the live stream")
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "" && event != "":
			return event, data
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = strings.TrimPrefix(line, "data: ")
		}
	}
}
