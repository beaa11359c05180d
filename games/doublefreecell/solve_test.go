package doublefreecell

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replay plays the moves, as text, on a fresh deal through games.Play and
// returns the game.
func replay(t *testing.T, deal uint64, moves []Move) *Game {
	t.Helper()
	g := New(deal)
	for i, m := range moves {
		require.NoError(t, games.Play(g, 0, m.String()), "deal %d, move %d %q", deal, i+1, m)
	}
	return g
}

// TestSolveWholeDealsReplay: whole deals won by Solve, then replayed from
// the moves' text, on a fresh game and through the registry.
func TestSolveWholeDealsReplay(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, deal := range []uint64{2, 3, 5, 7, 12} {
		r := Solve(New(deal), Budget{States: 100_000})
		require.Equal(t, Solved, r.Status, "deal %d: %d positions", deal, r.States)
		assert.Positive(t, r.States)
		g := replay(t, deal, r.Moves)
		assert.Equal(t, games.Won, g.Status(), "deal %d", deal)
		assert.Equal(t, 104, g.Score())

		rec := games.Record{Game: Info.Name, Deal: deal, Seats: 1}
		for _, m := range r.Moves {
			rec.Moves = append(rec.Moves, games.Entry{Move: m.String()})
		}
		rg, err := reg.Replay(rec)
		require.NoError(t, err, "deal %d", deal)
		assert.Equal(t, []games.Seat{0}, rg.Winners())
		t.Logf("deal %d: won in %d moves, %d positions", deal, len(r.Moves), r.States)
	}
}

// TestSolveMidGameAndAutoplayOff: from the middle of a game, and with
// autoplay off, the solution still wins.
func TestSolveMidGameAndAutoplayOff(t *testing.T) {
	g := New(7)
	r := Solve(g, Budget{States: 100_000})
	require.Equal(t, Solved, r.Status)
	for _, m := range r.Moves[:40] {
		require.NoError(t, g.Do(m))
	}
	r = Solve(g, Budget{States: 100_000})
	require.Equal(t, Solved, r.Status)
	c := g.Clone()
	for _, m := range r.Moves {
		require.NoError(t, games.Play(c, 0, m.String()), m.String())
	}
	assert.Equal(t, games.Won, c.Status())

	g = New(3)
	play(t, g, "autoplay off")
	r = Solve(g, Budget{States: 100_000})
	require.Equal(t, Solved, r.Status)
	for _, m := range r.Moves {
		require.NoError(t, games.Play(g, 0, m.String()), m.String())
	}
	assert.Equal(t, games.Won, g.Status())
	assert.False(t, g.Autoplay())
}

// TestSolveDeterministic: with a state budget and no time limit, every run
// gives the same result, whether it wins or runs out.
func TestSolveDeterministic(t *testing.T) {
	for _, b := range []Budget{{States: 30_000}, {States: 3_000}} {
		a, c := Solve(New(9), b), Solve(New(9), b)
		assert.Equal(t, a.Status, c.Status)
		assert.Equal(t, a.Moves, c.Moves)
		assert.Equal(t, a.States, c.States)
	}
	r := Solve(New(1), Budget{States: 500})
	assert.Equal(t, Unknown, r.Status)
	assert.Equal(t, 500, r.States)
	assert.Empty(t, r.Moves)
}

func TestSolveBudgets(t *testing.T) {
	r := Solve(New(1), Budget{Memory: 1})
	assert.Equal(t, Unknown, r.Status, "no memory to search in")

	r = Solve(New(1), Budget{Time: 1}) // one nanosecond
	assert.Equal(t, Unknown, r.Status)
	assert.Less(t, r.States, 1000)

	// A clock of our own, a second a reading: read at the start, then
	// before each turn of 256 positions, it runs out at the third turn.
	calls := 0
	clock := func() time.Duration { calls++; return time.Duration(calls) * time.Second }
	r = Solve(New(1), Budget{Time: 3 * time.Second, Clock: clock})
	assert.Equal(t, Unknown, r.Status)
	assert.Equal(t, 2*sliceStates, r.States)
	assert.Equal(t, 4*time.Second, r.Elapsed)
}

