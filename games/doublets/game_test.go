package doublets

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUndoRestoresExactly: Undo takes back one play at a time, exactly,
// redeals included, and is counted.
func TestUndoRestoresExactly(t *testing.T) {
	g := New(1)
	var before []Position
	var seq []string
	do := func(m string) {
		before = append(before, g.Position())
		seq = append(seq, m)
		play(t, g, m)
	}
	do("r6")
	for view(g).Stock > 0 {
		do("flip")
	}
	do("flip") // the redeal
	require.Equal(t, 2, view(g).Pass)
	do("flip")
	for i := len(before) - 1; i >= 0; i-- {
		movesBefore := g.Moves()
		play(t, g, "undo")
		require.Equal(t, before[i], g.Position(), "undo of move %d (%s)", i+1, seq[i])
		require.Equal(t, movesBefore+1, g.Moves(), "an undo is a move: the state's version goes up")
	}
	assert.Equal(t, Deal(1), g.Position())
	v := view(g)
	assert.Equal(t, len(seq), v.Undos)
	assert.Equal(t, 2*len(seq), v.Moves)
	assert.Equal(t, "r6 flip resign", legal(g), "no undo at the deal")

	st := g.State()
	err := games.Play(g, 0, "undo")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nothing to undo")
	assert.Equal(t, st, g.State())
}

// TestUndoThenPlay: Undo after undo goes further back; a play after an undo
// starts a new line.
func TestUndoThenPlay(t *testing.T) {
	g := New(1)
	play(t, g, "r6", "flip", "flip", "undo", "undo", "flip")
	assert.Equal(t, 1, view(g).Waste.Size)
	assert.Equal(t, 2, g.pos.Score())
	play(t, g, "undo", "undo")
	assert.Equal(t, Deal(1), g.Position())
	assert.Equal(t, 4, view(g).Undos)
}

// allMoves lists every move there is, commands included.
func allMoves() []Move {
	var out []Move
	for m := Move(0); m < numMoves; m++ {
		out = append(out, m)
	}
	return out
}

// foreignMove is a games.Move of another game.
type foreignMove string

func (f foreignMove) String() string { return string(f) }

// checkIllegalChangeNothing tries every move on g: those not in Legal must
// fail and change nothing; those in Legal must succeed (on a clone).
func checkIllegalChangeNothing(t *testing.T, g *Game) {
	t.Helper()
	legalSet := map[Move]bool{}
	for _, m := range g.Legal(0) {
		legalSet[m.(Move)] = true
	}
	for _, m := range allMoves() {
		c := g.Clone()
		before, moves := c.State(), c.Moves()
		err := c.Apply(0, m)
		if legalSet[m] {
			require.NoError(t, err, "%s is listed as legal", m)
			continue
		}
		require.Error(t, err, "%s is not listed as legal", m)
		require.NotEmpty(t, err.Error())
		require.Equal(t, before, c.State(), "a refused %s changed the game", m)
		require.Equal(t, moves, c.Moves())
		if p := g.Position(); !m.Command() && !g.resigned {
			require.False(t, p.CanPlay(m))
			require.Error(t, p.Play(m))
			require.Equal(t, g.Position(), p, "a refused Position.Play changed the position")
		}
	}
	before, moves := g.State(), g.Moves()
	for _, seat := range []games.Seat{1, 2, games.Spectator} {
		for _, m := range allMoves() {
			err := g.Apply(seat, m)
			require.Error(t, err, "seat %d", seat)
		}
		assert.Nil(t, g.Legal(seat))
	}
	for _, f := range []foreignMove{"", "r8", "r0", "waste", "3 h", "flip flip"} {
		require.Error(t, g.Apply(0, f), "%q", f)
	}
	require.Error(t, g.Apply(0, nil))
	require.Equal(t, before, g.State())
	require.Equal(t, moves, g.Moves())
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	blocked := table{foundation: "7S", reserves: quietReserves, waste: "AH KD", stock: "QD AS"}.game(t)
	frozen := table{foundation: "AS", reserves: "KH 3C 4C 5C 6C 8C 9C", waste: "5D", stock: "TD"}.game(t)
	lastPass := table{foundation: "7S", reserves: quietReserves, waste: "TD", pass: 3}.game(t)
	emptyReserve := table{foundation: "7S", reserves: "-- 3C 4C 5C 6C 8C AC"}.game(t)
	resigned := New(3)
	play(t, resigned, "resign")
	won := fullTable(t)
	play(t, won, "r1")
	midGame := New(1)
	play(t, midGame, "r6", "flip", "flip", "flip")
	for name, g := range map[string]*Game{
		"the deal": New(1), "mid-game": midGame, "a King blocking the waste": blocked,
		"a frozen reserve": frozen, "the end of the last pass": lastPass,
		"an empty reserve": emptyReserve, "resigned": resigned, "won": won,
	} {
		t.Run(name, func(t *testing.T) { checkIllegalChangeNothing(t, g) })
	}
}

