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

// card reads one card code (see gamestest.Card).
func card(t testing.TB, code string) cards.Card { return gamestest.Card(t, code) }

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

// quietReserves are reserves of which none fit on 7♠ (which needs an Ace),
// nor on one another's doubles in the tests below.
const quietReserves = "2C 3C 4C 5C 6C 8C 9C"

func view(g *Game) View { return g.View(0).(View) }

// TestKingRefilledIntoReserveFreezes: a King refilled into a reserve
// freezes it: it can never be played, the view says so, and the waste below
// it is free again.
func TestKingRefilledIntoReserveFreezes(t *testing.T) {
	g := table{
		foundation: "7S",
		reserves:   "AH 2C 3C 4C 5C 6C 9C",
		waste:      "5D KH",
		stock:      "TD JD QD",
	}.game(t)
	assert.True(t, view(g).Waste.Blocked)
	play(t, g, "r1")
	v := view(g)
	assert.Equal(t, "KH", v.Reserves[0].Card.Code(), "the waste's top refills r1, King or not")
	assert.True(t, v.Reserves[0].Frozen)
	assert.Equal(t, "5D", v.Waste.Top.Code())
	assert.False(t, v.Waste.Blocked)
	assert.Equal(t, "r2 flip undo resign", legal(g), "A♥ is up: 2♣ fits, the frozen King never does")

	// Play on: the King stays put whatever the foundation needs.
	play(t, g, "r2", "flip", "r4")
	assert.Equal(t, "KH", view(g).Reserves[0].Card.Code())
	err := games.Play(g, 0, "r1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "frozen")

	// Frozen is only ever a King.
	for _, r := range view(g).Reserves {
		assert.Equal(t, r.Card.Rank == cards.King, r.Frozen)
	}
}

// TestKingOnWasteBlocks: a King on the waste blocks it: w is refused until
// a flip covers the King.
func TestKingOnWasteBlocks(t *testing.T) {
	g := table{
		foundation: "7S",
		reserves:   quietReserves,
		waste:      "AH KD",
		stock:      "QD AS",
	}.game(t)
	assert.True(t, view(g).Waste.Blocked)
	assert.Equal(t, "flip resign", legal(g), "A♥ fits but lies under K♦")
	before := g.State()
	err := games.Play(g, 0, "w")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "K♦ on the waste is a King")
	assert.Contains(t, err.Error(), "flip")
	assert.Equal(t, before, g.State())

	play(t, g, "flip")
	assert.False(t, view(g).Waste.Blocked)
	assert.Equal(t, "QD", view(g).Waste.Top.Code())
	assert.Equal(t, "flip undo resign", legal(g), "Q♦ does not fit on 7♠")
	play(t, g, "flip", "w")
	assert.Equal(t, "AS", view(g).Foundation.Top.Code())
	assert.Equal(t, "QD", view(g).Waste.Top.Code())
}

