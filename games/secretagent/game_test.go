package secretagent

import (
	"encoding/json"
	"fmt"
	"sort"
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

func hand(t testing.TB, s string) []cards.Card {
	var h []cards.Card
	for _, f := range strings.Fields(s) {
		h = append(h, card(t, f))
	}
	return h
}

func codes(h []cards.Card) string {
	s := make([]string, len(h))
	for i, c := range h {
		s[i] = c.Code()
	}
	return strings.Join(s, " ")
}

// play applies text for seat and fails the test on error.
func play(t testing.TB, g *Game, seat games.Seat, text string) {
	t.Helper()
	require.NoError(t, games.Play(g, seat, text), "seat %d: %s", seat, text)
}

// toPlay makes trump from the first legal moves: forbid c, d, h, then the
// dealer's choice.
func toPlay(t testing.TB, g *Game, choice string) {
	t.Helper()
	for i := 0; i < 3; i++ {
		play(t, g, g.turn, g.Legal(g.turn)[0].String())
	}
	play(t, g, g.turn, choice)
}

// TestPinnedDeal pins deal 1: the same deal on every machine and in every
// version.
func TestPinnedDeal(t *testing.T) {
	st := New(1).state()
	assert.Equal(t, games.Seat(2), st.FirstDealer)
	assert.Equal(t, games.Seat(2), st.Dealer)
	want := []string{
		"KS JS 9S 7S 2S KH JH 6H 9C 8C 2C KD TD",
		"AS 8S 6S QH 9H 8H 5H TC 7C AD 9D 8D 7D",
		"5S 4S 3S AH 7H 4H QC 6C 5C 4C 3C JD 3D",
		"QS TS TH 3H 2H AC KC JC QD 6D 5D 4D 2D",
	}
	for s := range want {
		assert.Equal(t, want[s], codes(st.Hands[s]), "seat %d", s)
	}
	assert.Equal(t, []Assignment{Self, Right, Left, Opposite}, st.Assignments)
	assert.Equal(t, []games.Seat{0, 0, 3, 1}, st.Agents)
}

// TestDealFromOneRand redoes the documented draws for several deals.
func TestDealFromOneRand(t *testing.T) {
	for _, d := range []uint64{0, 1, 2, 99, 1 << 40} {
		g := New(d)
		rng := cards.NewRand(d)
		first := games.Seat(rng.Below(4))
		dealer := first
		for n := 1; n <= 2; n++ {
			deck := cards.NewDeck()
			rng.Shuffle(deck)
			as := []Assignment{Left, Opposite, Right, Self}
			for i := 3; i > 0; i-- {
				j := rng.Below(i + 1)
				as[i], as[j] = as[j], as[i]
			}
			var hands [4][]cards.Card
			var assign [4]Assignment
			for i, c := range deck {
				s := (int(dealer) + 1 + i) % 4
				hands[s] = append(hands[s], c)
			}
			for i, a := range as {
				assign[(int(dealer)+1+i)%4] = a
			}
			st := g.state()
			require.Equal(t, n, st.DealNo)
			require.Equal(t, dealer, st.Dealer)
			for s := range hands {
				SortHand(hands[s])
				assert.Equal(t, codes(hands[s]), codes(st.Hands[s]), "deal %d/%d seat %d", d, n, s)
				assert.Equal(t, assign[s], st.Assignments[s])
			}
			// Play the deal out to reach the next one.
			for g.dealNo == n {
				s := g.turn
				require.NoError(t, g.Apply(s, Choose(g, s)))
			}
			dealer = (dealer + 1) % 4
		}
	}
}

func TestDealShape(t *testing.T) {
	for d := uint64(0); d < 50; d++ {
		st := New(d).state()
		seen := map[cards.Card]bool{}
		for s, h := range st.Hands {
			require.Len(t, h, 13)
			for i, c := range h {
				require.False(t, seen[c])
				seen[c] = true
				if i > 0 {
					p := h[i-1]
					ok := displayOrder[p.Suit] < displayOrder[c.Suit] ||
						(p.Suit == c.Suit && high(p.Rank) > high(c.Rank))
					require.True(t, ok, "seat %d hand not sorted: %s", s, codes(h))
				}
			}
		}
		require.Len(t, seen, 52)
		as := append([]Assignment(nil), st.Assignments...)
		sort.Slice(as, func(i, j int) bool { return as[i] < as[j] })
		assert.Equal(t, []Assignment{Left, Opposite, Right, Self}, as)
		assert.Equal(t, PhaseForbid, st.Phase)
		assert.Equal(t, (st.Dealer+1)%4, st.Turn)
	}
}

func TestAgents(t *testing.T) {
	assert.Equal(t, games.Seat(1), Left.Agent(0))
	assert.Equal(t, games.Seat(0), Left.Agent(3))
	assert.Equal(t, games.Seat(2), Opposite.Agent(0))
	assert.Equal(t, games.Seat(1), Opposite.Agent(3))
	assert.Equal(t, games.Seat(3), Right.Agent(0))
	assert.Equal(t, games.Seat(1), Right.Agent(2))
	assert.Equal(t, games.Seat(2), Self.Agent(2))
}

// everyAssignment lists the 24 ways to deal the four assignment cards.
func everyAssignment() [][Seats]Assignment {
	var out [][Seats]Assignment
	var rec func(a [Seats]Assignment, used [4]bool, i int)
	rec = func(a [Seats]Assignment, used [4]bool, i int) {
		if i == Seats {
			out = append(out, a)
			return
		}
		for x := Assignment(0); x < 4; x++ {
			if !used[x] {
				a[i] = x
				used[x] = true
				rec(a, used, i+1)
				used[x] = false
			}
		}
	}
	rec([Seats]Assignment{}, [4]bool{}, 0)
	return out
}

// possible collects every individual score a spread of tricks can give.
func possible(tricks [Seats]int) []int {
	set := map[int]bool{}
	for _, a := range everyAssignment() {
		_, sc := Score(tricks, a)
		for _, s := range sc {
			set[s] = true
		}
	}
	var out []int
	for s := range set {
		out = append(out, s)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(out)))
	return out
}

