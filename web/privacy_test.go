package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/internal/testkit"
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

// TestAbandonedReplaysHideHands: an abandoned table never reveals what was
// hidden: its replay, at every step, shows only what a spectator could see
// in Discord. Whole games of Secret Agent and The Agents are played by
// computer players, then played again to several points and abandoned
// there. At each point the hidden cards are those that have been in a hand
// and never shown on the channel's picture (the table, a trick, a faction,
// a pending command: not The Agents' retired piles, which the picture
// counts) and each seat's private facts; no replay page (its HTML, its
// pictures' alt text, its move list) names one, at any step; no hand is
// served; the live stream says only "reload"; the picture of a step is the
// spectator's.
func TestAbandonedReplaysHideHands(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Rand: 13}, -1)
	cases := []struct {
		game, options string
		seats         int
		// leaky reports whether a move, written as it was made, names a
		// card from a hand that the channel never saw: what the replay
		// must write otherwise.
		leaky func(move string) bool
	}{
		{"secretagent", "deals=1", 4, nil},
		{"theagents", "goal=20", 3, func(m string) bool {
			return strings.HasPrefix(m, "take ") || strings.HasPrefix(m, "trade ") && len(strings.Fields(m)) == 2 ||
				strings.HasPrefix(m, "play ") && strings.Contains(m, " ip ")
		}},
		{"theagents", "goal=20", 5, nil},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%d", tc.game, tc.seats), func(t *testing.T) {
			t.Parallel()
			whole := openComputerTable(t, f, tc.game, tc.seats, tc.options)
			for !whole.Game.Status().Finished() {
				computerMove(t, whole)
			}
			log := whole.Log()
			o := newSpectatorOracle(t, f, whole)
			points := []int{1, len(log) / 4, len(log) / 2, 3 * len(log) / 4, len(log) - 1}
			if tc.leaky != nil {
				for k, e := range log {
					if tc.leaky(e.Move) && !slices.Contains(points, k+1) {
						points = append(points, k+1) // just after a move that would say too much
					}
				}
			}
			slices.Sort(points)
			caught := 0
			for _, p := range points {
				caught += o.rawLeaks(p)
				checkAbandonedAt(t, f, tc.game, tc.seats, tc.options, log, p, o)
			}
			t.Logf("%s, %d seats: %d moves, abandoned at %v; the moves as made would have named a hidden card %d times",
				tc.game, tc.seats, len(log), points, caught)
			if tc.leaky != nil {
				assert.Positive(t, caught, "the check sees a leak where there would be one")
			}
		})
	}
}

// checkAbandonedAt plays log's first p moves at a new table, abandons it
// and checks every page of it.
func checkAbandonedAt(t *testing.T, f *fixture, game string, seats int, options string, log []games.Entry, p int, o *spectatorOracle) {
	t.Helper()
	ctx := context.Background()
	tb := openComputerTable(t, f, game, seats, options)
	for _, e := range log[:p] {
		require.NoError(t, tb.Apply(ctx, e.Seat, e.Move))
	}
	require.NoError(t, tb.Abandon(ctx))
	token := f.token(t, tb.Row.ID)
	secrets := o.hidden(p)
	require.NotEmpty(t, secrets, "at %d something is hidden", p)
	alt := regexp.MustCompile(`alt="([^"]*)"`)
	for step := 0; step <= p; step++ {
		path := "/t/" + token
		if step < p {
			path += fmt.Sprintf("?step=%d", step)
		}
		code, html := f.get(t, path)
		require.Equal(t, http.StatusOK, code, path)
		require.Contains(t, html, "Abandoned before the end", path)
		require.Equal(t, p, strings.Count(html, `<li id="m`), "%s: every move listed", path)
		alts := alt.FindAllStringSubmatch(html, -1)
		require.NotEmpty(t, alts, "%s: pictures with words", path)
		for _, s := range secrets {
			require.False(t, s.re.MatchString(html), "abandoned at %d, step %d: the page shows %s", p, step, s.what)
			for _, a := range alts {
				require.False(t, s.re.MatchString(a[1]), "abandoned at %d, step %d: alt text shows %s", p, step, s.what)
			}
		}
		assert.NotContains(t, html, "Every hand", path)
	}
	// Each move reads as the channel saw it.
	_, html := f.get(t, "/t/"+token)
	lines := regexp.MustCompile(`<li id="m(\d+)"[^>]*>(.*)</li>`).FindAllStringSubmatch(html, -1)
	require.Len(t, lines, p)
	for k, line := range lines {
		want, ok := o.show.Spectate(log[k].Move, render.Params{})
		require.True(t, ok, "%s says how its moves read", game)
		assert.Contains(t, line[2], ">"+template.HTMLEscapeString(want)+"<", "move %d", k+1)
	}
	for _, step := range []int{0, p / 2, p} {
		code, png := f.get(t, fmt.Sprintf("/t/%s/at/%d.png", token, step))
		require.Equal(t, http.StatusOK, code)
		assert.True(t, o.picture(step) == png, "abandoned at %d: the picture of step %d is not the spectator's", p, step)
		for seat := range seats {
			code, _ := f.get(t, fmt.Sprintf("/t/%s/at/%d/%d.png", token, step, seat))
			assert.Equal(t, http.StatusNotFound, code, "abandoned at %d: seat %d's hand at %d", p, seat, step)
		}
	}
	s, code, _ := f.streamAs(t, token, "", "")
	require.Equal(t, http.StatusOK, code)
	ev, data := s.next(t)
	assert.Equal(t, "reload", ev)
	assert.Equal(t, "{}", data)
}

