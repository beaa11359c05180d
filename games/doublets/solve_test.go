package doublets

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replay plays sol's moves on g through the public game and checks that
// they reach the claimed score (and the win when claimed).
func replay(t *testing.T, g *Game, sol Solution) {
	t.Helper()
	play(t, g, sol.Moves...)
	require.Equal(t, sol.Score, g.Scores()[0], "the line's score")
	require.Equal(t, sol.Won, g.Status() == games.Won)
}

// TestSolveDealsReplay: every solution replays to its score through
// games.Play, on real deals.
func TestSolveDealsReplay(t *testing.T) {
	wins := 0
	for d := uint64(1); d <= 12; d++ {
		sol := Solve(Deal(d), Budget{Nodes: 200_000})
		replay(t, New(d), sol)
		assert.True(t, sol.Proved || !sol.Won, "deal %d: a win is a proof", d)
		assert.LessOrEqual(t, sol.Nodes, int64(200_001), "deal %d", d)
		if sol.Won {
			wins++
			assert.Equal(t, MaxScore, sol.Score)
		}
	}
	assert.GreaterOrEqual(t, wins, 9, "most deals are won within the budget")
}

// TestSolveTriviallyWon: one card short of the win: the solver plays it and
// calls it proved.
func TestSolveTriviallyWon(t *testing.T) {
	run := fullRun()
	found := run[:MaxScore-1]
	tb := table{
		reserves:   "KC KD " + run[MaxScore-1].Code() + " KH KS -- --",
		foundation: codes(found),
		pass:       3,
	}
	sol := Solve(tb.position(t), Budget{})
	assert.Equal(t, Solution{Moves: []string{"r3"}, Score: MaxScore, Won: true, Proved: true, Nodes: sol.Nodes}, sol)
	replay(t, tb.game(t), sol)
	hint := solution(tb.game(t), Budget{})
	assert.Equal(t, "r3", hint.Moves[0])
	assert.Equal(t, games.Solvable, hint.Verdict)
}

// orderTable is a last pass where the order of play and flip matters: the
// foundation needs a 2 (r1 holds one) and then 4 8 3, and the waste's top
// is a King. Playing r1 at once pulls the King into r1 and freezes it; the
// stock then comes out as 8 3 4 onto the waste and the 8 is buried under
// the 3. Flipping the 8 first lets it refill r1 instead.
var orderTable = table{
	stock:      "8C 3C 4C",
	waste:      "KS",
	reserves:   "2C 5C 7C 9C TC JC QC",
	foundation: "AC",
	pass:       3,
}

func TestSolveOrderMatters(t *testing.T) {
	sol := Solve(orderTable.position(t), Budget{})
	assert.Equal(t, []string{"flip", "r1", "flip", "flip", "w", "r1", "r1"}, sol.Moves)
	assert.Equal(t, 5, sol.Score)
	assert.True(t, sol.Proved)
	assert.False(t, sol.Won)
	replay(t, orderTable.game(t), sol)
	assert.Equal(t, 5, brute(orderTable.position(t)), "brute force agrees")

	small := Solve(orderTable.position(t), Budget{Entries: 1})
	assert.Equal(t, sol.Moves, small.Moves, "the table only saves work")
	assert.True(t, small.Proved)

	// Playing the 2 at once is worse, as the solver proves too.
	p := orderTable.position(t)
	require.NoError(t, p.Play(PlayR1))
	after := Solve(p, Budget{})
	assert.Equal(t, 3, after.Score)
	assert.True(t, after.Proved)
	assert.Equal(t, 3, brute(p))

	hint := solution(orderTable.game(t), Budget{})
	assert.Equal(t, "flip", hint.Moves[0])
	assert.Equal(t, games.Unwinnable, hint.Verdict)
}

// brute returns the best score reachable from p by trying every legal play
// in every order, with no table and no pruning.
func brute(p Position) int {
	best := p.Score()
	for _, m := range p.Legal(nil) {
		q := p
		if err := q.Play(m); err != nil {
			panic(err)
		}
		best = max(best, brute(q))
	}
	return best
}

// endgame plays deal d at random until the last pass has at most n cards
// left in stock and waste, and returns the position.
func endgame(t *testing.T, d uint64, n int, r *rand.Rand) Position {
	t.Helper()
	p := Deal(d)
	for p.Pass() < Passes || p.StockLen()+p.WasteLen() > n {
		legal := p.Legal(nil)
		if len(legal) == 0 {
			break
		}
		m := legal[r.IntN(len(legal))]
		if r.IntN(3) > 0 && legal[0] != Flip {
			m = legal[0] // mostly play, so the foundation grows
		}
		require.NoError(t, p.Play(m))
	}
	return p
}

// TestSolveMatchesBruteForce: the solver's proofs of the best score agree
// with brute force on end-game positions, lost and won: this checks the
// reductions (suits, reserve slots and the choice of fitting card do not
// matter).
func TestSolveMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	lost := 0
	for d := uint64(1); d <= 40; d++ {
		p := endgame(t, d, 9, r)
		sol := Solve(p, Budget{})
		require.True(t, sol.Proved, "deal %d", d)
		want := brute(p)
		require.Equal(t, want, sol.Score, "deal %d from\n%+v", d, p)
		replay(t, fromPosition(d, p), sol)
		if !sol.Won {
			lost++
		}
	}
	assert.Positive(t, lost, "some end games are lost")
}