// TestScoreSampleScores checks the seed's "Sample scores".
func TestScoreSampleScores(t *testing.T) {
	require.Len(t, everyAssignment(), 24)
	assert.Equal(t, []int{16, 12, 9}, possible([4]int{4, 3, 3, 3}))
	// The seed lists 25, 20, 16, 12, 9, 5, 4, 3, 1 for 5-4-3-1 and leaves
	// out 15: the player with 5 tricks whose agent took 3 (or the reverse).
	assert.Equal(t, []int{25, 20, 16, 15, 12, 9, 5, 4, 3, 1}, possible([4]int{5, 4, 3, 1}))
	_, sc := Score([4]int{5, 4, 3, 1}, [4]Assignment{Opposite, Self, Self, Self})
	assert.Equal(t, 15, sc[0])
	assert.Equal(t, []int{169, 130, 100}, possible([4]int{13, 0, 0, 0}))
	assert.Equal(t, []int{169, 130, 100}, possible([4]int{0, 0, 13, 0}))
}

func TestScoreWorkedExamples(t *testing.T) {
	tests := []struct {
		name   string
		tricks [4]int
		assign [4]Assignment
		values [4]int
		scores [4]int
	}{{
		name:   "flat spread, everyone Self",
		tricks: [4]int{4, 3, 3, 3}, assign: [4]Assignment{Self, Self, Self, Self},
		values: [4]int{4, 3, 3, 3}, scores: [4]int{16, 9, 9, 9},
	}, {
		name:   "flat spread, mixed",
		tricks: [4]int{4, 3, 3, 3}, assign: [4]Assignment{Left, Right, Self, Opposite},
		// 0→1, 1→0, 2→2, 3→1
		values: [4]int{4, 3, 3, 3}, scores: [4]int{12, 12, 9, 9},
	}, {
		name:   "a misère with Self",
		tricks: [4]int{6, 4, 3, 0}, assign: [4]Assignment{Right, Left, Opposite, Self},
		// 0→3, 1→2, 2→0, 3→3
		values: [4]int{6, 4, 3, 10}, scores: [4]int{60, 12, 18, 100},
	}, {
		name:   "a misère running someone else",
		tricks: [4]int{0, 5, 5, 3}, assign: [4]Assignment{Opposite, Self, Left, Right},
		// 0→2, 1→1, 2→3, 3→2
		values: [4]int{10, 5, 5, 3}, scores: [4]int{50, 25, 15, 15},
	}, {
		name:   "one player takes all 13",
		tricks: [4]int{0, 13, 0, 0}, assign: [4]Assignment{Left, Self, Opposite, Right},
		// 0→1, 1→1, 2→0, 3→2
		values: [4]int{10, 13, 10, 10}, scores: [4]int{130, 169, 100, 100},
	}, {
		// The seed's note: South Self, West Right, North Opposite, East Left,
		// with South 0, West 1, North 2, East 3 (play passes left).
		name:   "everybody runs South",
		tricks: [4]int{2, 4, 3, 4}, assign: [4]Assignment{Self, Right, Opposite, Left},
		values: [4]int{2, 4, 3, 4}, scores: [4]int{4, 8, 6, 8},
	}, {
		name:   "two share an agent who took nothing",
		tricks: [4]int{7, 0, 2, 4}, assign: [4]Assignment{Left, Self, Right, Opposite},
		// 0→1, 1→1, 2→1, 3→1
		values: [4]int{7, 10, 2, 4}, scores: [4]int{70, 100, 20, 40},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, s := Score(tt.tricks, tt.assign)
			assert.Equal(t, tt.values, v)
			assert.Equal(t, tt.scores, s)
		})
	}
}

