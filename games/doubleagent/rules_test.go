package doubleagent

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The awkward rules first.

func TestDoubleAgentRankInsideRunTopRow(t *testing.T) {
	g := table(t, `
		t1: 2D | 5S RJ 7C   # the red agent stands for 6 between 5 and 7
		t2: | 8H
		t3: | 8D
		t4: | 9H
		t5: | 8C
	`+fullPrison)
	assert.Equal(t, cards.Rank(6), stands(g, "t1", 1))
	assert.Equal(t, []string{"5S", "RJ", "7C"}, codes(up(g, "t1")))
	refuse(t, g, "t5 t1", "colours alternate")
	refuse(t, g, "t4 t1", "the top row builds up, so it takes a red 8")
	play(t, g, "t2 t1")
	assert.Equal(t, []string{"5S", "RJ", "7C", "8H"}, codes(up(g, "t1")))
}

func TestDoubleAgentRankInsideRunBottomRow(t *testing.T) {
	g := table(t, `
		b1: 2D | 9S RJ 7C   # the red agent stands for 8 between 9 and 7
		b2: | 6H
		b3: | 5H
	`+fullPrison)
	assert.Equal(t, cards.Rank(8), stands(g, "b1", 1))
	refuse(t, g, "b3 b1", "the bottom row builds down, so it takes a red 6")
	play(t, g, "b2 b1")
	assert.Equal(t, cards.Rank(8), stands(g, "b1", 1))
}

func TestAgentPlacedOnACardTakesTheNextRank(t *testing.T) {
	g := table(t, `
		t1: | 5S
		b1: | 5C
		t2: | KS
		b2: | AC
		t3: | 4H
		c1: RJ
		c2: BJ
	`+fullPrison)
	refuse(t, g, "c2 t1", "colours alternate") // black agent on a black card
	refuse(t, g, "c1 t2", "nothing goes on K♠ in the top row")
	refuse(t, g, "c1 b2", "nothing goes on A♣ in the bottom row")
	play(t, g, "c1 t1")
	assert.Equal(t, cards.Rank(6), stands(g, "t1", 1))
	// The same agent moved to the bottom row stands for the rank below.
	play(t, g, "t1 b1")
	assert.Equal(t, cards.Rank(4), stands(g, "b1", 1))
	// And onto the other agent: the black agent continues from it.
	play(t, g, "c2 b1")
	assert.Equal(t, cards.Rank(3), stands(g, "b1", 2))
	// Back into command once on top: from the tableau straight to a slot.
	play(t, g, "b1 c2", "b1 c1")
	assert.Equal(t, [2]cards.Card{cards.RedJoker, cards.BlackJoker}, g.view().Command)
}

func TestMovingARunThatHoldsADoubleAgent(t *testing.T) {
	g := table(t, `
		t1: 2D | 5S RJ 7C
		t2: | 4H
		t3: 3D | 6S
		t4: | 5D
		b1: | 8H
	`+fullPrison)
	refuse(t, g, "t1 b1 3", "a run moves only within its row")
	refuse(t, g, "t1 t3 2", "takes a red 7") // the agent is a 6 by the 7♣ on it
	refuse(t, g, "t1 t4 2", "colours alternate")
	play(t, g, "t1 t2 3") // 5♠ on 4♥: the agent travels as a 6
	assert.Equal(t, []string{"4H", "5S", "RJ", "7C"}, codes(up(g, "t2")))
	assert.Equal(t, cards.Rank(6), stands(g, "t2", 2))
	assert.True(t, g.view().Top[0].Exposed)
	play(t, g, "undo")
	assert.Equal(t, []string{"5S", "RJ", "7C"}, codes(up(g, "t1")))
	assert.Equal(t, []string{"4H"}, codes(up(g, "t2")))
	// A run starting with the agent: it lands as the rank its cards need.
	g2 := table(t, `
		t1: | RJ 7C   # alone on an empty space, the agent is a 6 by the 7 on it
		t2: | 5S
		t3: | 6C
	`+fullPrison)
	assert.Equal(t, cards.Rank(6), stands(g2, "t1", 0))
	refuse(t, g2, "t1 t3 2", "takes a red 7") // would make the agent a 7 under a 7
	play(t, g2, "t1 t2 2")
	assert.Equal(t, []string{"5S", "RJ", "7C"}, codes(up(g2, "t2")))
	assert.Equal(t, cards.Rank(6), stands(g2, "t2", 1))
}