func TestSolveFinishedGames(t *testing.T) {
	g := New(3)
	r := Solve(g, Budget{States: 100_000})
	require.Equal(t, Solved, r.Status)
	for _, m := range r.Moves {
		require.NoError(t, g.Do(m))
	}
	r = Solve(g, Budget{States: 10})
	assert.Equal(t, Solved, r.Status)
	assert.Empty(t, r.Moves)
	sol := solution(g, Budget{States: 10})
	assert.Equal(t, games.Solvable, sol.Verdict)
	assert.Empty(t, sol.Moves)
	assert.Equal(t, 104, sol.Score)

	g = New(3)
	play(t, g, "resign")
	assert.Equal(t, Lost, Solve(g, Budget{States: 10}).Status)
	assert.Equal(t, games.Unwinnable, Info.Solve(g, time.Second).Verdict, "no win remains")
}

// TestHint: a hint is one of the legal moves, and after a few hints the
// game is still won.
func TestHint(t *testing.T) {
	g := New(5)
	for i := 0; g.Status() == games.Playing; i++ {
		require.Less(t, i, 400, "hints went on too long")
		sol := solution(g, Budget{States: 20_000})
		require.Equal(t, games.Solvable, sol.Verdict, "move %d", i+1)
		m := sol.Moves[0]
		assert.Contains(t, legalStrings(g), m, "move %d", i+1)
		if i >= 3 {
			// Each hint is the start of a whole win; a few suffice here.
			r := Solve(g, Budget{States: 20_000})
			require.Equal(t, Solved, r.Status)
			for _, m := range r.Moves {
				require.NoError(t, games.Play(g, 0, m.String()))
			}
			break
		}
		require.NoError(t, games.Play(g, 0, m))
	}
	assert.Equal(t, games.Won, g.Status())

	sol := solution(New(1), Budget{States: 100})
	assert.Equal(t, games.Unknown, sol.Verdict)
	assert.Empty(t, sol.Moves)
}

// winnable is the brute-force check: a depth-first search through every
// board move BoardMoves lists, nothing left out, positions told apart by
// their full snapshot. ok is false when it gave up after max positions.
func winnable(g *Game, max int) (win, ok bool) {
	g = g.Clone()
	seen := map[snapshot]bool{}
	var walk func() bool
	walk = func() bool {
		if g.Status() == games.Won {
			return true
		}
		s := snap(g)
		if seen[s] || len(seen) >= max {
			return false
		}
		seen[s] = true
		for _, m := range g.BoardMoves(nil) {
			if err := g.Do(m); err != nil {
				panic(err)
			}
			w := walk()
			if err := g.Undo(); err != nil {
				panic(err)
			}
			if w {
				return true
			}
		}
		return false
	}
	win = walk()
	return win, win || len(seen) < max
}

// TestLostByHand: a hand-made dead end: the 2s the foundations wait for lie
// under Kings and Queens, the cells hold Kings, and the one move there is
// (5C onto 6D) leads nowhere.
func TestLostByHand(t *testing.T) {
	g := position(t, []string{
		"2C KH QS", "2D KS QH", "2H 9C 5C", "2S 6D",
		"3C", "3D", "3H", "3S", "3C", "3D",
	}, []string{"KC", "KD", "KH", "KS", "KC", "KD"}, [4]int{14, 14, 14, 14})
	require.Equal(t, games.Playing, g.Status())
	require.Equal(t, []string{"3 4"}, legalStrings(g)[:1])
	assert.Equal(t, Lost, Solve(g, Budget{States: 1000}).Status)
	b := Budget{States: 1000, Memory: DefaultMemory}
	assert.Equal(t, Lost, bestFirst(g, newTracker(b)).Status)
	win, ok := winnable(g, 10_000)
	require.True(t, ok)
	assert.False(t, win)
}

// randomEnding deals the last cards of a game (ranks from to K of each
// suit's second round) at random, but tightly: the six highest in the
// cells, the others round the columns, each column with its lowest card at
// the bottom, so the cards the foundations need are buried.
func randomEnding(t *testing.T, r *cards.Rand, from cards.Rank) *Game {
	var left []cards.Card
	for _, s := range cards.Suits {
		for rank := from; rank <= cards.King; rank++ {
			left = append(left, cards.Card{Rank: rank, Suit: s})
		}
	}
	r.Shuffle(left)
	slices.SortStableFunc(left, func(a, b cards.Card) int { return int(b.Rank) - int(a.Rank) })
	var cells []string
	for _, c := range left[:NumCells] {
		cells = append(cells, c.Code())
	}
	rest := left[NumCells:]
	r.Shuffle(rest)
	cols := make([][]cards.Card, NumColumns)
	for i, c := range rest {
		cols[i%NumColumns] = append(cols[i%NumColumns], c)
	}
	text := make([]string, NumColumns)
	for i, col := range cols {
		slices.SortStableFunc(col, func(a, b cards.Card) int { return int(a.Rank) - int(b.Rank) })
		for _, c := range col {
			text[i] += c.Code() + " "
		}
	}
	n := 13 + int(from) - 1
	return position(t, text, cells, [4]int{n, n, n, n})
}

