package doubleagent

import (
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replay plays a winning line on g through games.Play and checks the win.
func replay(t *testing.T, g *Game, moves []string) {
	t.Helper()
	for i, m := range moves {
		require.NoError(t, games.Play(g, 0, m), "move %d: %s", i+1, m)
	}
	require.Equal(t, games.Won, g.Status())
	require.Equal(t, []int{54}, g.Scores())
}

// TestSolveDealsReplay: winning lines found on real deals replay to a win
// through the game.
func TestSolveDealsReplay(t *testing.T) {
	for _, d := range []uint64{2, 5, 7, 10, 13} {
		sol := Solve(Deal(d), Budget{Nodes: 300_000})
		require.Equal(t, Solved, sol.Result, "deal %d", d)
		replay(t, New(d), sol.Moves)
	}
}

// TestDepthFirstReplay: the depth-first search, which takes over when the
// best-first one has not won, finds lines that replay too.
func TestDepthFirstReplay(t *testing.T) {
	p := Deal(2)
	s := newSolver(Budget{Nodes: 300_000})
	require.True(t, s.search(&p, 0))
	require.Equal(t, Deal(2), p, "the search leaves the position as it was")
	var moves []string
	for _, m := range shorten(p, s.path) {
		moves = append(moves, m.String())
	}
	assert.LessOrEqual(t, len(moves), len(s.path))
	replay(t, New(2), moves)
}

// nearlyWon is two moves from the win.
const nearlyWon = `
	t1: | KH
	t2: | BJ
	c1: RJ
	p1: found QH
	p2: found KD
	p3: found KC
	p4: found KS
`

func TestSolveTriviallyWon(t *testing.T) {
	g := table(t, nearlyWon)
	sol := Solve(g.Position(), Budget{})
	require.Equal(t, Solved, sol.Result)
	assert.Len(t, sol.Moves, 2)
	replay(t, g, sol.Moves)

	done := Solve(g.Position(), Budget{})
	assert.Equal(t, Solution{Result: Solved}, done, "a won position needs no move")
	hint := solution(g, Budget{})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Solvable, hint.Verdict)
	assert.Equal(t, 54, hint.Score)
}

// agentUnderKing has the black agent under the King of spades; the line
// must uncover it, command with it, and only then finish spades.
const agentUnderKing = `
	t1: BJ | KS
	b1: | KH
	c1: RJ
	p1: found QH
	p2: found KD
	p3: found KC
	p4: found QS
`

func TestSolveNeedsTheAgent(t *testing.T) {
	g := table(t, agentUnderKing)
	sol := Solve(g.Position(), Budget{Nodes: 100_000})
	require.Equal(t, Solved, sol.Result)
	assert.Contains(t, sol.Moves, "up t1")
	replay(t, g, sol.Moves)
}

// smallLost is a small position that cannot be won (too few cards for four
// full foundations) but where much can be done: the Ace of diamonds starts
// a foundation in any cell while the red agent commands, the agents play
// wild on either row, the black one is uncovered and commands too.
const smallLost = `
	t1: BJ | AD
	c1: RJ
`

// reachable counts the positions reachable from p by every legal move,
// with no pruning and no symmetry, and reports whether one is won.
func reachable(p Pos) (int, bool) {
	seen := map[Pos]bool{p: true}
	stack := []Pos{p}
	won := false
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		won = won || q.Won()
		for _, m := range q.Legal(nil) {
			r := q
			if _, err := r.Do(m); err != nil {
				panic(err)
			}
			if !seen[r] {
				seen[r] = true
				stack = append(stack, r)
			}
		}
	}
	return len(seen), won
}

func TestSolveProvesLost(t *testing.T) {
	p := mustPos(t, smallLost)
	n, won := reachable(p)
	require.False(t, won, "brute force: no reachable position is won")
	require.Greater(t, n, 1000, "the position has room to move")

	sol := Solve(p, Budget{})
	assert.Equal(t, NoWin, sol.Result)
	assert.Empty(t, sol.Moves)
	// The symmetries spare most of the brute force's positions.
	assert.Less(t, sol.Nodes, int64(n)*int64(len(p.Legal(nil))+20))

	bounded := Solve(p, Budget{Nodes: 10_000_000})
	assert.Equal(t, NoWin, bounded.Result, "both searches prove it within a budget")

	hint := solution(newGame(0, p), Budget{})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Unwinnable, hint.Verdict)
	assert.Equal(t, "This deal can't be won from here any more. Undo, or resign.", hint.Advice())

	cut := Solve(p, Budget{Nodes: 100})
	assert.Equal(t, OutOfBudget, cut.Result, "a cut search proves nothing")
	full := Solve(p, Budget{Entries: 100})
	assert.Equal(t, OutOfBudget, full.Result, "nor does one that ran out of table")
}

// allBlack has every card black, the prison full: nothing builds on
// anything.
const allBlack = `
	t2: | KS
	t3: | KC
	t4: | QS
	t5: | QC
	b1: | AS
	b2: | AC
	b3: | 2S
	b4: | 4C
	b5: | 4S
	p1: 5C
	p2: 5S
	p3: 6C
	p4: 6S
`

func TestSolveStuck(t *testing.T) {
	p := mustPos(t, "t1: 2C | 3S\n"+allBlack)
	require.True(t, p.Stuck())
	assert.Equal(t, NoWin, Solve(p, Budget{Nodes: 1000}).Result, "no move at all")

	hint := solution(newGame(0, p), Budget{Nodes: 1000})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Unwinnable, hint.Verdict)
}