func TestDoubleAgentOnEmptySpaceTakesRankFromNextCard(t *testing.T) {
	g := table(t, `
		t2: | 6D 7C
		t3: | JS
		t4: | AS
		t5: | 2S
		b1: | KS
		c1: RJ
		c2: BJ
	`+fullPrison)
	play(t, g, "c1 t1")
	assert.Equal(t, cards.Rank(0), stands(g, "t1", 0), "alone on an empty space it may be any rank")
	refuse(t, g, "t4 t1", "the agent would stand for no rank") // an Ace on it would make it a 0
	play(t, g, "t2 t1")                                        // 7♣: the agent becomes a 6
	assert.Equal(t, cards.Rank(6), stands(g, "t1", 0))
	refuse(t, g, "t3 t1", "colours alternate")
	// The 7 leaves: the agent is free again, and a Jack makes it a 10.
	play(t, g, "t1 t2")
	assert.Equal(t, cards.Rank(0), stands(g, "t1", 0))
	play(t, g, "t3 t1")
	assert.Equal(t, cards.Rank(10), stands(g, "t1", 0))
	play(t, g, "t1 t3")

	// Two agents alone: both open until a card fixes them.
	play(t, g, "c2 t1")
	assert.Equal(t, []cards.Rank{0, 0}, []cards.Rank{stands(g, "t1", 0), stands(g, "t1", 1)})
	refuse(t, g, "t5 t1", "colours alternate")
	// In the bottom row a King cannot go on an open agent (it would be a 14).
	play(t, g, "t1 c2", "t1 b2")
	refuse(t, g, "b1 b2", "the agent would stand for no rank")
}

func TestTwoOpenAgentsFixedByOneCard(t *testing.T) {
	g := table(t, `
		t1: | RJ BJ
		t2: | 3H
		t3: | 2D
	`+fullPrison)
	refuse(t, g, "t3 t1", "the agent would stand for no rank") // RJ would be a 0
	play(t, g, "t2 t1")
	assert.Equal(t, []cards.Rank{1, 2, 3}, []cards.Rank{stands(g, "t1", 0), stands(g, "t1", 1), stands(g, "t1", 2)})
}

func TestFoundationFrozenAndUnfrozen(t *testing.T) {
	g := table(t, `
		t1: | 4H
		t2: | 5H
		t3: | 9S
		b1: | 6H
		c1: RJ
		p1: found 3H
		p2: 8C
		p3: 8S
		p4: 9C
	`)
	play(t, g, "t1 p1")
	assert.Equal(t, Cell{Name: "p1", Kind: "foundation", Card: cards.Card{Rank: 4, Suit: cards.Hearts}, Suit: "hearts", Count: 4}, cellView(g, 0))
	// The red agent leaves command as a double agent: hearts freeze.
	play(t, g, "c1 t3")
	assert.True(t, cellView(g, 0).Frozen)
	refuse(t, g, "t2 p1", "the ♥ foundation is frozen: no red agent is in command")
	// Back into command from the top of its tableau: hearts thaw.
	play(t, g, "t3 c2", "t2 p1")
	assert.False(t, cellView(g, 0).Frozen)
	assert.Equal(t, 5, cellView(g, 0).Count)
	assert.Equal(t, 6, g.Scores()[0]) // five hearts and one agent
}

func TestBlackAgentDoesNotThawRedFoundations(t *testing.T) {
	g := table(t, `
		t1: | 2D
		c1: BJ
		p1: found AD
		p2: 8C
		p3: 8S
		p4: 9C
	`)
	assert.True(t, cellView(g, 0).Frozen)
	refuse(t, g, "t1 p1", "frozen: no red agent")
}

func TestTopCardOfFrozenFoundationTakenOff(t *testing.T) {
	g := table(t, `
		b1: | 5S
		t1: | AS
		p1: found 4H   # no red agent in command: frozen
		p2: 8C
		p3: 8S
		p4: 9C
	`)
	assert.True(t, cellView(g, 0).Frozen)
	refuse(t, g, "p1 p2", "p2 holds a prisoner")
	refuse(t, g, "p1 c1", "only an agent goes into command")
	play(t, g, "p1 b1") // 4♥ on 5♠ in the bottom row
	assert.Equal(t, Cell{Name: "p1", Kind: "foundation", Card: cards.Card{Rank: 3, Suit: cards.Hearts}, Suit: "hearts", Count: 3, Frozen: true}, cellView(g, 0))
	refuse(t, g, "b1 p1", "frozen") // and it does not go back
	assert.Equal(t, 3, g.Scores()[0])
}

