package doublefreecell

import (
	"time"

	"github.com/dealer/dealer/games"
)

// Status is a solver's verdict on a position.
type Status uint8

// The verdicts. The zero Status is Unknown.
const (
	Unknown Status = iota // the budget ran out first
	Solved                // a win was found: Result.Moves
	Lost                  // no sequence of moves wins: every position was searched
)

// String returns "unknown", "solved" or "lost".
func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case Lost:
		return "lost"
	}
	return "unknown"
}

// DefaultMemory is the memory a search may use when Budget.Memory is 0.
const DefaultMemory = 256 << 20

// Budget bounds a search. A zero field means no bound of that kind, but
// Memory, which is then DefaultMemory. With States set and no Time the
// result is the same on every run and every machine.
type Budget struct {
	// Time is the time allowed, on Clock.
	Time time.Duration
	// Clock, when set, is read instead of the wall clock to spend Time and
	// to report Elapsed: the time since some fixed instant. fcsbench passes
	// the process's CPU time, the fairer figure on a shared machine.
	Clock func() time.Duration
	// States is the number of positions the search may expand.
	States int
	// Memory is the bytes the search's tables may take (about).
	Memory int
}

// Result is what Solve found.
type Result struct {
	Status Status
	// Moves wins from the position when Status is Solved: board moves in
	// order, each written by String in the notation Parse and the scripted
	// mode ("dealer play doublefreecell --moves FILE") read.
	Moves []Move
	// States counts the positions expanded.
	States int
	// Elapsed is the time the search took.
	Elapsed time.Duration
}

// Solve looks for a win from g's position (g itself is not changed) within
// budget b, under g's autoplay setting.
//
// It runs twelve best-first searches side by side, in turns of 256
// positions, each on its own weighting of one heuristic (cards up, the
// cards above those the foundations wait for next, free cells, empty
// columns, cards not on a fitting card, cards above one needed before
// them, moves made), until one wins: the weightings get lost in different
// deals. Six are the portfolio, tuned weightings that win most deals fast;
// they stop after 30,000 positions each. The other six, and then the
// portfolio's places too, restart again and again, ever longer (Luby's
// sequence), each time with weights drawn afresh and random noise in the
// priority: the hard deals fall to one of these (solve_restart.go).
// The draws are the same on every run, so with a state budget and no time
// limit the result is the same on every run and every machine; with a time
// limit it is not, since where the clock stops depends on the machine.
//
// The searches try every legal board move, supermoves as single moves,
// with safe autoplay part of each move as in play. Positions are
// recognised by a 64-bit hash of their canonical form (columns and cells as
// multisets) in a transposition table, one per search. A stored position
// costs about 32 bytes: its parent and move, a heap entry and its table
// slot; it is rebuilt by undoing and redoing moves from the last one
// expanded. When the searches together outgrow the memory budget the
// biggest starts again.
//
// Only moves that reach a position another listed move reaches too are
// left out (a second empty cell or column as target, a whole column into
// an empty one), so when a search runs out of positions the verdict Lost is
// a proof (up to a 64-bit hash collision), whatever its weights and noise.
// Positions with at most 20 cards left are searched depth-first, which
// needs only the table.
func Solve(g *Game, b Budget) Result {
	u := newTracker(b)
	if u.b.Memory <= 0 {
		u.b.Memory = DefaultMemory
	}
	var r Result
	switch {
	case g.status == games.Won:
		r.Status = Solved
	case g.status.Finished():
		r.Status = Lost
	case numCards-g.Score() <= dfsCards:
		r = depthFirst(g, u)
	default:
		r = bestFirst(g, u)
	}
	r.States = u.states
	r.Elapsed = u.elapsed()
	return r
}

// bestFirst runs best-first searches side by side, a slice of positions
// each in turn, until one of them wins, runs out of positions (Lost) or the
// budget is spent: one for each set of weights in the portfolio, up to
// portfolioCap positions each, and as many again that restart with other
// weights and noise, ever longer (see solve_restart.go), which also take
// the portfolio's places when they are done.
func bestFirst(g *Game, u *tracker) Result {
	ss := make([]*search, 2*len(portfolio))
	caps := make([]int, len(ss))
	runs := 0 // restarting searches begun
	restart := func(i int) {
		ss[i], caps[i] = newSearch(g, drawWeights(runs)), runCap(runs)
		runs++
	}
	for i := range ss {
		if i < len(portfolio) {
			ss[i], caps[i] = newSearch(g, &portfolio[i]), portfolioCap
			continue
		}
		restart(i)
	}
	for {
		for i, s := range ss {
			mem := 0
			for _, t := range ss {
				mem += t.memory()
			}
			if mem > u.b.Memory {
				// Over the memory: the biggest search starts again, if
				// that frees anything.
				j := 0
				for k, t := range ss {
					if t.memory() > ss[j].memory() {
						j = k
					}
				}
				if ss[j].states < sliceStates {
					return Result{Status: Unknown}
				}
				restart(j)
				continue
			}
			n := u.slice(0)
			if n == 0 {
				return Result{Status: Unknown}
			}
			n = min(n, caps[i]-s.states)
			before := s.states
			s.step(n)
			u.states += s.states - before
			if s.done {
				return Result{Status: s.status, Moves: s.win}
			}
			if s.states >= caps[i] {
				restart(i)
			}
		}
	}
}

// tracker spends a Solve's budget.
type tracker struct {
	b      Budget
	start  time.Duration // on clock
	clock  func() time.Duration
	states int
}

// newTracker starts spending b: now, on its clock.
func newTracker(b Budget) *tracker {
	u := &tracker{b: b, clock: b.Clock}
	if u.clock == nil {
		t0 := time.Now()
		u.clock = func() time.Duration { return time.Since(t0) }
	}
	u.start = u.clock()
	return u
}

// elapsed is the time spent since the search began.
func (u *tracker) elapsed() time.Duration { return u.clock() - u.start }

// sliceStates is how many positions a search expands before the next one
// takes its turn (and the clock is read again).
const sliceStates = 256

// slice returns how many positions may be expanded next, with mem bytes in
// use: 0 when the budget is spent.
func (u *tracker) slice(mem int) int {
	n := sliceStates
	if u.b.States > 0 {
		n = min(n, u.b.States-u.states)
	}
	if n <= 0 || mem > u.b.Memory || u.b.Time > 0 && u.elapsed() >= u.b.Time {
		return 0
	}
	return n
}

// solverMemory bounds the tables of one search by Solver, so that several
// hints at once stay well inside a small machine.
const solverMemory = 64 << 20

// winScore is the score of a win: every card on the foundations.
const winScore = numCards

// Solver is Double FreeCell's games.Solver: Solve from g's position within
// budget, in solverMemory. g must be a *Game.
func Solver(g games.Game, budget time.Duration) games.Solution {
	return solution(g.(*Game), Budget{Time: budget, Memory: solverMemory})
}

// solution is Solve's result as a games.Solution.
func solution(g *Game, b Budget) games.Solution {
	r := Solve(g, b)
	sol := games.Solution{States: r.States, Elapsed: r.Elapsed}
	switch r.Status {
	case Solved:
		sol.Verdict, sol.Score = games.Solvable, winScore
	case Lost:
		sol.Verdict = games.Unwinnable
	}
	for _, m := range r.Moves {
		sol.Moves = append(sol.Moves, m.String())
	}
	return sol
}
