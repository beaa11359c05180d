package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web/webtest"
)

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