// TestRefillFromWasteThenStock: a reserve refills from the waste's top,
// then from the stock's top when the waste is empty, and stays empty when
// both are.
func TestRefillFromWasteThenStock(t *testing.T) {
	g := table{
		foundation: "7S",
		reserves:   "AH 2C 9C TC JC QC 5S",
		waste:      "3D 4D",
		stock:      "8D",
	}.game(t)
	play(t, g, "r1")
	assert.Equal(t, "4D", view(g).Reserves[0].Card.Code(), "from the waste's top")
	assert.Equal(t, 1, view(g).Waste.Size)
	play(t, g, "r2")
	assert.Equal(t, "3D", view(g).Reserves[1].Card.Code(), "from the waste's last card")
	assert.Equal(t, 0, view(g).Waste.Size)
	assert.Equal(t, 1, view(g).Stock)
	play(t, g, "r1")
	assert.Equal(t, "8D", view(g).Reserves[0].Card.Code(), "the waste is empty: from the stock's top")
	assert.Equal(t, 0, view(g).Stock)
	play(t, g, "r1")
	assert.True(t, view(g).Reserves[0].Card.IsNone(), "nothing left to refill from")
	assert.False(t, view(g).Reserves[0].Frozen)
	err := games.Play(g, 0, "r1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "reserve 1 is empty")
	assert.Equal(t, "AH 2C 4D 8D", codes(g.pos.Foundation()[1:]))
}

// TestPlayWaste: playing the waste takes its top card and uncovers the one
// below.
func TestPlayWaste(t *testing.T) {
	g := table{foundation: "7S", reserves: "2C 3C 5C 6C 8C 9C TC", waste: "2D 4D AD", stock: "TD"}.game(t)
	assert.Equal(t, "w flip resign", legal(g))
	play(t, g, "w")
	v := view(g)
	assert.Equal(t, "AD", v.Foundation.Top.Code())
	assert.Equal(t, "4D", v.Waste.Top.Code())
	assert.Equal(t, 2, v.Waste.Size)
	assert.Equal(t, "2", v.Foundation.NextName)
	assert.Equal(t, "r1 flip undo resign", legal(g), "4♦ waits for a 2: 2♣ on r1")
	play(t, g, "r1")
	assert.Equal(t, "4D", view(g).Reserves[0].Card.Code(), "r1 takes the waste's top")
	assert.Equal(t, "2D", view(g).Waste.Top.Code())
	assert.Equal(t, "r1 flip undo resign", legal(g))
}

// TestThreePassesThenLost: three passes through the stock: two redeals,
// each turning the waste over in its order; flip then does nothing more,
// and with nothing fitting the game is lost.
func TestThreePassesThenLost(t *testing.T) {
	g := table{foundation: "7S", reserves: quietReserves, stock: "TD JD QD"}.game(t)
	for pass := 1; pass <= Passes; pass++ {
		v := view(g)
		require.Equal(t, pass, v.Pass)
		require.Equal(t, Passes-pass, v.PassesLeft)
		require.Equal(t, 3, v.Stock)
		require.Equal(t, 0, v.Waste.Size)
		st := g.State().(FullState)
		require.Equal(t, "TD JD QD", codes(st.StockCards), "pass %d deals in the first pass's order", pass)
		play(t, g, "flip", "flip")
		require.Equal(t, games.Playing, g.Status())
		play(t, g, "flip")
		st = g.State().(FullState)
		require.Equal(t, "TD JD QD", codes(st.WasteCards), "the waste, bottom first, in flip order")
		require.Empty(t, st.StockCards)
		if pass < Passes {
			require.Equal(t, games.Playing, g.Status(), "a redeal is left")
			require.Equal(t, "flip undo resign", legal(g))
			before := view(g).Waste.Size
			play(t, g, "flip")
			require.Equal(t, before, view(g).Stock, "a redeal turns no card over")
		}
	}
	assert.Equal(t, games.Lost, g.Status(), "no fourth pass, nothing fits")
	assert.Nil(t, g.ToAct())
	assert.Nil(t, g.Legal(0))
	assert.Empty(t, g.Winners())
	assert.Equal(t, []int{1}, g.Scores())

	p := g.Position()
	err := p.Play(Flip)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no redeal left")
	err = games.Play(g, 0, "flip")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game is over (lost, 1 of 48")
}

// TestLastPassGoesOnWhileACardFits: on the third pass an empty stock is not
// the end while a card fits.
func TestLastPassGoesOnWhileACardFits(t *testing.T) {
	g := table{foundation: "7S", reserves: "AH 3C 4C 5C 6C TC 9C", waste: "2D", pass: 3}.game(t)
	assert.Equal(t, "r1 resign", legal(g))
	play(t, g, "r1")
	assert.Equal(t, "2D", view(g).Reserves[0].Card.Code())
	assert.Equal(t, "r1 undo resign", legal(g))
	play(t, g, "r1")
	assert.Equal(t, "r3 undo resign", legal(g), "4♣ goes on 2♦")
	play(t, g, "r3")
	assert.Equal(t, games.Lost, g.Status(), "8 needed, none there, no stock, no redeal")
	assert.Equal(t, []int{4}, g.Scores())
}

// TestNothingToFlipNothingFits: an empty stock and waste with passes left
// and nothing to play is no move at all: lost too (it cannot happen with
// all 52 cards, see Position.Status).
func TestNothingToFlipNothingFits(t *testing.T) {
	g := table{foundation: "7S", reserves: quietReserves}.game(t)
	assert.Equal(t, games.Lost, g.Status())
	p := g.Position()
	err := p.Play(Flip)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nothing to flip")
}

// TestFoundationStartsOnAnyRank: the foundation may start on any rank below
// the King, and the doubling goes on from it through the whole cycle.
func TestFoundationStartsOnAnyRank(t *testing.T) {
	for r := cards.Ace; r < cards.King; r++ {
		run := cycle(r, 13) // r, then the twelve cards after it
		g := fromPosition(0, table{
			foundation: run[0].Code(),
			reserves:   "-- -- -- -- -- -- --",
			stock:      codes(run[1:]),
		}.position(t))
		for k := 1; k <= 12; k++ {
			require.Equal(t, run[k].Rank, view(g).Foundation.Next)
			play(t, g, "flip", "w")
		}
		assert.Equal(t, 13, g.pos.Score())
		assert.Equal(t, r, g.pos.FoundationTop().Rank, "twelve doublings on, back to %s", r)
		assert.Equal(t, run[1].Rank, g.pos.Needed())
	}
}

// fullTable is a real end of game: 47 cards up, the 48th on r1, the four
// Kings frozen on r2–r5. With the seven reserves kept full while stock or
// waste holds a card, 5 cards left means stock and waste are empty, so the
// rules' two readings of a win (48 up; or 48 up with stock and waste empty)
// are the same.
func fullTable(t *testing.T) *Game {
	run := fullRun()
	return table{
		foundation: codes(run[:47]),
		reserves:   run[47].Code() + " KC KD KH KS -- --",
		pass:       2,
	}.game(t)
}

// TestWinAt48: 48 cards on the foundation win.
func TestWinAt48(t *testing.T) {
	g := fullTable(t)
	census(t, &g.pos)
	assert.Equal(t, "7", view(g).Foundation.NextName)
	assert.Equal(t, "r1 resign", legal(g))
	play(t, g, "r1")
	assert.Equal(t, games.Won, g.Status())
	assert.Equal(t, []games.Seat{0}, g.Winners())
	assert.Equal(t, []int{48}, g.Scores())
	assert.Nil(t, g.ToAct())
	assert.Nil(t, g.Legal(0))
	v := view(g)
	assert.Equal(t, 48, v.Score)
	assert.Equal(t, "", v.Foundation.NextName)
	assert.Zero(t, v.Foundation.Next)
	assert.True(t, v.Reserves[0].Card.IsNone(), "nothing left to refill r1")
	census(t, &g.pos)
	for _, m := range []string{"flip", "undo", "resign", "w"} {
		err := games.Play(g, 0, m)
		require.Error(t, err, m)
		assert.Contains(t, err.Error(), "game is over (won, 48 of 48")
	}
}

// TestFullFoundationTakesNothing: a Position with a full foundation takes
// nothing more, not even a flip (unreachable in play, see fullTable, but
// the Position says so itself).
func TestFullFoundationTakesNothing(t *testing.T) {
	run := fullRun()
	p := table{foundation: codes(run), reserves: "KC -- -- -- -- -- --", waste: "KD", stock: "KH KS"}.position(t)
	assert.Equal(t, games.Won, p.Status())
	assert.Empty(t, p.Legal(nil))
	err := p.Play(Flip)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "complete")
	assert.Zero(t, p.Needed())
	assert.False(t, p.Fits(card(t, "KD")))
}

// TestDealOneWon: deal 1 won in full, replayed through the registry. The
// line was found by a depth-first search over positions.
func TestDealOneWon(t *testing.T) {
	const line = "r6 r3 r4 r1 flip flip flip flip flip flip flip flip w flip flip flip w w r5 r7 r1 r4 r3 r5 flip flip w flip flip flip flip flip w r2 flip flip flip flip flip flip flip flip flip w r1 r3 flip flip flip flip flip flip flip flip flip w r4 flip flip flip w r6 r1 flip flip flip flip flip w flip flip w flip flip flip flip flip flip flip flip flip flip flip flip flip w r5 w r3 r1 flip flip w r3 flip flip w r1 flip flip flip flip r2 flip flip flip flip w r2 r1 r7 r4 r6 r7 r6 r6 r2 r5"
	rec := games.Record{Game: "doublets", Deal: 1, Seats: 1}
	for _, m := range strings.Fields(line) {
		rec.Moves = append(rec.Moves, games.Entry{Seat: 0, Move: m})
	}
	g, err := games.NewRegistry(Info).Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, games.Won, g.Status())
	assert.Equal(t, []int{48}, g.Scores())
	assert.Equal(t, 118, g.Moves())
	v := g.View(0).(View)
	assert.Equal(t, 3, v.Pass)
	p := g.(*Game).Position()
	census(t, &p)
}

