package gamestest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/games/secretagent"
)

// recorder is a testing.TB that keeps failures instead of failing: it
// shows what a helper finds wrong.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) FailNow()              { r.failed = true; panic(r) }
func (r *recorder) Helper()               {}

// failsOn reports whether f fails the recorder it is handed.
func failsOn(t *testing.T, f func(tb testing.TB)) (failed bool) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	f(r)
	return r.failed
}

// TestChecked: a computer player that chooses legally, and alike when
// asked twice, passes; one that makes an illegal move, changes its mind, or looks past
// the view fails.
func TestChecked(t *testing.T) {
	illegal := func(games.Game, games.Seat) games.Move { return doublets.Move(99) }
	calls := 0
	fickle := func(g games.Game, s games.Seat) games.Move {
		calls++
		return g.Legal(s)[calls%2]
	}
	peeks := func(g games.Game, s games.Seat) games.Move { _ = g.Moves(); return g.Legal(s)[0] }
	for _, c := range []struct {
		name  string
		c     games.Computer
		fails bool
	}{
		{"first legal move", func(g games.Game, s games.Seat) games.Move { return g.Legal(s)[0] }, false},
		{"illegal", illegal, true},
		{"not deterministic", fickle, true},
		{"looks past the view", peeks, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			failed := failsOn(t, func(tb testing.TB) {
				defer func() { // a player that looks past the view panics
					if p := recover(); p != nil {
						if _, ok := p.(*recorder); ok {
							panic(p)
						}
						tb.Errorf("%v", p)
					}
				}()
				g := doublets.New(1)
				gamestest.Checked(tb, c.c)(g, 0)
			})
			assert.Equal(t, c.fails, failed)
		})
	}
}

// TestPlay: Play plays the moves asked for, or to the end of the game.
func TestPlay(t *testing.T) {
	g := secretagent.New(3)
	gamestest.Play(t, g, 10, secretagent.Choose)
	assert.Equal(t, 10, g.Moves())
	gamestest.Play(t, g, 1<<20, secretagent.Choose)
	assert.True(t, g.Status().Finished())
}

// TestDecisions: every position kept has a choice, and they are copies
// taken along one game, which is played to its end.
func TestDecisions(t *testing.T) {
	var played []games.Move
	choose := func(g games.Game, s games.Seat) games.Move {
		m := gamestest.Random(7)(g, s)
		played = append(played, m)
		return m
	}
	branch := func(*doublets.Game) *doublets.Game { // the same game, replayed
		c := doublets.New(5)
		for _, m := range played {
			require.NoError(t, c.Apply(0, m))
		}
		return c
	}
	g := doublets.New(5)
	states := gamestest.Decisions(t, g, choose, branch)
	require.NotEmpty(t, states)
	assert.True(t, g.Status().Finished())
	for i, s := range states {
		assert.Greater(t, len(s.Legal(0)), 1, "state %d", i)
		if i > 0 {
			assert.Greater(t, s.Moves(), states[i-1].Moves())
		}
	}
}

// TestReadsBack: a move reads back; what is not a move is said so; a
// notation that reads back as another move fails.
func TestReadsBack(t *testing.T) {
	m, ok := gamestest.ReadsBack(t, doublets.Parse, " R3 ")
	require.True(t, ok)
	assert.Equal(t, "r3", m.String())
	_, ok = gamestest.ReadsBack(t, doublets.Parse, "r9")
	assert.False(t, ok)
	wrong := func(s string) (doublets.Move, error) { // "w" reads as flip
		if s == "w" {
			return doublets.Flip, nil
		}
		return doublets.PlayWaste, nil
	}
	assert.True(t, failsOn(t, func(tb testing.TB) { gamestest.ReadsBack(tb, wrong, "waste") }))
}

// TestMatch: two sides of one level share the wins and points of a match;
// the shares are of the whole.
func TestMatch(t *testing.T) {
	normal := gamestest.Side{Name: "normal", Player: func(games.Seat, uint64) games.Computer { return secretagent.Choose }}
	deal := func(d uint64) games.Game { return secretagent.New(d) }
	playOut := func(g games.Game, ps []games.Computer) error {
		return secretagent.PlayOut(g.(*secretagent.Game), ps...)
	}
	wins, points := gamestest.Match(t, 6, deal, playOut, normal, normal)
	assert.InDelta(t, 0.5, wins, 0.5)
	assert.InDelta(t, 0.5, points, 0.5)
	assert.Equal(t, "levels: game=secretagent a=normal b=normal games=6 wins_a=0.500 points_a=0.250",
		gamestest.MatchLine("secretagent", normal, normal, 6, 0.5, 0.25))
}

// TestSolveDeals: the deals a solver leaves undecided are returned.
func TestSolveDeals(t *testing.T) {
	verdicts := map[uint64]games.Verdict{1: games.Solvable, 2: games.Unknown, 3: games.Unwinnable, 4: games.Unknown}
	undecided := gamestest.SolveDeals(t, "made-up", 1, 4, func(_ *testing.T, d uint64) games.Verdict { return verdicts[d] })
	assert.Equal(t, []uint64{2, 4}, undecided)
}
