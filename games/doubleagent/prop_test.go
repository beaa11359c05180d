package doubleagent

import (
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// progress tells the moves random play favours, so that it reaches agents in
// command, foundations and uncovers often enough to test them.
func progress(p *Pos, m Move) bool {
	switch {
	case m.Kind == Uncover, m.To.IsCommand():
		return true
	case m.To.IsCell():
		return p.cell[m.To-P1].found
	}
	return false
}

// randomMove picks a legal move of p, or false when there is none.
func randomMove(r *cards.Rand, p *Pos, legal []Move) Move {
	if r.Below(3) != 0 {
		var good []Move
		for _, m := range legal {
			if progress(p, m) {
				good = append(good, m)
			}
		}
		if len(good) > 0 {
			return good[r.Below(len(good))]
		}
	}
	return legal[r.Below(len(legal))]
}

// randomCandidate is any transfer or uncover, legal or not.
func randomCandidate(r *cards.Rand) Move {
	if r.Below(8) == 0 {
		return UncoverMove(Place(r.Below(int(numPlaces))))
	}
	return MoveCards(Place(r.Below(int(numPlaces))), Place(r.Below(int(numPlaces))), r.Below(6))
}

// walk plays random legal moves from deal d through the typed API, checking
// at every step that every card is there once, that every legal move makes
// and undoes cleanly, that moves outside Legal are refused without change,
// and that the view hides what is face down.
func walk(t *testing.T, d uint64, steps int, r *cards.Rand) (best int) {
	p := Deal(d)
	var stack []Step
	var legal []Move
	for i := 0; i < steps; i++ {
		checkInvariants(t, &p, true)
		if i%8 == 0 {
			checkView(t, p.view(), &p)
		}
		legal = p.Legal(legal[:0])
		require.Equal(t, len(legal) == 0, p.Stuck())
		set := map[Move]bool{}
		for _, m := range legal {
			if set[m] {
				t.Fatalf("%s listed twice", m)
			}
			set[m] = true
			q := p
			s, err := q.Do(m)
			if err != nil || s.Move() != m {
				t.Fatalf("listed %s: %v (as %s)", m, err, s.Move())
			}
			q.Undo(s)
			if q != p {
				t.Fatalf("%s does not undo:\n%s\nbecame\n%s", m, p, q)
			}
		}
		for k := 0; k < 12; k++ {
			m := randomCandidate(r)
			q := p
			s, err := q.Do(m)
			switch {
			case err == nil && !set[s.Move()]:
				t.Fatalf("%s (as %s) is done but not listed", m, s.Move())
			case err != nil && (q != p || err.Error() == ""):
				t.Fatalf("refused %s (%v) changed the position", m, err)
			}
		}
		if p.Won() || len(legal) == 0 {
			break
		}
		if len(stack) > 0 && r.Below(10) == 0 {
			p.Undo(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			continue
		}
		s, err := p.Do(randomMove(r, &p, legal))
		require.NoError(t, err)
		stack = append(stack, s)
		best = max(best, p.Score())
	}
	return best
}

func TestRandomPlayKeepsEveryCard(t *testing.T) {
	deals, steps := 150, 400
	if testing.Short() {
		deals, steps = 20, 200
	}
	r := cards.NewRand(99)
	best := 0
	for d := uint64(1); d <= uint64(deals); d++ {
		best = max(best, walk(t, d, steps, r))
	}
	t.Logf("best score reached by random play: %d", best)
	require.Greater(t, best, 3, "random play should reach agents and foundations")
}

// TestRandomGames plays whole games through the games.Game contract, undo
// and resign included, and checks that the game refuses what Legal does not
// list without changing, and replays to the same state.
func TestRandomGames(t *testing.T) {
	reg := games.NewRegistry(Info)
	r := cards.NewRand(7)
	deals := 40
	if testing.Short() {
		deals = 8
	}
	for d := uint64(100); d < uint64(100+deals); d++ {
		g := New(d)
		rec := games.Record{Game: Info.Name, Deal: d, Seats: 1}
		for i := 0; i < 300 && !g.Status().Finished(); i++ {
			legal := g.Legal(0)
			require.NotEmpty(t, legal)
			listed := map[string]bool{}
			for _, m := range legal {
				listed[m.String()] = true
			}
			// A move not listed is refused and changes nothing.
			// (Written without a count, a transfer means the top card or
			// else the run that fits, so resolve the text as Apply does.)
			text := randomCandidate(r).String()
			if parsed, err := ParseMove(text); err == nil && !listed[g.pos.Resolve(parsed).String()] {
				before := gamestest.StateJSON(t, g)
				require.Error(t, games.Play(g, 0, text), text)
				require.Equal(t, before, gamestest.StateJSON(t, g))
			}
			var m games.Move
			switch {
			case listed["undo"] && r.Below(8) == 0:
				m = Move{Kind: Undo}
			case r.Below(400) == 0:
				m = Move{Kind: Resign}
			default:
				var typed []Move
				for _, x := range legal {
					if x := x.(Move); x.Kind <= Uncover {
						typed = append(typed, x)
					}
				}
				m = randomMove(r, &g.pos, typed)
			}
			require.NoError(t, g.Apply(0, m), m.String())
			rec.Moves = append(rec.Moves, games.Entry{Move: m.String()})
			checkInvariants(t, &g.pos, true)
		}
		gamestest.AssertReplays(t, reg, rec, g)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"t3 b2", "b4 p1", "p2 t1", "t2 t4 3", "up t3", "undo", "resign",
		"T1 B1", "  t1   t2  1 ", "uncover b5", "c1 t1", "t1 c2", "t1 t1", "t1 t2 0", "t1 t2 14",
		"x y", "up p1", "undo now", "", "p1 t2 2", "t1 t2 99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		again, err := ParseMove(m.String())
		require.NoError(t, err, m.String())
		require.Equal(t, m.String(), again.String())
		// Whatever it reads, the game takes it or refuses it unchanged.
		g := New(1)
		before := gamestest.StateJSON(t, g)
		if err := g.Apply(0, m); err != nil {
			require.Equal(t, before, gamestest.StateJSON(t, g))
			require.True(t, strings.TrimSpace(err.Error()) != "")
		}
	})
}

// FuzzPlay drives play by the fuzzer's bytes: each picks a legal move.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(42), []byte{9, 9, 9, 200, 17, 3})
	f.Fuzz(func(t *testing.T, deal uint64, choices []byte) {
		g := New(deal)
		for _, b := range choices {
			legal := g.Legal(0)
			if len(legal) == 0 {
				break
			}
			m := legal[int(b)%len(legal)]
			require.NoError(t, g.Apply(0, m), m.String())
			checkInvariants(t, &g.pos, true)
			checkView(t, g.pos.view(), &g.pos)
		}
	})
}