// TestResign: Resign ends the game lost, keeping the score; nothing moves
// afterwards.
func TestResign(t *testing.T) {
	g := New(1)
	play(t, g, "r6", "resign")
	assert.Equal(t, games.Lost, g.Status())
	assert.Equal(t, []int{2}, g.Scores())
	assert.Empty(t, g.Winners())
	assert.Nil(t, g.ToAct())
	assert.Equal(t, 2, g.Moves())
	err := games.Play(g, 0, "undo")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game is over (resigned, 2 of 48")
}

// TestPassesOption: the passes house rule: with one or two passes the game
// ends after that many times through the stock, and replays exactly from
// its record.
func TestPassesOption(t *testing.T) {
	for _, passes := range []int{1, 2, 3} {
		pos := table{foundation: "7S", reserves: quietReserves, stock: "TD JD QD"}.game(t).pos.WithPasses(passes)
		g := fromPosition(1, pos)
		for pass := 1; pass <= passes; pass++ {
			require.Equal(t, passes-pass, view(g).PassesLeft)
			play(t, g, "flip", "flip", "flip")
			if pass < passes {
				play(t, g, "flip")
			}
		}
		assert.Equal(t, games.Lost, g.Status(), "passes=%d", passes)
		require.Error(t, g.Apply(0, Flip))
	}

	reg := games.NewRegistry(Info)
	for _, passes := range []int{1, 2} {
		opts, err := Info.ParseOptions("passes=" + string(rune('0'+passes)))
		require.NoError(t, err)
		g, err := Info.Start(5, 1, opts)
		require.NoError(t, err)
		rec := games.Record{Game: Info.Name, Deal: 5, Seats: 1, Options: Info.FormatOptions(opts)}
		for n := 0; g.Status() == games.Playing && n < 500; n++ {
			m := g.Legal(0)[0]
			require.NoError(t, g.Apply(0, m))
			rec.Moves = append(rec.Moves, games.Entry{Seat: 0, Move: m.String()})
		}
		require.Equal(t, passes, view(g.(*Game)).Pass, "the first legal move flips until the passes run out")
		again := gamestest.AssertReplays(t, reg, rec, g)
		require.Equal(t, g.(*Game).State(), again.(*Game).State())
	}
	_, err := Info.ParseOptions("passes=4")
	require.ErrorContains(t, err, "1–3")
}