// TestScoreInPlay checks that a played deal is scored and totalled as Score
// says, and that every revealed field agrees with the deal.
func TestScoreInPlay(t *testing.T) {
	g := New(5)
	st := g.state()
	assign := [4]Assignment{}
	copy(assign[:], st.Assignments)
	for g.dealNo == 1 {
		require.NoError(t, g.Apply(g.turn, Choose(g, g.turn)))
	}
	r := g.results[0]
	var tricks [4]int
	sum := 0
	for s, sr := range r.Seats {
		tricks[s] = sr.Tricks
		sum += sr.Tricks
		assert.Equal(t, assign[s], sr.Assignment)
		assert.Equal(t, assign[s].Agent(games.Seat(s)), sr.Agent)
	}
	assert.Equal(t, 13, sum)
	values, scores := Score(tricks, assign)
	for s, sr := range r.Seats {
		assert.Equal(t, values[s], sr.Value)
		assert.Equal(t, scores[s], sr.Score)
		assert.Equal(t, scores[s], sr.Total)
		assert.Equal(t, scores[s], g.Scores()[s])
	}
	assert.Equal(t, st.Dealer, r.Dealer)
	assert.Len(t, r.Forbidden, 3)
}

func TestTrumpMaking(t *testing.T) {
	g := New(1) // dealer 2: seats 3, 0, 1 forbid, then 2 chooses
	require.Equal(t, games.Seat(2), g.dealer)
	assert.Equal(t, []games.Seat{3}, g.ToAct())
	assert.Empty(t, g.Legal(0))
	assert.Equal(t, "forbid c, forbid d, forbid h, forbid s", movesText(g.Legal(3)))

	gamestest.Refused(t, g, 0, "forbid h", "not your turn")
	gamestest.Refused(t, g, 2, "trump", "not your turn")
	gamestest.Refused(t, g, 3, "trump", "only the dealer chooses")
	gamestest.Refused(t, g, 3, "play KS", "cannot play a card yet")
	gamestest.Refused(t, g, 7, "forbid h", "not at this table")
	gamestest.Refused(t, g, games.Spectator, "forbid h", "not at this table")
	play(t, g, 3, "forbid h")

	gamestest.Refused(t, g, 0, "forbid hearts", "hearts are already forbidden")
	gamestest.Refused(t, g, 0, "forbid ♥", "hearts are already forbidden")
	assert.Equal(t, "forbid c, forbid d, forbid s", movesText(g.Legal(0)))
	play(t, g, 0, "forbid ♠")
	gamestest.Refused(t, g, 1, "forbid s", "spades are already forbidden")
	play(t, g, 1, "forbid C")

	assert.Equal(t, PhaseTrump, g.phase)
	assert.Equal(t, []games.Seat{2}, g.ToAct())
	assert.Equal(t, "trump, notrump", movesText(g.Legal(2)))
	gamestest.Refused(t, g, 2, "forbid d", "cannot forbid a suit now")
	gamestest.Refused(t, g, 3, "trump", "not your turn")
	gamestest.Refused(t, g, 2, "play JD", "cannot play a card yet")

	v := g.view(games.Spectator)
	assert.Equal(t, []Forbidden{{3, cards.Hearts}, {0, cards.Spades}, {1, cards.Clubs}}, v.Forbidden)
	assert.Nil(t, v.Trump)

	g2 := New(1)
	for _, m := range []string{"forbid h", "forbid s", "forbid c"} {
		play(t, g2, g2.turn, m)
	}
	play(t, g, 2, "trump")
	play(t, g2, 2, "no trump")
	assert.Equal(t, &Trump{Suit: cards.Diamonds}, g.trump)
	assert.Equal(t, &Trump{NoTrump: true}, g2.trump)
	for _, g := range []*Game{g, g2} {
		assert.Equal(t, PhasePlay, g.phase)
		assert.Equal(t, []games.Seat{3}, g.ToAct(), "the dealer's left leads")
		gamestest.Refused(t, g, 2, "notrump", "not your turn")
		gamestest.Refused(t, g, 3, "trump", "trump is already chosen")
		gamestest.Refused(t, g, 3, "forbid c", "cannot forbid a suit now")
	}
	b, err := json.Marshal(g.view(games.Spectator))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"trump":"diamonds"`)
	assert.Contains(t, string(b), `"forbidden":[{"seat":3,"suit":"hearts"},{"seat":0,"suit":"spades"},{"seat":1,"suit":"clubs"}]`)
	b, _ = json.Marshal(g2.view(games.Spectator))
	assert.Contains(t, string(b), `"trump":"notrump"`)
}

func movesText(ms []games.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, ", ")
}

// spades and noTrump are the trumps of the hand-made tricks.
var (
	spades  = &Trump{Suit: cards.Spades}
	noTrump = &Trump{NoTrump: true}
)

// rig puts g in its play phase with the given hands (seat 0 first) and trump.
func rig(t testing.TB, trump *Trump, hands ...string) *Game {
	g := New(1)
	toPlay(t, g, "trump")
	g.trump = trump
	for s, h := range hands {
		g.hands[s] = hand(t, h)
	}
	g.trick.Leader, g.turn = 0, 0
	return g
}

func TestFollowSuit(t *testing.T) {
	g := rig(t, spades,
		"AH 2H 3C", "KH 4S 5D", "7C 8C 9C", "QH JH 2S")
	play(t, g, 0, "play 2H")
	gamestest.Refused(t, g, 1, "play 4S", "you must follow suit: play a ♥ (hearts)")
	gamestest.Refused(t, g, 1, "play AS", "you do not hold A♠")
	assert.Equal(t, "play KH", movesText(g.Legal(1)))
	play(t, g, 1, "KH")
	// Seat 2 holds no heart: anything goes.
	assert.Equal(t, "play 7C, play 8C, play 9C", movesText(g.Legal(2)))
	play(t, g, 2, "play 9C")
	assert.Equal(t, "play QH, play JH", movesText(g.Legal(3)))
	play(t, g, 3, "play QH")
	assert.Equal(t, games.Seat(1), g.lastTrick.Winner, "K♥ beats Q♥ and 2♥; 9♣ is off suit")
	assert.Equal(t, []games.Seat{1}, g.ToAct(), "the winner leads")
	assert.Equal(t, []int{0, 1, 0, 0}, g.view(0).Taken)
	// Seat 1 leads anything.
	assert.Equal(t, "play 4S, play 5D", movesText(g.Legal(1)))
}

func TestTrickWinner(t *testing.T) {
	trick := func(s string) []Play {
		var ps []Play
		for i, c := range hand(t, s) {
			ps = append(ps, Play{Seat: games.Seat((2 + i) % 4), Card: c})
		}
		return ps
	}
	tests := []struct {
		plays string
		trump *Trump
		want  games.Seat
	}{
		{"5H AH KH 2H", noTrump, 3},
		{"5H AS KH 2H", noTrump, 0}, // A♠ is off suit at No Trump
		{"5H AS KH 2H", spades, 3},  // … and trump here
		{"5H 2S 3S KH", spades, 0},  // the highest trump
		{"TH 9H AD 2C", spades, 2},  // nobody trumps: the highest heart
		{"TH JH QH AH", nil, 1},     // A high
		{"2S 3S 4S 5S", spades, 1},
		{"KS AH AD AC", spades, 2},
		{"3C 2C", noTrump, 2},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, TrickWinner(trick(tt.plays), tt.trump), "%s with %v", tt.plays, tt.trump)
	}
	assert.Equal(t, games.Seat(-1), TrickWinner(nil, noTrump))
}

func TestTrickWithTrumpInPlay(t *testing.T) {
	g := rig(t, &Trump{Suit: cards.Diamonds},
		"AC 2H", "KC 3H", "2D 4H", "QC 5H")
	for s, c := range []string{"AC", "KC", "2D", "QC"} {
		play(t, g, games.Seat(s), "play "+c)
	}
	assert.Equal(t, games.Seat(2), g.lastTrick.Winner, "the 2♦ trumps the A♣")
	assert.Equal(t, []games.Seat{2}, g.ToAct())
	assert.Empty(t, g.view(games.Spectator).Trick.Plays)
}

func TestParse(t *testing.T) {
	good := map[string]string{
		"forbid h": "forbid h", "FORBID H": "forbid h", "forbid ♥": "forbid h",
		"forbid hearts": "forbid h", "forbid heart": "forbid h", " forbid   c ": "forbid c",
		"forbid spades": "forbid s", "forbid ♦": "forbid d",
		"trump": "trump", "Trump": "trump", "notrump": "notrump", "no trump": "notrump",
		"NT": "notrump", "no-trump": "notrump",
		"play QH": "play QH", "play qh": "play QH", "play 10h": "play TH", "play q♥": "play QH",
		"QH": "play QH", "10♠": "play TS", "2c": "play 2C",
	}
	for in, want := range good {
		m, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, m.String(), in)
		back, err := Parse(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
	bad := map[string]string{
		"":             "no move",
		"forbid":       "forbid which suit",
		"forbid x":     `"x" is not a suit`,
		"forbid hh":    "not a suit",
		"play":         "play which card",
		"play 1H":      "not a card",
		"play RJ":      "not a card",
		"play --":      "not a card",
		"hello":        "is not a move",
		"trump hearts": "is not a move",
	}
	for in, want := range bad {
		_, err := Parse(in)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
	}
	g := New(1)
	_, err := g.Parse("forbid z")
	assert.Error(t, err)
	assert.Error(t, g.Apply(3, fakeMove{}))
	assert.Error(t, g.Apply(3, Move{}))
	assert.Error(t, g.Apply(3, Move{Kind: KindForbid, Suit: 9}))
	assert.Error(t, g.Apply(3, (*Move)(nil)))
	m := Forbid(cards.Clubs)
	assert.NoError(t, g.Apply(3, &m))
}

type fakeMove struct{}

func (fakeMove) String() string { return "fake" }

// TestGameRotationAndEnd plays whole games and checks the deal's rotation,
// totals, the end and the winner.
func TestGameRotationAndEnd(t *testing.T) {
	for d := uint64(1); d <= 30; d++ {
		g := New(d)
		first := g.dealer
		require.NoError(t, PlayOut(g))
		require.Equal(t, games.Over, g.Status())
		require.Empty(t, g.ToAct())
		for s := games.Seat(0); s < 4; s++ {
			require.Empty(t, g.Legal(s))
		}
		gamestest.Refused(t, g, 0, "forbid c", "game is over")
		rs := g.results
		require.GreaterOrEqual(t, len(rs), 4)
		dealt := map[games.Seat]bool{}
		var totals [4]int
		for i, r := range rs {
			assert.Equal(t, i+1, r.DealNo)
			assert.Equal(t, (first+games.Seat(i))%4, r.Dealer)
			if i < 4 {
				dealt[r.Dealer] = true
			}
			for s, sr := range r.Seats {
				totals[s] += sr.Score
				assert.Equal(t, totals[s], sr.Total)
			}
			if i >= 3 && i < len(rs)-1 {
				assert.False(t, leadAlone(totals), "deal %d: the game went on with a clear leader", i+1)
			}
		}
		assert.Len(t, dealt, 4, "each player deals once")
		assert.True(t, leadAlone(totals))
		assert.Equal(t, totals[:], g.Scores())
		w := g.Winners()
		require.Len(t, w, 1)
		for s := range totals {
			if games.Seat(s) != w[0] {
				assert.Greater(t, totals[w[0]], totals[s])
			}
		}
		v := g.view(games.Spectator)
		assert.Equal(t, PhaseOver, v.Phase)
		assert.Equal(t, games.Seat(-1), v.Turn)
		assert.Equal(t, w, v.Winners)
	}
}

// TestTieBreak forces a tie for the lead after the fourth deal: the game goes
// on one deal at a time until the lead is alone.
func TestTieBreak(t *testing.T) {
	g := New(3)
	// tieAfter plays to the last trick of deal n and sets the totals so that
	// the seats in tied end the deal level on 500, the others below.
	tieAfter := func(n int, tied ...int) {
		for !(g.dealNo == n && len(g.tricks) == 12 && len(g.trick.Plays) == 3) {
			require.NoError(t, g.Apply(g.turn, Choose(g, g.turn)))
		}
		plays := append([]Play(nil), g.trick.Plays...)
		plays = append(plays, Play{Seat: g.turn, Card: g.hands[g.turn][0]})
		taken := g.taken
		taken[TrickWinner(plays, g.trump)]++
		_, scores := Score(taken, g.assign)
		for s := range g.totals {
			g.totals[s] = 100 - scores[s]
		}
		for _, s := range tied {
			g.totals[s] = 500 - scores[s]
		}
		require.NoError(t, g.Apply(g.turn, Choose(g, g.turn)))
	}
	tieAfter(4, 1, 3)
	require.Equal(t, games.Playing, g.Status())
	assert.Equal(t, 5, g.dealNo)
	assert.Equal(t, []int{100, 500, 100, 500}, g.Scores())
	assert.Equal(t, PhaseForbid, g.phase)
	assert.Equal(t, (g.firstDealer+4)%4, g.dealer, "the fifth deal is the first dealer's again")
	tieAfter(5, 0, 1, 2, 3)
	require.Equal(t, games.Playing, g.Status())
	assert.Equal(t, 6, g.dealNo)
	require.NoError(t, PlayOut(g))
	// Deal 6 ends it unless it ties again (it does not for this deal).
	assert.Len(t, g.results, 6)
	assert.Equal(t, games.Over, g.Status())
	assert.Len(t, g.Winners(), 1)
}

// TestNaturalTie finds computer games that needed extra deals.
func TestNaturalTie(t *testing.T) {
	found := 0
	for d := uint64(1); d <= 1000 && found == 0; d++ {
		g := New(d)
		require.NoError(t, PlayOut(g))
		if len(g.results) == 4 {
			continue
		}
		found++
		var totals [4]int
		for _, sr := range g.results[3].Seats {
			totals[sr.Seat] = sr.Total
		}
		assert.False(t, leadAlone(totals), "deal %d: extra deals without a tie", d)
	}
	assert.Positive(t, found, "no tie in 1000 games")
}

func TestRegistryAndReplay(t *testing.T) {
	reg := games.NewRegistry(Info)
	info, ok := reg.Lookup("secretagent")
	require.True(t, ok)
	assert.Equal(t, "Secret Agent", info.Title)
	assert.False(t, info.Solitaire())
	assert.NotEmpty(t, info.Summary)
	_, err := reg.New("secretagent", 1, 3)
	assert.Error(t, err)
	_, err = Info.New(1, 5)
	assert.Error(t, err)

	for _, d := range []uint64{7, 547} {
		g := New(d)
		rec := games.Record{Game: "secretagent", Deal: d, Seats: 4}
		recorder := func(g games.Game, s games.Seat) games.Move {
			m := Choose(g, s)
			rec.Moves = append(rec.Moves, games.Entry{Seat: s, Move: m.String()})
			return m
		}
		require.NoError(t, PlayOut(g, recorder, recorder, recorder, recorder))
		assert.Equal(t, g.Moves(), len(rec.Moves))
		back := gamestest.AssertReplays(t, reg, rec, g)
		assert.Equal(t, g.Summary(), back.(*Game).Summary())

		// A record cut short replays to the same point as playing it.
		half := rec
		half.Moves = rec.Moves[:len(rec.Moves)/2]
		part, err := reg.Replay(half)
		require.NoError(t, err)
		again := New(d)
		for _, e := range half.Moves {
			play(t, again, e.Seat, e.Move)
		}
		assert.Equal(t, gamestest.StateJSON(t, again), gamestest.StateJSON(t, part.(*Game)))

		// A broken record names the move.
		bad := rec
		bad.Moves = append([]games.Entry{{Seat: 0, Move: "play ZZ"}}, rec.Moves...)
		_, err = reg.Replay(bad)
		assert.ErrorContains(t, err, "move 1")
	}
}

func TestDeterminism(t *testing.T) {
	a, b := New(42), New(42)
	require.Equal(t, gamestest.StateJSON(t, a), gamestest.StateJSON(t, b))
	require.NoError(t, PlayOut(a))
	require.NoError(t, PlayOut(b))
	assert.Equal(t, gamestest.StateJSON(t, a), gamestest.StateJSON(t, b))
	assert.NotEqual(t, gamestest.StateJSON(t, New(42)), gamestest.StateJSON(t, New(43)))
}

func TestSummaryJSON(t *testing.T) {
	g := New(9)
	s := g.Summary()
	assert.Nil(t, s.Winner)
	assert.Empty(t, s.Deals)
	require.NoError(t, PlayOut(g))
	s = g.Summary()
	require.NotNil(t, s.Winner)
	b, err := json.MarshalIndent(s, "", "  ")
	require.NoError(t, err)
	out := string(b)
	for _, want := range []string{`"game": "secretagent"`, `"deal": 9`, `"status": "over"`,
		`"dealer"`, `"forbidden"`, `"trump"`, `"tricks"`, `"assignment"`, `"score"`, `"totals"`,
		fmt.Sprintf(`"winner": %d`, *s.Winner)} {
		assert.Contains(t, out, want)
	}
	assert.Len(t, s.Deals, len(g.results))
	for _, d := range s.Deals {
		assert.Len(t, d.Seats, 4)
		assert.Len(t, d.Forbidden, 3)
	}
}

// TestDealsOption: the deals house rule sets how many deals a game has
// before any tie-break, and a game under it replays exactly from its
// record.
func TestDealsOption(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, deals := range []int{1, 2, 4, 8} {
		opts, err := Info.ParseOptions(fmt.Sprintf("deals=%d", deals))
		require.NoError(t, err)
		g, err := Info.Start(7, Seats, opts)
		require.NoError(t, err)
		rec := games.Record{Game: Info.Name, Deal: 7, Seats: Seats, Options: Info.FormatOptions(opts)}
		rec.Moves = gamestest.PlayToEnd(t, g, Choose)
		v := g.View(games.Spectator).(View)
		require.Equal(t, deals, v.Deals)
		require.GreaterOrEqual(t, len(v.Revealed), deals, "deals=%d", deals)
		gamestest.AssertReplays(t, reg, rec, g)
	}
	_, err := Info.ParseOptions("deals=9")
	require.ErrorContains(t, err, "1–8")
	_, err = Info.ParseOptions("trumps=2")
	require.ErrorContains(t, err, "no option")
}
