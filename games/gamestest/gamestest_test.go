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

// Errorf notes a failure.
func (r *recorder) Errorf(string, ...any) { r.failed = true }

// FailNow notes a failure and stops the helper (failsOn recovers).
func (r *recorder) FailNow() { r.failed = true; panic(r) }

// Helper marks nothing.
func (r *recorder) Helper() {}

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

// TestMatch: a match seats each side by Arrangements, game after game,
// and a's shares of the wins and points are shares.
func TestMatch(t *testing.T) {
	seated := map[string]map[uint64][]games.Seat{"a": {}, "b": {}}
	side := func(name string) gamestest.Side {
		return gamestest.Side{Name: name, Player: func(seat games.Seat, deal uint64) games.Computer {
			seated[name][deal] = append(seated[name][deal], seat)
			return secretagent.Choose
		}}
	}
	table := gamestest.Table{Game: "secretagent",
		Deal: func(_ testing.TB, d uint64) games.Game { return secretagent.New(d) },
		PlayOut: func(g games.Game, ps []games.Computer) error {
			return secretagent.PlayOut(g.(*secretagent.Game), ps...)
		}}
	wins, points := gamestest.Match(t, table, 6, side("a"), side("b"))
	for d := uint64(1); d <= 6; d++ {
		var a, b []games.Seat
		for s, isA := range gamestest.Arrangements[d%6] {
			if isA {
				a = append(a, games.Seat(s))
			} else {
				b = append(b, games.Seat(s))
			}
		}
		assert.Equal(t, a, seated["a"][d], "deal %d", d)
		assert.Equal(t, b, seated["b"][d], "deal %d", d)
	}
	assert.True(t, wins >= 0 && wins <= 1, "wins %v", wins)
	assert.True(t, points > 0 && points < 1, "points %v", points)
	assert.Equal(t, "levels: game=secretagent a=a b=b games=6 wins_a=0.500 points_a=0.250",
		gamestest.MatchLine("secretagent", side("a"), side("b"), 6, 0.5, 0.25))
}

// TestSolveDeals: the deals a solver leaves undecided are returned.
func TestSolveDeals(t *testing.T) {
	verdicts := map[uint64]games.Verdict{1: games.Solvable, 2: games.Unknown, 3: games.Unwinnable, 4: games.Unknown}
	undecided := gamestest.SolveDeals(t, "made-up", 1, 4, func(_ *testing.T, d uint64) games.Verdict { return verdicts[d] })
	assert.Equal(t, []uint64{2, 4}, undecided)
}

// TestAssertReplays: a game's whole record replays to it; a record short
// of its last move does not.
func TestAssertReplays(t *testing.T) {
	reg := games.NewRegistry(doublets.Info)
	g := doublets.New(9)
	rec := games.Record{Game: "doublets", Deal: 9, Seats: 1, Moves: gamestest.PlayToEnd(t, g, gamestest.Random(3))}
	require.NotEmpty(t, rec.Moves)
	back := gamestest.AssertReplays(t, reg, rec, g)
	assert.Equal(t, g.Status(), back.Status())
	short := rec
	short.Moves = rec.Moves[:len(rec.Moves)-1]
	assert.True(t, failsOn(t, func(tb testing.TB) { gamestest.AssertReplays(tb, reg, short, g) }))
}