// TestSolveBudget: solutions under a node budget are deterministic, and an
// exhausted budget says so.
func TestSolveBudget(t *testing.T) {
	b := Budget{Nodes: 2_000}
	sol := Solve(Deal(8), b)
	assert.Equal(t, OutOfBudget, sol.Result)
	assert.Empty(t, sol.Moves)
	assert.LessOrEqual(t, sol.Nodes, int64(2_002))
	assert.Equal(t, sol, Solve(Deal(8), b))
	hint := solution(New(8), b)
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Unknown, hint.Verdict)
	assert.Equal(t, "No win found in time: play on, and ask again later.", hint.Advice())

	won := Solve(Deal(5), Budget{Nodes: 300_000})
	assert.Equal(t, won, Solve(Deal(5), Budget{Nodes: 300_000}))
}

// TestHintIsLegal: hints are legal moves, and following them wins.
func TestHintIsLegal(t *testing.T) {
	g := New(7)
	for i := 0; i < 400 && g.Status() == games.Playing; i++ {
		hint := solution(g, Budget{Nodes: 300_000})
		require.Equal(t, games.Solvable, hint.Verdict, "move %d", i)
		move := hint.Moves[0]
		require.True(t, games.IsLegal(g, 0, move), "hint %q is not legal", move)
		require.NoError(t, games.Play(g, 0, move))
	}
	assert.Equal(t, games.Won, g.Status())

	resigned := New(7)
	require.NoError(t, games.Play(resigned, 0, "resign"))
	hint := solution(resigned, Budget{})
	assert.Empty(t, hint.Moves)
	assert.Equal(t, games.Unwinnable, hint.Verdict)
	assert.Equal(t, games.Unwinnable, Info.Solve(resigned, time.Second).Verdict, "the games.Solver agrees")
}

// TestCanonical: the table's hash ignores which tableau of a row, which
// cell and which command slot holds what, and nothing else.
func TestCanonical(t *testing.T) {
	a := mustPos(t, `
		t1: 4H | 5S
		t3: | 9C
		b2: 2D KS | QH
		p1: 7C
		p2: found 2H
		c1: RJ
	`)
	b := mustPos(t, `
		t5: 4H | 5S
		t2: | 9C
		b4: 2D KS | QH
		p4: 7C
		p1: found 2H
		c2: RJ
	`)
	assert.Equal(t, a.canonical(), b.canonical())
	for _, s := range []string{
		"t1: 4H | 5S\nb3: | 9C\nb2: 2D KS | QH\np1: 7C\np2: found 2H\nc1: RJ",   // 9C in the other row
		"t1: | 4H 5S\nt3: | 9C\nb2: 2D KS | QH\np1: 7C\np2: found 2H\nc1: RJ",   // 4H face up
		"t1: 4H | 5S\nt3: | 9C\nb2: 2D KS | QH\np1: 7C\np2: 2H\nc1: RJ",         // 2H a prisoner
		"t1: 4H | 5S\nt3: | 9C\nb2: 2D KS | QH\np1: 7C\np2: found 2H\nt4: | RJ", // the agent out
	} {
		c := mustPos(t, s)
		assert.NotEqual(t, a.canonical(), c.canonical(), s)
	}
}

// TestRepeatsAreRepeats: every move the search leaves out as a repeat leads
// where a move it keeps leads, up to the symmetries (or back to the
// position itself).
func TestRepeatsAreRepeats(t *testing.T) {
	r := cards.NewRand(3)
	skipped := 0
	for d := uint64(1); d <= 20; d++ {
		p := Deal(d)
		var legal []Move
		for i := 0; i < 150; i++ {
			legal = p.Legal(legal[:0])
			if len(legal) == 0 {
				break
			}
			kept := map[hashKey]bool{p.canonical(): true}
			for _, m := range legal {
				if !p.repeats(m) {
					q := p
					q.do(m)
					kept[q.canonical()] = true
				}
			}
			for _, m := range legal {
				if p.repeats(m) {
					q := p
					q.do(m)
					require.True(t, kept[q.canonical()], "deal %d: %s is no repeat in\n%s", d, m, p)
					skipped++
				}
			}
			_, err := p.Do(randomMove(r, &p, legal))
			require.NoError(t, err)
		}
	}
	assert.Positive(t, skipped)
}

// BenchmarkSolveDoubleAgent solves a few fixed deals under a node budget.
func BenchmarkSolveDoubleAgent(b *testing.B) {
	gamestest.BenchSolve(b, []uint64{1, 2, 3, 5, 8}, func(d uint64) int64 { return Solve(Deal(d), Budget{Nodes: 200_000}).Nodes })
}

// TestSolveDeals200 solves deals 1–200 with 2 s each, replays every win
// and prints the figures. It takes minutes: it runs only with
// DEALER_LONGTEST=1.
func TestSolveDeals200(t *testing.T) {
	gamestest.SkipUnlessLong(t, "deals 1–200 with 2 s each")
	var wins, moves int
	gamestest.SolveDeals(t, "Double Agent", 1, 200, func(t *testing.T, d uint64) games.Verdict {
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		switch sol.Result {
		case Solved:
			g := New(d)
			for _, m := range sol.Moves {
				require.NoError(t, games.Play(g, 0, m), "deal %d: %s", d, m)
			}
			require.Equal(t, games.Won, g.Status(), "deal %d: the line does not win", d)
			wins, moves = wins+1, moves+len(sol.Moves)
			return games.Solvable
		case NoWin:
			return games.Unwinnable
		}
		return games.Unknown
	})
	t.Logf("mean winning line %d moves", moves/max(wins, 1))
}