func TestFoundationTakenDownToEmpty(t *testing.T) {
	g := table(t, `
		b1: | 3C
		b2: | 2C
		p1: found 2H
		p2: 8C
		p3: 8S
		p4: 9C
	`)
	play(t, g, "p1 b1", "p1 b2")
	assert.Equal(t, "empty", cellView(g, 0).Kind)
	assert.Equal(t, cards.None, cellView(g, 0).Card)
	// Without a red agent the Ace put back is a prisoner again.
	play(t, g, "b2 p1")
	assert.Equal(t, "prisoner", cellView(g, 0).Kind)
}

func TestBuildingOnAnExposedFaceDownCard(t *testing.T) {
	g := table(t, `
		t1: 3C 4D |         # an exposed face-down card
		t2: | 5S 6H 7C
		t3: | 9H
		b1: | QD
		p1: 8C
		p2: 8S
		p3: 9C
		p4: TC
	`)
	v := g.view().Top[0]
	assert.Equal(t, Tableau{Name: "t1", Down: 2, Exposed: true, Up: []Face{}}, v)
	refuse(t, g, "t1 t3", "face down: uncover it with up t1, or build on it")
	// Any card, or any run of the same row, goes on it.
	play(t, g, "t2 t1 3")
	assert.Equal(t, []string{"5S", "6H", "7C"}, codes(up(g, "t1")))
	assert.False(t, g.view().Top[0].Exposed)
	refuse(t, g, "up t1", "t1 has no exposed face-down card")
	// A single card from the other row goes on it too.
	play(t, g, "t1 t2 3", "b1 t1")
	assert.Equal(t, []string{"QD"}, codes(up(g, "t1")))
	assert.Equal(t, 2, g.view().Top[0].Down)
	// Taken off again, it is exposed and may be uncovered.
	play(t, g, "t1 b1", "up t1")
	assert.Equal(t, []string{"4D"}, codes(up(g, "t1")))
	assert.Equal(t, 1, g.view().Top[0].Down)
}

func TestUncoverCannotBeUndone(t *testing.T) {
	g := table(t, `
		t1: 3C 4D |
		t2: | 9H
		b1: | 9S
		p1: 8C
		p2: 8S
		p3: 9C
		p4: TC
	`)
	play(t, g, "t2 b2", "undo") // an ordinary move undoes
	assert.Equal(t, 1, g.view().Undos)
	play(t, g, "t2 b2", "up t1")
	assert.NotContains(t, legalStrings(g), "undo")
	refuse(t, g, "undo", "up t1 cannot be undone")
	// Later moves undo, down to the uncover and not past it.
	play(t, g, "b2 t2", "undo")
	refuse(t, g, "undo", "up t1 cannot be undone")
	assert.Equal(t, []string{"4D"}, codes(up(g, "t1")))
	assert.Equal(t, 6, g.Moves())
	assert.Equal(t, 2, g.view().Undos)
}

func TestNothingToUndoAtStart(t *testing.T) {
	g := New(1)
	refuse(t, g, "undo", "there is no move to take back")
}

func TestRunsDoNotMoveBetweenRows(t *testing.T) {
	g := table(t, `
		t1: 2C | 5S 6H
		b1: | 7S
		b2: |
		p1: 8C
		p2: 8S
		p3: 9C
		p4: TC
	`)
	refuse(t, g, "t1 b1 2", "a run moves only within its row")
	refuse(t, g, "t1 b2 2", "a run moves only within its row") // not even to an empty space
	play(t, g, "t1 b1")                                        // the single top card does
	assert.Equal(t, []string{"7S", "6H"}, codes(up(g, "b1")))
	assert.NotContains(t, legalStrings(g), "t1 b2 2")
}

func TestPrisonFull(t *testing.T) {
	g := table(t, `
		t1: | 5S
		b1: | 5H
		p1: 8C
		p2: 8S
		p3: 4C
		p4: TC
	`)
	for _, c := range []string{"p1", "p2", "p3", "p4"} {
		refuse(t, g, "t1 "+c, "holds a prisoner")
	}
	for _, m := range g.Legal(0) {
		assert.False(t, m.(Move).To.IsCell(), "%s", m)
	}
	// Played out, a prisoner frees its cell, which takes any card.
	play(t, g, "p3 b1", "t1 p3")
	assert.Equal(t, "prisoner", cellView(g, 2).Kind)
	assert.Equal(t, "5S", cellView(g, 2).Card.Code())
	refuse(t, g, "p4 p3", "holds a prisoner")
}