// jam plays random moves on g, filling the free cells first, until the
// game is stuck (Lost), then takes back the last back moves: a position
// near a dead end, with few continuations for brute force to try. nil if
// the game does not get stuck.
func jam(g *Game, r *cards.Rand, back int) *Game {
	for i := 0; i < 400 && g.Status() == games.Playing; i++ {
		ms := g.BoardMoves(nil)
		var pick []Move
		for _, m := range ms {
			if m.To.IsCell() || m.To.IsColumn() && g.cols[m.To].n > 0 && m.From.IsColumn() {
				pick = append(pick, m)
			}
		}
		if len(pick) == 0 {
			pick = ms
		}
		if err := g.Do(pick[r.Below(len(pick))]); err != nil {
			panic(err)
		}
	}
	if g.Status() != games.Lost {
		return nil
	}
	for i := 0; i < back; i++ {
		if err := g.Undo(); err != nil {
			panic(err)
		}
	}
	return g
}

// TestVerdictsAgreeWithBruteForce: Solve's verdicts agree with brute force,
// in its depth-first and best-first modes alike: on tight endings (won) and
// on positions a few moves before random play got stuck (mostly lost, whole
// decks).
func TestVerdictsAgreeWithBruteForce(t *testing.T) {
	var cases []*Game
	r := cards.NewRand(7)
	for range 8 {
		cases = append(cases, randomEnding(t, r, 8))
	}
	for d := uint64(1); d <= 100; d++ {
		for _, back := range []int{1, 3} {
			if g := jam(New(d), cards.NewRand(d), back); g != nil {
				cases = append(cases, g)
			}
		}
	}
	lost, won := 0, 0
	for i, g := range cases {
		if g.Status() != games.Playing {
			continue
		}
		win, ok := winnable(g, 5_000)
		if !ok {
			continue
		}
		name := fmt.Sprintf("case %d", i)
		b := Budget{States: 100_000, Memory: DefaultMemory}
		results := []Result{
			Solve(g, b),
			bestFirst(g, newTracker(b)),
			depthFirst(g, newTracker(b)),
		}
		for _, res := range results {
			if !win {
				require.Equal(t, Lost, res.Status, name)
				continue
			}
			require.Equal(t, Solved, res.Status, name)
			c := g.Clone()
			for _, m := range res.Moves {
				require.NoError(t, games.Play(c, 0, m.String()), name)
			}
			require.Equal(t, games.Won, c.Status(), name)
		}
		if win {
			won++
		} else {
			lost++
		}
	}
	t.Logf("%d lost and %d won positions checked", lost, won)
	assert.GreaterOrEqual(t, lost, 4)
	assert.GreaterOrEqual(t, won, 4)
}

func TestExportFCSolve(t *testing.T) {
	want := "Foundations: H-0 C-0 D-0 S-0 H-0 C-0 D-0 S-0\n" +
		"Freecells: - - - - - -\n" +
		": AH QS 7S 5S 9H 7S TC 9H 7D 5C KS\n" +
		": JC 8C AH 9D 7C TD AS JD 4S 2H KC\n" +
		": 4H 4H JS 8H 3C 7H 4C 3D 5D 3H TH\n" +
		": 2S 2D 6H 5H 6S QC AD 8S KS TD 8D\n" +
		": KD TC 4D 4C 3H 8C 9C JD QS AS\n" +
		": 6D TS JS 2C 5H 8S 6S 3C 6C 9S\n" +
		": AD 5S TS 2D JH 2C 3S KH JC 2S\n" +
		": TH 7C QH 6C 4D KH 7H QH 8H KD\n" +
		": AC 8D 5C 5D 2H QD JH 3S QD 6H\n" +
		": AC 4S 7D 6D KC QC 9C 3D 9S 9D\n"
	assert.Equal(t, want, ExportFCSolve(New(1)))

	g := position(t, []string{"QH KC", "", "JD"}, []string{"", "TS"}, [4]int{0, 13, 18, 26})
	assert.Equal(t, "Foundations: H-K C-0 D-K S-K H-5 C-0 D-0 S-K\n"+
		"Freecells: - TS - - - -\n"+
		": QH KC\n:\n: JD\n:\n:\n:\n:\n:\n:\n:\n", ExportFCSolve(g))
}