// TestApplyForeignMove: a foreign games.Move is read through its notation.
func TestApplyForeignMove(t *testing.T) {
	g := New(1)
	require.NoError(t, g.Apply(0, foreignMove(" R6 ")))
	assert.Equal(t, 2, g.pos.Score())
}

// randomGame plays up to n random legal moves on deal, undo included now and
// then, and returns the game and its record.
func randomGame(t testing.TB, deal uint64, n int, rng *rand.Rand) (*Game, games.Record) {
	g := New(deal)
	rec := games.Record{Game: Info.Name, Deal: deal, Seats: 1}
	for i := 0; i < n && !g.Status().Finished(); i++ {
		legal := g.Legal(0)
		var m games.Move
		for {
			m = legal[rng.IntN(len(legal))]
			if m == Resign && rng.IntN(20) != 0 {
				continue
			}
			if m == Undo && rng.IntN(4) != 0 {
				continue
			}
			break
		}
		require.NoError(t, g.Apply(0, m))
		rec.Moves = append(rec.Moves, games.Entry{Seat: 0, Move: m.String()})
	}
	return g, rec
}

// TestReplayViaRegistry: a game replays exactly from its record through the
// registry.
func TestReplayViaRegistry(t *testing.T) {
	reg := games.NewRegistry(Info)
	rng := rand.New(rand.NewPCG(7, 7))
	for deal := uint64(1); deal <= 20; deal++ {
		g, rec := randomGame(t, deal, 300, rng)
		b, err := json.Marshal(rec)
		require.NoError(t, err)
		var back games.Record
		require.NoError(t, json.Unmarshal(b, &back))
		r, err := reg.Replay(back)
		require.NoError(t, err)
		assert.Equal(t, g.State(), games.FullState(r))
		assert.Equal(t, g.Moves(), r.Moves())
		assert.Equal(t, g.Status(), r.Status())
		assert.Equal(t, g.Position(), r.(*Game).Position())
	}
	_, err := reg.New("doublets", 1, 2)
	assert.Error(t, err)
	_, err = Info.New(1, 2)
	assert.Error(t, err)
	gg, err := reg.New("Doublets", 9, 1)
	require.NoError(t, err)
	assert.Equal(t, "doublets", gg.Name())
	assert.Equal(t, uint64(9), gg.Deal())
	assert.Equal(t, 1, gg.Seats())
	assert.True(t, Info.Solitaire())
}