func TestPrisonerGoesToTableauFoundationOrCommand(t *testing.T) {
	g := table(t, `
		t1: | 5S
		c1: RJ
		p1: 6H
		p2: found 5H
		p3: BJ        # an agent may be a prisoner
	`)
	refuse(t, g, "p1 p4", "a prisoner leaves its cell only for")
	play(t, g, "p1 p2") // onto its foundation
	assert.Equal(t, 6, cellView(g, 1).Count)
	refuse(t, g, "p3 p2", "agents never go onto foundations")
	play(t, g, "p3 c2") // a prisoner agent goes into command
	play(t, g, "t1 p1") // and any card into an empty cell
}

func TestAceBecomesFoundationWhenItsAgentCommands(t *testing.T) {
	g := table(t, `
		t1: | RJ
		t2: | AD
		t3: | 2H
		t4: | AS
		b1: | 2D
		b2: | BJ
		p1: AH        # a prisoner, while no red agent commands
		p2: 8C
	`)
	assert.Equal(t, "prisoner", cellView(g, 0).Kind)
	refuse(t, g, "t3 p1", "holds a prisoner")
	play(t, g, "t1 c1")
	assert.Equal(t, "foundation", cellView(g, 0).Kind, "the prisoner Ace becomes a foundation")
	play(t, g, "t3 p1")
	assert.Equal(t, 2, cellView(g, 0).Count)
	// With the agent in command, an Ace into an empty cell starts a foundation.
	play(t, g, "t2 p3", "b1 p3")
	assert.Equal(t, Cell{Name: "p3", Kind: "foundation", Card: cards.Card{Rank: 2, Suit: cards.Diamonds}, Suit: "diamonds", Count: 2}, cellView(g, 2))
	// A black Ace without its agent is only a prisoner…
	play(t, g, "t4 p4")
	assert.Equal(t, "prisoner", cellView(g, 3).Kind)
	// …until the black agent commands.
	play(t, g, "b2 c2")
	assert.Equal(t, "foundation", cellView(g, 3).Kind)
	assert.Equal(t, 2+2+1+2, g.Scores()[0])
	// Undo puts the Ace back as a prisoner.
	play(t, g, "undo")
	assert.Equal(t, "prisoner", cellView(g, 3).Kind)
}

func TestFoundationStaysWhenAgentLeaves(t *testing.T) {
	g := table(t, `
		t1: | 9S
		c1: RJ
		p1: found AH
	`)
	play(t, g, "c1 t1")
	assert.Equal(t, Cell{Name: "p1", Kind: "foundation", Card: cards.Card{Rank: 1, Suit: cards.Hearts}, Suit: "hearts", Count: 1, Frozen: true}, cellView(g, 0))
	assert.Equal(t, 1, g.Scores()[0])
}

func TestAgentsNeverOnFoundationsAndLeaveCommandForTableausOrCells(t *testing.T) {
	g := table(t, `
		t1: | RJ
		t2: | 9D
		c1: BJ
		p1: found 5H
	`)
	refuse(t, g, "t1 p1", "agents never go onto foundations")
	refuse(t, g, "c1 p1", "agents never go onto foundations")
	refuse(t, g, "c1 c2", "an agent leaves command for a tableau (as a double agent) or an empty cell")
	refuse(t, g, "t2 c2", "only an agent goes into command, and 9♦ is not one")
	play(t, g, "t1 c2")
	refuse(t, g, "c1 c2", "an agent leaves command for a tableau (as a double agent) or an empty cell")
	refuse(t, g, "t1 c1", "t1 is empty")
	play(t, g, "c1 p2") // into an empty cell, as a prisoner
}

func TestCommandSlotTaken(t *testing.T) {
	g := table(t, `
		t1: | RJ
		c1: BJ
	`)
	refuse(t, g, "t1 c1", "c1 already holds the black joker")
	play(t, g, "t1 c2")
}