func TestPackMoves(t *testing.T) {
	for _, m := range []Move{
		{From: Column(9), To: Home, N: 1},
		{From: Cell(5), To: Column(0), N: 1},
		{From: Column(2), To: Column(7), N: 13},
		{From: Column(0), To: Column(9), N: 1, Exact: true},
	} {
		assert.Equal(t, m, unpack(pack(m)))
	}
}

// BenchmarkSolve solves a few fixed deals within a state budget.
func BenchmarkSolve(b *testing.B) {
	for _, deal := range []uint64{2, 5, 9} {
		b.Run(fmt.Sprintf("deal%d", deal), func(b *testing.B) {
			g := New(deal)
			var r Result
			for b.Loop() {
				r = Solve(g, Budget{States: 100_000})
			}
			if r.Status != Solved {
				b.Fatalf("deal %d: %v", deal, r.Status)
			}
			b.ReportMetric(float64(r.States), "states")
			b.ReportMetric(float64(len(r.Moves)), "moves")
		})
	}
}

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		assert.Equal(t, w, luby(i+1), "term %d", i+1)
	}
	assert.Equal(t, restartUnit, runCap(0))
	assert.Equal(t, 4*restartUnit, runCap(6))
}

// TestDrawWeights: the restarts' weights are the same on every call and
// vary from run to run; all carry noise.
func TestDrawWeights(t *testing.T) {
	noisy := 0
	for k := range 60 {
		a, b := drawWeights(k), drawWeights(k)
		assert.Equal(t, a, b, "run %d", k)
		assert.NotEqual(t, drawWeights(k+1), a, "run %d", k)
		assert.Positive(t, a.low)
		assert.NotEmpty(t, a.dig)
		if a.noise > 0 {
			noisy++
			assert.NotZero(t, a.salt)
		}
	}
	assert.Equal(t, 60, noisy)
}

// position3 is what a position is made of, for comparisons.
type position3 struct {
	cols  [NumColumns]column
	cells [MaxCells]cards.Card
	found [4]uint8
}

func positionOf(g *Game) position3 { return position3{g.cols, g.cells, g.found} }

// TestPlayMatchesDo: play and unplay, the solver's unchecked Do and Undo,
// leave the same positions as Do and Undo along random games; the hash of
// the position after a move, from the column hashes before it, is
// hashKey's.
func TestPlayMatchesDo(t *testing.T) {
	for deal := uint64(1); deal <= 20; deal++ {
		r := cards.NewRand(deal)
		g := New(deal)
		for range 150 {
			ms := solverMoves(g, nil)
			if len(ms) == 0 || g.Status() != games.Playing {
				break
			}
			m := ms[r.Below(len(ms))]
			c := g.Clone()
			var hs colHashes
			hs.load(c)
			c.play(m)
			require.Equal(t, hashKey(c), hs.key(c), "deal %d: %v", deal, m)
			require.NoError(t, g.Do(m), "deal %d: %v", deal, m)
			require.Equal(t, positionOf(g), positionOf(c), "deal %d: %v", deal, m)
			c.unplay()
			require.NoError(t, g.Undo())
			require.Equal(t, positionOf(g), positionOf(c), "deal %d: undo %v", deal, m)
			require.NoError(t, g.Do(m))
		}
	}
}

// TestRestartsWin: searches that restart, with noise, win too, and their
// wins replay; in less memory than the searches would take (deal 2 needs
// more than 2 MB), the biggest search restarts instead of the whole solve
// giving up.
func TestRestartsWin(t *testing.T) {
	defer func(c int) { portfolioCap = c }(portfolioCap)
	tests := []struct {
		name   string
		pcap   int
		budget Budget
		deals  []uint64
	}{
		{"restarts only", 1, Budget{States: 300_000}, []uint64{2, 10}},
		{"little memory", portfolioCap, Budget{States: 300_000, Memory: 2 << 20}, []uint64{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			portfolioCap = tt.pcap
			for _, deal := range tt.deals {
				r := Solve(New(deal), tt.budget)
				require.Equal(t, Solved, r.Status, "deal %d: %d positions", deal, r.States)
				g := replay(t, deal, r.Moves)
				assert.Equal(t, games.Won, g.Status(), "deal %d", deal)
			}
		})
	}
}