// TestViewJSON: the view hides the stock's cards; the full state shows them
// in order.
func TestViewJSON(t *testing.T) {
	g := New(1)
	b, err := json.Marshal(g.View(0))
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"deal": 1,
		"reserves": [
			{"card": "8C", "frozen": false}, {"card": "8S", "frozen": false},
			{"card": "2S", "frozen": false}, {"card": "4C", "frozen": false},
			{"card": "JS", "frozen": false}, {"card": "AH", "frozen": false},
			{"card": "9C", "frozen": false}
		],
		"foundation": {"top": "7S", "count": 1, "next": "A"},
		"waste": {"top": "--", "size": 0, "blocked": false},
		"stock": 44,
		"pass": 1, "passes_left": 2,
		"moves": 0, "undos": 0,
		"status": "playing",
		"score": 1
	}`, string(b))
	p := g.Position()
	for _, c := range p.Stock() {
		assert.NotContains(t, string(b), `"`+c.Code()+`"`, "the view shows no stock card")
	}
	assert.Equal(t, g.View(0), g.View(games.Spectator), "a solitaire shows everyone the same")

	play(t, g, "flip", "flip")
	b, err = json.Marshal(g.State())
	require.NoError(t, err)
	var st struct {
		Stock           int      `json:"stock"`
		StockCards      []string `json:"stock_cards"`
		WasteCards      []string `json:"waste_cards"`
		FoundationCards []string `json:"foundation_cards"`
		Waste           struct {
			Top string `json:"top"`
		} `json:"waste"`
	}
	require.NoError(t, json.Unmarshal(b, &st))
	assert.Equal(t, 42, st.Stock)
	assert.Len(t, st.StockCards, 42)
	assert.Equal(t, "TD", st.StockCards[0], "the stock's top first")
	assert.Equal(t, []string{"TS", "7H"}, st.WasteCards, "the waste's bottom first")
	assert.Equal(t, "7H", st.Waste.Top)
	assert.Equal(t, []string{"7S"}, st.FoundationCards)
}

func TestInfo(t *testing.T) {
	assert.Equal(t, "doublets", Info.Name)
	assert.Equal(t, "Doublets", Info.Title)
	assert.Equal(t, 1, Info.MinSeats)
	assert.Equal(t, 1, Info.MaxSeats)
	assert.Nil(t, Info.Computer)
	for _, w := range []string{"doubling", "A 2 4 8 3 6 Q J 9 5 10 7", "r1–r7", "flip", "three passes", "Kings", "48"} {
		assert.Contains(t, Info.Summary, w)
	}
}

func TestParse(t *testing.T) {
	for _, m := range allMoves() {
		p, err := Parse(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, p)
		p, err = Parse("  " + strings.ToUpper(m.String()) + "\t")
		require.NoError(t, err)
		assert.Equal(t, m, p)
	}
	for _, bad := range []string{"", "r0", "r8", "r", "W1", "flip 2", "h", "stock", "r-1", "undo!"} {
		_, err := Parse(bad)
		require.Error(t, err, "%q", bad)
		assert.Contains(t, err.Error(), "flip, w (waste), r1–r7")
	}
	for i := range Reserves {
		m := PlayReserve(i)
		j, ok := m.Reserve()
		assert.True(t, ok)
		assert.Equal(t, i, j)
		assert.Equal(t, "r"+string(rune('1'+i)), m.String())
	}
	_, ok := Flip.Reserve()
	assert.False(t, ok)
	assert.Equal(t, "move(200)", Move(200).String())
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"flip", "w", "r1", "R7", " undo ", "resign", "r8", "", "r", "ｒ1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := gamestest.ReadsBack(t, Parse, s)
		if !ok {
			return
		}
		require.Less(t, m, numMoves)
		require.Equal(t, strings.ToLower(strings.TrimSpace(s)), m.String())
	})
}

// TestRandomPlayKeepsEveryCard: random legal play from random deals: all 52
// cards present once after every move, the Legal list agrees with what
// applies, the Game never panics.
func TestRandomPlayKeepsEveryCard(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	deals := 500
	if testing.Short() {
		deals = 30
	}
	finished := map[games.Status]int{}
	for range deals {
		deal := rng.Uint64()
		g := New(deal)
		for step := 0; step < 600 && !g.Status().Finished(); step++ {
			legal := g.Legal(0)
			require.NotEmpty(t, legal)
			p := g.Position()
			plays := p.Legal(nil)
			require.NotEmpty(t, plays, "playing means a play is possible")
			m := legal[rng.IntN(len(legal))]
			if m == Resign && rng.IntN(50) != 0 {
				m = plays[0]
			}
			require.NoError(t, g.Apply(0, m), "deal %d: %s", deal, m)
			census(t, &g.pos)
			require.Equal(t, g.pos.Score(), g.Scores()[0])
		}
		finished[g.Status()]++
	}
	t.Logf("ends: %v", finished)
}

// FuzzPlay applies any sequence of moves, legal or not, to any deal.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), []byte{5, 0, 0, 1, 9, 0, 2, 3})
	f.Add(uint64(125), []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 10, 0})
	f.Fuzz(func(t *testing.T, deal uint64, script []byte) {
		g := New(deal)
		for _, b := range script {
			m := Move(b % (uint8(numMoves) + 2)) // a few out of range too
			legal := false
			for _, l := range g.Legal(0) {
				legal = legal || l == m
			}
			before, moves := g.State(), g.Moves()
			err := g.Apply(0, m)
			if legal {
				require.NoError(t, err)
				require.Equal(t, moves+1, g.Moves())
			} else {
				require.Error(t, err)
				require.Equal(t, before, g.State())
			}
			census(t, &g.pos)
		}
	})
}

// TestSolverAPI: the solver's API: a Position is a value, Legal and Play
// allocate nothing.
func TestSolverAPI(t *testing.T) {
	g := New(1)
	c := g.Clone()
	play(t, c, "r6", "flip")
	assert.Equal(t, Deal(1), g.Position(), "a clone's moves leave the original alone")
	assert.Equal(t, 0, g.Moves())
	play(t, g, "r6")
	play(t, c, "undo", "undo")
	assert.Equal(t, 1, len(g.history), "nor do its undos")

	p := Deal(1)
	q := p
	require.NoError(t, q.Play(PlayR6))
	assert.Equal(t, 1, p.Score())
	assert.Equal(t, 2, q.Score())
	seen := map[Position]bool{p: true}
	assert.False(t, seen[q])
	r := Deal(1)
	assert.True(t, seen[r], "positions are map keys")

	buf := make([]Move, 0, 9)
	x := Deal(1)
	allocs := testing.AllocsPerRun(100, func() {
		y := x
		for range 40 {
			ms := y.Legal(buf[:0])
			if len(ms) == 0 {
				break
			}
			_ = y.Play(ms[0])
		}
	})
	assert.Zero(t, allocs)
	assert.Equal(t, cards.Ace, x.Needed())
}

func BenchmarkPlayout(b *testing.B) {
	buf := make([]Move, 0, 9)
	start := Deal(1)
	rng := rand.New(rand.NewPCG(3, 4))
	for b.Loop() {
		p := start
		for p.Status() == games.Playing {
			ms := p.Legal(buf[:0])
			_ = p.Play(ms[rng.IntN(len(ms))])
		}
	}
}