func TestBuildingDirectionsAndColours(t *testing.T) {
	g := table(t, `
		t1: | 4H
		t2: | 5S
		t3: | 3S
		t4: | KS
		b1: | 4D
		b2: | 3C
		b3: | 5C
		b4: | AH
		b5: | 6H
		p1: 2C
		p2: QH
	`)
	refuse(t, g, "t3 t1", "the top row builds up, so it takes a black 5")
	refuse(t, g, "b3 b1", "the bottom row builds down, so it takes a black 3")
	refuse(t, g, "p2 t4", "nothing goes on K♠ in the top row")
	refuse(t, g, "p1 b4", "nothing goes on A♥ in the bottom row")
	play(t, g, "t2 t1") // 5♠ on 4♥, up
	play(t, g, "b2 b1") // 3♣ on 4♦, down
	play(t, g, "t1 b5") // a single card changes rows and builds as its new row does
}

func TestFromToMeaning(t *testing.T) {
	g := table(t, `
		t1: 2C | 5S 6H 7C
		t2: |
		t3: | 4H
		t4: | 5C
		p1: 8C
		p2: 8S
		p3: 9C
		p4: TC
	`)
	// To an empty space the single top card goes, unless a count says more.
	m, err := g.Parse("t1 t2")
	require.NoError(t, err)
	assert.Equal(t, MoveCards(T1, T2, 1), g.pos.Resolve(m.(Move)))
	assert.Equal(t, MoveCards(T1, T2, 2), g.pos.Resolve(MoveCards(T1, T2, 2)))
	// Where the single card does not fit, the run that does goes.
	assert.Equal(t, MoveCards(T1, T3, 3), g.pos.Resolve(MoveCards(T1, T3, 0)))
	assert.Equal(t, MoveCards(T1, T4, 2), g.pos.Resolve(MoveCards(T1, T4, 0)))
	// Legal spells each move one way, and that spelling reads back as it.
	want := []string{"t1 t2", "t1 t2 2", "t1 t2 3", "t1 t3 3", "t1 t4 2"}
	for _, w := range want {
		assert.Contains(t, legalStrings(g), w)
	}
	for _, m := range g.Legal(0) {
		p, err := g.Parse(m.String())
		require.NoError(t, err)
		if mv := p.(Move); mv.Kind == Transfer {
			assert.Equal(t, m, g.pos.Resolve(mv), m.String())
		}
	}
	play(t, g, "t1 t3")
	assert.Equal(t, []string{"4H", "5S", "6H", "7C"}, codes(up(g, "t3")))
	assert.True(t, g.view().Top[0].Exposed)
	refuse(t, g, "t3 t4 5", "t3 has 4 face-up card(s), not 5")
}

func TestWin(t *testing.T) {
	g := table(t, nearlyWon)
	play(t, g, "t1 p1")
	assert.Equal(t, games.Playing, g.Status(), "the black agent is not in command yet")
	assert.Equal(t, 53, g.Scores()[0])
	play(t, g, "t2 c2")
	assert.Equal(t, games.Won, g.Status())
	assert.Equal(t, []int{54}, g.Scores())
	assert.Equal(t, []games.Seat{0}, g.Winners())
	assert.Empty(t, g.ToAct())
	assert.Empty(t, g.Legal(0))
	before := gamestest.StateJSON(t, g)
	require.ErrorContains(t, games.Play(g, 0, "undo"), "the game is over (won)")
	require.ErrorContains(t, games.Play(g, 0, "resign"), "the game is over (won)")
	assert.Equal(t, before, gamestest.StateJSON(t, g))
}

func TestLostWhenNoMoveIsLeft(t *testing.T) {
	// Every card is black: nothing builds on anything, the prison is full.
	g := table(t, "t1: 2C | 3S\n"+allBlack)
	assert.Equal(t, games.Lost, g.Status(), "a deal with no move is lost at once")
	assert.Empty(t, g.Legal(0))

	g = table(t, "t1: 2C 3S |\n"+allBlack)
	assert.Equal(t, games.Playing, g.Status())
	assert.Equal(t, []string{"t2 t1", "t3 t1", "t4 t1", "t5 t1", "b1 t1", "b2 t1", "b3 t1", "b4 t1", "b5 t1", "p1 t1", "p2 t1", "p3 t1", "p4 t1", "up t1", "resign"}, legalStrings(g))
	play(t, g, "up t1")
	assert.Equal(t, games.Lost, g.Status(), "the uncovered 3♠ has nowhere to go")
	assert.Empty(t, g.Winners())
	require.ErrorContains(t, games.Play(g, 0, "t1 t2"), "the game is over (lost)")
}