// spectatorOracle knows, for a game's log, what the channel saw and what
// stayed hidden after each number of moves.
type spectatorOracle struct {
	t       *testing.T
	f       *fixture
	show    render.Game
	names   []string
	log     []games.Entry
	states  []games.Game // the game after k moves (cloned by replaying)
	inHand  []map[string]bool
	seen    []map[string]bool
	secrets [][]secret // private facts after k moves
	// alias is another way a card is written (Secret Agent: "Q♥" for
	// "QH").
	alias map[string]string
	pngs  map[int]string
}

// newSpectatorOracle replays tb's log from the start, keeping every step.
func newSpectatorOracle(t *testing.T, f *fixture, tb *play.Table) *spectatorOracle {
	t.Helper()
	show, ok := f.reg.Lookup(tb.Row.Game)
	require.True(t, ok)
	game, deal, seats, options, rules, log := tb.Row.Game, tb.Row.Deal, tb.Row.Seats, tb.Row.Options, tb.Row.Rules, tb.Log()
	o := &spectatorOracle{t: t, f: f, show: show, log: log, names: tb.Names(), alias: map[string]string{}, pngs: map[int]string{}}
	for k := 0; k <= len(log); k++ {
		g, err := f.reg.Engines().Replay(games.Record{Game: game, Deal: deal, Seats: seats, Options: options, Rules: rules, Moves: log[:k]})
		require.NoError(t, err)
		o.states = append(o.states, g)
		inHand, seen := map[string]bool{}, map[string]bool{}
		if k > 0 {
			maps := []map[string]bool{o.inHand[k-1], o.seen[k-1]}
			for key := range maps[0] {
				inHand[key] = true
			}
			for key := range maps[1] {
				seen[key] = true
			}
		}
		view := g.View(games.Spectator)
		switch st := g.(games.Stater).State().(type) {
		case secretagent.State:
			for _, hand := range st.Hands {
				for _, c := range hand {
					inHand[c.Code()] = true
					o.alias[c.Code()] = c.String()
				}
			}
			v := view.(secretagent.View)
			for _, tr := range append(append(slices.Clone(v.Tricks), v.Trick), lastTrick(v)...) {
				b, err := json.Marshal(tr)
				require.NoError(t, err)
				for key := range inHand {
					if strings.Contains(string(b), `"`+key+`"`) {
						seen[key] = true
					}
				}
			}
		case theagents.State:
			for _, hand := range st.Hands {
				for _, c := range hand {
					inHand[c.Agent] = true
				}
			}
			for _, hand := range st.MissionHands {
				for _, m := range hand {
					inHand[m.Mission] = true
				}
			}
			v := view.(theagents.View)
			for _, fv := range v.Factions {
				for _, c := range fv.Cards {
					seen[c.Agent] = true
				}
				for _, m := range fv.Missions {
					seen[m.Mission] = true
				}
			}
			if v.Pending != nil {
				seen[v.Pending.Agent] = true
			}
		default:
			t.Fatalf("no hidden cards known for %T", st)
		}
		o.inHand = append(o.inHand, inHand)
		o.seen = append(o.seen, seen)
		var facts []secret
		for seat := range seats {
			text := show.Private(g.View(games.Seat(seat)), render.Params{Names: o.names})
			for _, line := range strings.Split(text, "\n") {
				if line = strings.TrimSpace(line); len(line) > 8 {
					facts = append(facts, wordSecret(fmt.Sprintf("seat %d's private facts", seat), line))
				}
			}
		}
		o.secrets = append(o.secrets, facts)
	}
	return o
}

