package secretagent

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkPrivacy checks every view of g against the hidden state: no view
// shows a card still in another seat's hand or another seat's current
// assignment, and the spectator sees no hand or assignment at all.
func checkPrivacy(t testing.TB, g *Game) {
	t.Helper()
	st := g.state()
	for _, viewer := range []games.Seat{games.Spectator, 0, 1, 2, 3} {
		v := g.view(viewer)
		b, err := json.Marshal(g.View(viewer))
		require.NoError(t, err)
		// The cards shown are those played this deal, and the last trick
		// of the deal before, whose cards are in play again.
		var current View
		require.NoError(t, json.Unmarshal(b, &current))
		if len(v.Hand) == 0 {
			v.Hand = nil // an empty hand is left out, as the spectator's
		}
		require.Equal(t, v, current, "the view's JSON reads back")
		if current.LastTrick != nil && current.LastTrick.DealNo != g.dealNo {
			current.LastTrick = nil
		}
		current.Revealed = nil
		cur, err := json.Marshal(current)
		require.NoError(t, err)
		text := string(cur)
		for s, h := range st.Hands {
			if games.Seat(s) == viewer {
				continue
			}
			for _, c := range h {
				// Every card shown anywhere else has been played, so the code
				// of a card in hand may appear only in its owner's view.
				require.NotContains(t, text, `"`+c.Code()+`"`, "viewer %d sees seat %d's %s", viewer, s, c)
			}
		}
		// Assignments appear only in finished deals and as the viewer's own.
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		for _, r := range v.Revealed {
			require.Less(t, r.DealNo, g.dealNo+boolInt(g.phase == PhaseOver))
		}
		if g.phase != PhaseOver {
			require.Len(t, v.Revealed, g.dealNo-1)
		}
		delete(m, "revealed")
		own, hasOwn := m["assignment"]
		delete(m, "assignment")
		rest, _ := json.Marshal(m)
		for _, a := range assignmentNames {
			require.NotContains(t, strings.ToLower(string(rest)), `"`+strings.ToLower(a)+`"`, "viewer %d", viewer)
		}
		if viewer == games.Spectator {
			require.False(t, hasOwn)
			require.NotContains(t, m, "hand")
			require.NotContains(t, m, "agent")
			require.Nil(t, v.Hand)
			require.Nil(t, v.Assignment)
			require.Nil(t, v.Agent)
		} else {
			require.Equal(t, strings.ToLower(st.Assignments[viewer].String()), own)
			require.Equal(t, st.Agents[viewer], *v.Agent)
			require.Equal(t, codes(st.Hands[viewer]), codes(v.Hand))
		}
		require.Equal(t, []int{len(st.Hands[0]), len(st.Hands[1]), len(st.Hands[2]), len(st.Hands[3])}, v.HandSizes)
	}
	// A seat out of range is a spectator.
	assert.Equal(t, g.view(games.Spectator), g.view(9))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestViewPrivacy(t *testing.T) {
	for d := uint64(1); d <= 4; d++ {
		g := New(d)
		checkPrivacy(t, g)
		for !g.Status().Finished() {
			s := g.ToAct()[0]
			require.NoError(t, g.Apply(s, Choose(g, s)))
			checkPrivacy(t, g)
		}
	}
}

func TestViewContents(t *testing.T) {
	g := New(1) // dealer 2
	v := g.view(3)
	assert.Equal(t, games.Seat(3), v.Viewer)
	assert.Equal(t, uint64(1), v.Deal)
	assert.Equal(t, 1, v.DealNo)
	assert.Equal(t, games.Seat(2), v.Dealer)
	assert.Equal(t, PhaseForbid, v.Phase)
	assert.Equal(t, games.Seat(3), v.Turn)
	assert.Equal(t, Opposite, *v.Assignment)
	assert.Equal(t, games.Seat(1), *v.Agent)
	assert.Equal(t, "QS TS TH 3H 2H AC KC JC QD 6D 5D 4D 2D", codes(v.Hand))
	assert.Nil(t, v.LastDeal())
	assert.Nil(t, v.LastTrick)

	toPlay(t, g, "notrump")
	play(t, g, 3, "play QS")
	play(t, g, 0, "play KS")
	v = g.view(1)
	assert.Equal(t, games.Seat(3), v.Trick.Leader)
	assert.Equal(t, []Play{{3, card(t, "QS")}, {0, card(t, "KS")}}, v.Trick.Plays)
	assert.Equal(t, games.Seat(-1), v.Trick.Winner)
	assert.Equal(t, 1, v.Trick.Number)
	assert.Equal(t, []int{12, 13, 13, 12}, v.HandSizes)
	play(t, g, 1, "play AS")
	play(t, g, 2, "play 3S")
	v = g.view(games.Spectator)
	require.NotNil(t, v.LastTrick)
	assert.Equal(t, games.Seat(1), v.LastTrick.Winner)
	assert.Len(t, v.Tricks, 1)
	assert.Equal(t, []int{0, 1, 0, 0}, v.Taken)
	assert.Equal(t, 2, v.Trick.Number)
	assert.Empty(t, v.Trick.Plays)

	// Views are copies.
	v = g.view(1)
	v.Hand[0] = cards.Card{}
	v.Taken[0] = 9
	v.Tricks[0].Plays[0].Card = cards.Card{}
	v.LastTrick.Plays[0].Card = cards.Card{}
	v2 := g.view(1)
	assert.NotEqual(t, cards.Card{}, v2.Hand[0])
	assert.Equal(t, 0, v2.Taken[0])
	assert.Equal(t, card(t, "QS"), v2.Tricks[0].Plays[0].Card)
	assert.Equal(t, card(t, "QS"), v2.LastTrick.Plays[0].Card)

	// After the deal: its result is revealed, the next deal has begun, and
	// the last trick of the finished deal is still shown.
	for g.dealNo == 1 {
		require.NoError(t, g.Apply(g.turn, Choose(g, g.turn)))
	}
	v = g.view(0)
	assert.Equal(t, 2, v.DealNo)
	assert.Equal(t, games.Seat(3), v.Dealer)
	assert.Equal(t, PhaseForbid, v.Phase)
	require.NotNil(t, v.LastDeal())
	assert.Equal(t, 1, v.LastDeal().DealNo)
	assert.Equal(t, Trump{NoTrump: true}, v.LastDeal().Trump)
	assert.Equal(t, []Assignment{Self, Right, Left, Opposite},
		[]Assignment{v.LastDeal().Seats[0].Assignment, v.LastDeal().Seats[1].Assignment,
			v.LastDeal().Seats[2].Assignment, v.LastDeal().Seats[3].Assignment})
	require.NotNil(t, v.LastTrick)
	assert.Equal(t, 1, v.LastTrick.DealNo)
	assert.Equal(t, 13, v.LastTrick.Number)
	assert.Empty(t, v.Tricks)
	assert.Equal(t, []int{0, 0, 0, 0}, v.Taken)
	assert.Len(t, v.Hand, 13)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	for _, key := range []string{`"phase":"forbidding"`, `"status":"playing"`, `"assignment":`, `"revealed":[{"deal_no":1`} {
		assert.Contains(t, string(b), key)
	}
}

func TestStateHoldsEverything(t *testing.T) {
	g := New(11)
	toPlay(t, g, "trump")
	st := g.State().(State)
	require.Len(t, st.Hands, 4)
	require.Len(t, st.Assignments, 4)
	b, err := json.Marshal(st)
	require.NoError(t, err)
	for _, h := range st.Hands {
		for _, c := range h {
			assert.Contains(t, string(b), `"`+c.Code()+`"`)
		}
	}
	assert.Contains(t, string(b), `"assignments":[`)
	assert.Equal(t, st, games.FullState(g))
}