func TestResign(t *testing.T) {
	g := New(7)
	play(t, g, "resign")
	assert.Equal(t, games.Lost, g.Status())
	assert.Equal(t, 1, g.Moves())
	assert.Nil(t, g.Legal(0))
	require.Error(t, games.Play(g, 0, "resign"))
}

func TestOnlySeatZero(t *testing.T) {
	g := New(1)
	assert.Nil(t, g.Legal(1))
	before := gamestest.StateJSON(t, g)
	require.ErrorContains(t, g.Apply(1, MoveCards(T1, B4, 1)), "one seat")
	require.ErrorContains(t, g.Apply(0, fakeMove{}), "not a Double Agent move")
	assert.Equal(t, before, gamestest.StateJSON(t, g))
	assert.Equal(t, []games.Seat{0}, g.ToAct())
	assert.Equal(t, 1, g.Seats())
	assert.Equal(t, "doubleagent", g.Name())
	assert.Equal(t, uint64(1), g.Deal())
}

type fakeMove struct{}

func (fakeMove) String() string { return "fake" }

func TestIllegalMovesChangeNothing(t *testing.T) {
	g := New(1)
	play(t, g, "t1 b4")
	for _, bad := range []struct{ move, want string }{
		{"t1 t2", "face down"},
		{"t2 t3", "does not go on"},
		{"t2 b1 2", "has 1 face-up card(s), not 2"},
		{"b4 b5 2", "does not go on"},
		{"p1 p2", "p2 holds a prisoner (8♠)"},
		{"c1 t1", "c1 is empty"},
		{"t2 c1", "only an agent goes into command"},
		{"b3 p1", "holds a prisoner"},
		{"up t2", "t2 has no exposed face-down card"},
		{"b2 t5", "5♥ does not go on 3♣: the top row builds up, so it takes a red 4"},
	} {
		refuse(t, g, bad.move, bad.want)
	}
}

func TestDealOne(t *testing.T) {
	// Pinned: deal 1 never changes. The prison is the first four cards of
	// the one-deck deal pinned in games/cards.
	const want = `t1: 6S QC 6D TC | 6H
t2: JC 5S 8H 2D | KD
t3: 7D 7C 8D AH | QH
t4: TH 4S RJ 2C | JD
t5: 2H 7H AC 9H | 3C
b1: JS KS 9D 3H | 4H
b2: KH TD KC 4D | 5H
b3: AS QD QS AD | 3D
b4: 9S 9C JH TS | 7S
b5: 6C BJ 3S 5D | 5C
p1: 8C
p2: 8S
p3: 2S
p4: 4C
c1:
c2:
`
	p := Deal(1)
	assert.Equal(t, want, p.String())
	assert.Equal(t, []string{"t1 b4", "t5 b1", "b1 t5", "b1 b5", "b4 t1", "p3 b3", "p4 b2", "resign"}, legalStrings(New(1)))
	back, err := ParsePos(want)
	require.NoError(t, err)
	assert.Equal(t, p, back)
}

func TestDeals(t *testing.T) {
	for d := uint64(0); d < 200; d++ {
		p := Deal(d)
		checkInvariants(t, &p, true)
		for i := range p.tab {
			require.Equal(t, uint8(5), p.tab[i].n)
			require.Equal(t, uint8(4), p.tab[i].down)
		}
		for _, c := range p.cell {
			require.False(t, c.found)
			require.False(t, c.top.isAgent(), "agents are shuffled in after the prison is dealt")
		}
		require.Equal(t, [2]card{}, p.cmd)
		require.Equal(t, p, Deal(d))
	}
}

func TestRegistryReplay(t *testing.T) {
	reg := games.NewRegistry(Info)
	for d := uint64(1); d <= 20; d++ {
		g, err := reg.New("doubleagent", d, 1)
		require.NoError(t, err)
		rec := games.Record{Game: "doubleagent", Deal: d, Seats: 1}
		rng := cards.NewRand(d + 1000)
		for i := 0; i < 150 && !g.Status().Finished(); i++ {
			legal := g.Legal(0)
			m := legal[rng.Below(len(legal))]
			if m.String() == "resign" && rng.Below(4) != 0 {
				continue
			}
			require.NoError(t, g.Apply(0, m))
			rec.Moves = append(rec.Moves, games.Entry{Seat: 0, Move: m.String()})
		}
		gamestest.AssertReplays(t, reg, rec, g)
	}
	_, err := reg.New("doubleagent", 1, 2)
	require.Error(t, err)
}