// lastTrick is v's last trick, if any, as a list.
func lastTrick(v secretagent.View) []secretagent.Trick {
	if v.LastTrick == nil {
		return nil
	}
	return []secretagent.Trick{*v.LastTrick}
}

// wordSecret is s as a whole word (or phrase) of a page.
func wordSecret(what, s string) secret {
	return secret{what, regexp.MustCompile(`(^|[^\pL\pN])` + regexp.QuoteMeta(s) + `($|[^\pL\pN])`)}
}

// hidden is what the channel never saw by move p: every card that has
// been in a hand and was never on its picture, and the private facts of
// every seat at p.
func (o *spectatorOracle) hidden(p int) []secret {
	out := slices.Clone(o.secrets[p])
	for key := range o.inHand[p] {
		if !o.seen[p][key] {
			out = append(out, wordSecret("the hidden card "+key, key))
			if alias := o.alias[key]; alias != "" {
				out = append(out, wordSecret("the hidden card "+key, alias))
			}
		}
	}
	return out
}

// rawLeaks counts the moves up to p whose notation, as made, names a
// card hidden at p: what a replay that wrote moves as they were made
// would show.
func (o *spectatorOracle) rawLeaks(p int) int {
	n := 0
	secrets := o.hidden(p)
	for _, e := range o.log[:p] {
		for _, s := range secrets {
			if s.re.MatchString(e.Move) {
				n++
				break
			}
		}
	}
	return n
}

// picture is the spectator's picture after step moves, as the page names
// its players.
func (o *spectatorOracle) picture(step int) string {
	if png, ok := o.pngs[step]; ok {
		return png
	}
	png, err := o.show.Table(o.f.rend, o.states[step].View(games.Spectator), render.Params{Names: o.names})
	require.NoError(o.t, err)
	o.pngs[step] = string(png)
	return string(png)
}

// logLines keeps every line a logger writes, for tests that read the log.
type logLines struct{ testkit.Log }

// logger is a logger at every level that writes to l.
func (l *logLines) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// all are the lines written so far.
func (l *logLines) all() []string {
	text := strings.TrimSuffix(l.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// TestNoTokenInLogs: no log line names a table's token: pages, pictures,
// hands, streams, bad steps, tables that no longer replay and failures with
// the store closed are all logged with their tokens hidden.
func TestNoTokenInLogs(t *testing.T) {
	t.Parallel()
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true,
		Seed: webtest.Seed{Tables: 6, Games: []string{"secretagent", "theagents", "doublets"}, Rand: 31}})
	live := openComputerTable(t, f, "theagents", 3)
	computerMove(t, live)
	broken := openComputerTable(t, f, "secretagent", 4)
	f.appendMove(t, broken.Row.ID, 0, "not a move")
	marked := f.tables[2]
	f.markBroken(t, marked.ID, "the rules changed")
	tokens := []string{f.token(t, live.Row.ID), f.token(t, broken.Row.ID)}
	for _, tb := range f.tables {
		tokens = append(tokens, tb.Token)
	}
	visit := func() {
		for _, token := range tokens {
			for _, path := range []string{"", "?step=1", "?step=99999", "/at/0.png", "/at/1.png", "/at/1/0.png",
				"/at/99999.png", "/at/1/9.png", "/at/x.png"} {
				f.get(t, "/t/"+token+path)
			}
			s, code, _ := f.streamAs(t, token, "", "")
			if code == http.StatusOK {
				s.next(t)
				s.stop()
			}
		}
	}
	visit()
	f.srv.Notify(live.Row.ID)
	require.NoError(t, f.st.Close()) // every page now fails, and says so in the log
	visit()

	lines := f.logs.all()
	require.NotEmpty(t, lines)
	hidden := 0
	for _, line := range lines {
		for _, token := range tokens {
			require.NotContains(t, line, token, "a log line names a token")
		}
		if strings.Contains(line, "/t/[token]") {
			hidden++
		}
	}
	assert.Positive(t, hidden, "paths were logged, with the token hidden: %q", lines[:min(len(lines), 5)])
}