// TestPlaysAreEquivalent: which fitting card is played never matters: every
// play from a position leads to the same table key.
func TestPlaysAreEquivalent(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	several := 0
	for d := uint64(1); d <= 30; d++ {
		p := Deal(d)
		for p.Status() == games.Playing {
			var keys []key
			for _, m := range p.Legal(nil) {
				if m != Flip {
					q := p
					require.NoError(t, q.Play(m))
					keys = append(keys, q.key())
				}
			}
			for _, k := range keys[min(1, len(keys)):] {
				require.Equal(t, keys[0], k, "deal %d", d)
			}
			if len(keys) > 1 {
				several++
			}
			legal := p.Legal(nil)
			require.NoError(t, p.Play(legal[r.IntN(len(legal))]))
		}
	}
	assert.Positive(t, several, "positions with several fitting cards were met")
}

// TestKey: the key forgets suits and slots, and nothing else.
func TestKey(t *testing.T) {
	a := table{stock: "3C 5D", waste: "7H 8S", reserves: "9C TD JH QS 2C 2D KH", foundation: "AC"}
	b := table{stock: "3D 5C", waste: "7S 8H", reserves: "2D KH TD 9S JH QS 2C", foundation: "AS"}
	pa, pb := a.position(t), b.position(t)
	assert.Equal(t, pa.key(), pb.key())
	for _, c := range []table{
		{stock: "5D 3C", waste: "7H 8S", reserves: "9C TD JH QS 2C 2D KH", foundation: "AC"},
		{stock: "3C", waste: "7H 8S 5D", reserves: "9C TD JH QS 2C 2D KH", foundation: "AC"},
		{stock: "3C 5D", waste: "7H 8S", reserves: "9C TD JH QS 2C 2D KH", foundation: "AC", pass: 2},
		{stock: "3C 5D", waste: "7H 8S", reserves: "9C TD JH QS 4C 2D KH", foundation: "AC"},
	} {
		pc := c.position(t)
		assert.NotEqual(t, pa.key(), pc.key(), "%+v", c)
	}
}

// TestSolveBudget: a node budget cuts the search short, says so, and gives
// the same answer every time; the best line found still replays.
func TestSolveBudget(t *testing.T) {
	const d = 185 // a deal the solver does not settle quickly
	b := Budget{Nodes: 20_000}
	sol := Solve(Deal(d), b)
	assert.False(t, sol.Proved)
	assert.False(t, sol.Won)
	assert.Equal(t, sol, Solve(Deal(d), b), "deterministic under a node budget")
	replay(t, New(d), sol)

	hint := solution(New(d), b)
	assert.Equal(t, games.Unknown, hint.Verdict)
	assert.Equal(t, sol.Moves[0], hint.Moves[0])
	assert.Equal(t, "No win found in time; a good move: `"+sol.Moves[0]+"`.", hint.Advice())
}

// TestHintIsLegal: hints are legal moves, from the deal and along a game
// played by hints.
func TestHintIsLegal(t *testing.T) {
	for d := uint64(1); d <= 4; d++ {
		g := New(d)
		for i := 0; i < 20 && g.Status() == games.Playing; i++ {
			hint := solution(g, Budget{Nodes: 50_000})
			require.NotEmpty(t, hint.Moves)
			move := hint.Moves[0]
			require.True(t, games.IsLegal(g, 0, move), "deal %d: hint %q (%s)", d, move, hint.Verdict)
			play(t, g, move)
		}
	}
}

// TestHintFinished: a finished game hints nothing.
func TestHintFinished(t *testing.T) {
	g := New(1)
	play(t, g, "resign")
	hint := solution(g, Budget{})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Unwinnable, hint.Verdict)
	assert.Equal(t, "This deal can't be won from here any more. Undo, or resign.", hint.Advice())
	assert.Equal(t, games.Unwinnable, Info.Solve(g, time.Second).Verdict, "the games.Solver agrees")

	run := fullRun()
	won := table{reserves: "KC KD KH KS -- -- --", foundation: codes(run)}.game(t)
	hint = solution(won, Budget{})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Solvable, hint.Verdict)
}

// BenchmarkSolveDoublets solves a few fixed deals under a node budget.
func BenchmarkSolveDoublets(b *testing.B) {
	gamestest.BenchSolve(b, []uint64{1, 2, 3, 5, 8}, func(d uint64) int64 { return Solve(Deal(d), Budget{Nodes: 200_000}).Nodes })
}

// TestSolveDeals200 solves deals 1–200 with 2 s each, replays every
// solution to its score and prints the figures. It takes minutes: it runs
// only with DEALER_LONGTEST=1.
func TestSolveDeals200(t *testing.T) {
	gamestest.SkipUnlessLong(t, "deals 1–200 with 2 s each")
	gamestest.SolveDeals(t, "Doublets", 1, 200, func(t *testing.T, d uint64) games.Verdict {
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		replay(t, New(d), sol)
		switch {
		case sol.Won:
			return games.Solvable
		case sol.Proved:
			t.Logf("deal %d: best %d", d, sol.Score)
			return games.Unwinnable
		}
		t.Logf("deal %d: best found %d", d, sol.Score)
		return games.Unknown
	})
}