func TestViewHidesFaceDownCards(t *testing.T) {
	g := New(3)
	checkView(t, g.View(games.Spectator), &g.pos)
	b, err := jsonView(g)
	require.NoError(t, err)
	assert.Contains(t, b, `"down":4`)
}

func legalStrings(g *Game) []string {
	var out []string
	for _, m := range g.Legal(0) {
		out = append(out, m.String())
	}
	return out
}

func jsonView(g *Game) (string, error) {
	b, err := json.Marshal(g.View(games.Spectator))
	return string(b), err
}

// prisonLines returns the prison and command lines of g's position, as
// Pos.String writes them: "p1: found 4H p2: 5H p3: p4: c1: RJ c2:".
func prisonLines(g *Game) string {
	var out []string
	for _, l := range strings.Split(g.pos.String(), "\n") {
		if strings.HasPrefix(l, "p") || strings.HasPrefix(l, "c") {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ")
}

// TestAnyCardIntoAnEmptyCell: the rules (../shared/rules/double-agent.md,
// "The prison"): "Any card may be moved into an empty prison cell as a
// prisoner." — a foundation's top card and an agent in command included.
func TestAnyCardIntoAnEmptyCell(t *testing.T) {
	tests := []struct {
		name, pos, move string
		want            string // the prison and command after the move; empty: refused
		why             string // the refusal's words
	}{
		{"a foundation's top card", "t1: | 9S\np1: found 5H\nc1: RJ", "p1 p2",
			"p1: found 4H p2: 5H p3: p4: c1: RJ c2:", ""},
		{"a frozen foundation's top card", "t1: | 9S\np1: found 5H", "p1 p3",
			"p1: found 4H p2: p3: 5H p4: c1: c2:", ""},
		{"a frozen foundation's Ace: a prisoner, the cell empty", "t1: | 9S\np2: found AH", "p2 p4",
			"p1: p2: p3: p4: AH c1: c2:", ""},
		{"an Ace whose agent commands: a foundation again", "t1: | 9S\np2: found AH\nc2: RJ", "p2 p1",
			"p1: found AH p2: p3: p4: c1: c2: RJ", ""},
		{"an agent in command", "t1: | 9S\np1: found 5H\nc1: RJ", "c1 p2",
			"p1: found 5H p2: RJ p3: p4: c1: c2:", ""},
		{"an agent in command, to a prisoner's cell", "t1: | 9S\np1: 5H\nc1: RJ", "c1 p1",
			"", "p1 holds a prisoner"},
		{"an agent in command, onto a foundation", "t1: | 9S\np1: found 5H\nc1: RJ", "c1 p1",
			"", "agents never go onto foundations"},
		{"a foundation's top card, to a prisoner's cell", "t1: | 9S\np1: found 5H\np2: 8C", "p1 p2",
			"", "p2 holds a prisoner"},
		{"a foundation's top card, to command", "t1: | 9S\np1: found 5H", "p1 c1",
			"", "only an agent goes into command"},
		{"a prisoner to another empty cell: it would change nothing", "t1: | 9S\np1: 5H", "p1 p2",
			"", "it would change nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := table(t, tt.pos)
			if tt.want == "" {
				refuse(t, g, tt.move, tt.why)
				return
			}
			play(t, g, tt.move)
			assert.Equal(t, tt.want, prisonLines(g))
			checkInvariants(t, &g.pos, false)
			play(t, g, "undo")
			assert.Equal(t, mustPos(t, tt.pos), g.pos, "undo restores the position")
		})
	}
}

// TestAgentLeavingCommandForACellFreezesItsFoundations: the agent goes to
// prison, and its colour's foundations are frozen ("While no agent of a
// colour is in command, foundations of that colour are frozen").
func TestAgentLeavingCommandForACellFreezesItsFoundations(t *testing.T) {
	g := table(t, "t1: | 6H\nt2: | 9S\np1: found 5H\nc1: RJ")
	assert.False(t, cellView(g, 0).Frozen)
	play(t, g, "c1 p2")
	assert.True(t, cellView(g, 0).Frozen)
	refuse(t, g, "t1 p1", "frozen: no red agent")
	play(t, g, "p2 c1") // and back into command from prison
	play(t, g, "t1 p1")
	assert.Equal(t, 6, cellView(g, 0).Count)
}
