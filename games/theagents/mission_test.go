package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func assigned(g *Game, f int) []string {
	var out []string
	for _, a := range g.board[f].Missions {
		out = append(out, string(rune('0'+a.Owner))+":"+a.Mission)
	}
	return out
}

func TestAssignMissions(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 0, "SH sniper>0")
	lay(t, g, 1, "SH mole>1")
	giveMission(t, g, 0, "graveyard", "graveyard", "lone-wolf", "cornered")
	giveMission(t, g, 1, "upper-hand")
	gamestest.Refused(t, g, 0, "assign graveyard B", "not yours")
	gamestest.Refused(t, g, 0, "assign graveyard C", "no agent yet")
	gamestest.Refused(t, g, 0, "assign data-haul A", "you hold no data-haul")
	gamestest.Refused(t, g, 1, "assign upper-hand A", "seat 0's turn")
	play(t, g, 0, "assign graveyard A")
	gamestest.Refused(t, g, 0, "assign graveyard A", "already have graveyard on faction A")
	play(t, g, 0, "assign lone-wolf A")
	gamestest.Refused(t, g, 0, "assign cornered A", "two missions on faction A")
	assert.Equal(t, 2, g.actions, "missions use no action")
	lay(t, g, 2, "SH mole>2")
	play(t, g, 0, "assign graveyard C")
	gamestest.Refused(t, g, 0, "move graveyard C A", "already have graveyard on faction A")
	play(t, g, 0, "recall lone-wolf A")
	gamestest.Refused(t, g, 0, "recall lone-wolf A", "no lone-wolf mission on faction A")
	play(t, g, 0, "recall graveyard A")
	play(t, g, 0, "move graveyard C A")
	assert.Equal(t, []string{"0:graveyard"}, assigned(g, 0))
	assert.Empty(t, assigned(g, 2))
	assert.Len(t, g.missions[0], 3)
}

func TestMissionMoves(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 0, "SH sniper>0")
	lay(t, g, 2, "SH mole>2")
	giveMission(t, g, 0, "graveyard", "lone-wolf")
	play(t, g, 0, "assign graveyard A")
	play(t, g, 0, "assign lone-wolf A")
	gamestest.Refused(t, g, 0, "assign graveyard A", "you hold no graveyard")
	play(t, g, 0, "move lone-wolf A C")
	assert.Equal(t, []string{"0:graveyard"}, assigned(g, 0))
	assert.Equal(t, []string{"0:lone-wolf"}, assigned(g, 2))
	play(t, g, 0, "recall graveyard A")
	assert.Empty(t, assigned(g, 0))
	assert.Len(t, g.missions[0], 1)
	// Another player's missions share the faction.
	giveMission(t, g, 1, "graveyard")
	g.turn = 1
	g.shifts = 0
	play(t, g, 1, "assign graveyard A")
	assert.Equal(t, []string{"1:graveyard"}, assigned(g, 0))
	// A bounded number of free mission moves a turn.
	g.turn = 0
	g.shifts = 0
	for range ShiftsPerTurn / 2 {
		play(t, g, 0, "move lone-wolf C A")
		play(t, g, 0, "move lone-wolf A C")
	}
	gamestest.Refused(t, g, 0, "move lone-wolf C A", "the limit")
	assert.NotContains(t, legalTexts(g, 0), "move lone-wolf C A")
}

// TestMissionReturnsWhenFactionEmpties: a faction left without agents sends
// its missions back to their owners' hands (dead agents count as agents).
func TestMissionReturnsWhenFactionEmpties(t *testing.T) {
	g := rig(t, 2)
	lay(t, g, 0, "SH mole>1x")
	lay(t, g, 1, "SH sniper>1")
	giveMission(t, g, 0, "dead-drop")
	giveMission(t, g, 1, "graveyard")
	play(t, g, 0, "assign dead-drop A")
	g.turn = 1
	g.shifts = 0
	play(t, g, 1, "assign graveyard A")
	g.turn = 0
	give(t, g, 0, "smuggler")
	play(t, g, 0, "play smuggler cmd 0 ip 1")
	play(t, g, 0, "extract A2")
	assert.Equal(t, "SH", row(g, 0))
	assert.Empty(t, g.board[0].Missions)
	assert.Len(t, g.missions[0], 1)
	assert.Len(t, g.missions[1], 1)
	assert.Equal(t, "mole", handKeys(g, 0), "the extracted agent, dead, is a card in hand again")
}

func TestConditions(t *testing.T) {
	// Faction A of a two-player game, seen by seat 0 (limit 7).
	tests := []struct {
		mission string
		row     string
		holds   bool
	}{
		{"graveyard", "SH sniper>0x mole>1x", true},
		{"graveyard", "SH sniper>0x mole>1", false},
		{"massacre", "SH sniper>0x mole>1x assassin>0x", true},
		{"clean-hands", "SH sniper>0 mole>1 assassin>0 cutthroat>1", true},
		{"clean-hands", "SH sniper>0 mole>1 assassin>0x cutthroat>1", false},
		{"clean-hands", "SH sniper>0 mole>1 assassin>0", false},
		{"clean-hands", "SH sniper>0 mole>1", false},
		{"full-house", "SH sniper>0 sniper>0 mole>1 mole>1 assassin>1 cutthroat>0 handler>0x", true},
		{"full-house", "SH sniper>0 sniper>0 mole>1 mole>1 assassin>1 cutthroat>0", false},
		{"white-network", "interrogator>1 SH interrogator>1", true},
		{"white-network", "SH interrogator>1 sniper>1", false},
		{"white-network", "SH interrogator>1 mole>1", true},
		{"black-network", "SH sniper>1 assassin>1 mercenary>1", true},
		{"black-network", "SH sniper>1 assassin>1", false},
		{"grey-zone", "SH sniper>1", true},
		{"grey-zone", "SH interrogator>1", false},
		{"data-haul", "SH sniper>1 assassin>1 mole>1", true},
		{"data-haul", "SH sniper>1 assassin>1 mole>0", false},
		{"chain-of-command", "SH sniper>0 mole>0 assassin>0", true},
		{"chain-of-command", "SH sniper>0 mole>0 assassin>0x", false},
		{"delegation", "SH sniper>1 mole>1 assassin>1", true},
		{"delegation", "SH sniper>1 mole>1 assassin>0", false},
		{"loyalty", "SH sniper>0 mole>0", true},
		{"loyalty", "SH sniper>0 mole>0x", false},
		{"loyalty", "SH sniper>0", false},
		{"upper-hand", "SH interrogator>1", true},
		{"upper-hand", "sniper>0 SH interrogator>1", false}, // 2 each
		{"cornered", "mole>0 SH sniper>0", true},
		{"cornered", "SH mole>0 sniper>0", false},
		{"cornered", "mole>0x SH sniper>0", false},
		{"lone-wolf", "SH mole>1x", true},
		{"lone-wolf", "SH mole>1 sniper>0", false},
		{"dead-drop", "mole>1 sniper>0x SH", true},
		{"dead-drop", "sniper>0x mole>1 SH", false},
	}
	for _, tt := range tests {
		t.Run(tt.mission+" "+tt.row, func(t *testing.T) {
			g := rig(t, 2)
			lay(t, g, 0, tt.row)
			m, ok := MissionByKey(tt.mission)
			require.True(t, ok)
			assert.Equal(t, tt.holds, g.board[0].Holds(m.Condition, 0))
		})
	}
}

func TestScoring(t *testing.T) {
	g := rig(t, 2)
	// Faction A (0,1): tokens for 0: SH+interrogator white (2); for 1 none.
	lay(t, g, 0, "SH interrogator>1")
	// Faction B (1,0), Safe-House white toward 1, black toward 0: a black
	// agent's halves toward 0 make a black pair (2).
	lay(t, g, 1, "SH sniper>1")
	giveMission(t, g, 0, "grey-zone", "lone-wolf")
	play(t, g, 0, "assign lone-wolf A")
	play(t, g, 0, "assign grey-zone B") // no mixed token there: pays nothing
	g.actions = 0
	assert.Equal(t, []int{6, 0}, g.view(0).Income)
	play(t, g, 0, "end")
	assert.Equal(t, []int{6, 0}, g.ip, "2 + 2 tokens and the Lone Wolf's 2")
	assert.Equal(t, &Scoring{Seat: 0, Tokens: 4, Missions: 2}, g.last)
	assert.Equal(t, games.Seat(1), g.turn)
	g.actions = 0
	play(t, g, 1, "end")
	assert.Equal(t, []int{6, 0}, g.ip, "seat 1 collects only what faces him")
	g.actions = 0
	play(t, g, 0, "end")
	assert.Equal(t, []int{12, 0}, g.ip, "and again, every turn")
}

func TestEndOfGame(t *testing.T) {
	tests := []struct {
		name    string
		players int
		reacher games.Seat // seat whose turn ends at 40
		ip      []int
		turnsTo int // turns still played after that one
		winners []games.Seat
	}{
		{"the last seat of the round: over at once", 3, 2, []int{10, 20, 40}, 0, []games.Seat{2}},
		{"the first seat: the round is played out", 3, 0, []int{40, 20, 10}, 2, []games.Seat{0}},
		{"a tie is shared", 2, 0, []int{41, 41}, 1, []games.Seat{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, tt.players)
			copy(g.ip, tt.ip)
			g.turn, g.actions, g.turns = tt.reacher, 0, int(tt.reacher)
			play(t, g, tt.reacher, "end")
			for i := range tt.turnsTo {
				require.Equal(t, games.Playing, g.Status(), "turn %d after", i)
				assert.True(t, g.ending)
				assert.True(t, g.view(games.Spectator).Ending)
				g.actions = 0
				play(t, g, g.turn, "end")
			}
			assert.Equal(t, games.Over, g.Status())
			assert.Equal(t, tt.winners, g.Winners())
			assert.Empty(t, g.ToAct())
			assert.Empty(t, g.Legal(0))
			gamestest.Refused(t, g, 0, "end", "the game is over")
			assert.Equal(t, tt.ip, g.Scores())
			assert.Equal(t, 0, g.turns%tt.players, "every player has had the same number of turns")
		})
	}
	// The safety net: MaxRounds rounds end the game.
	g := rig(t, 2)
	g.turns = MaxRounds*2 - 1
	g.turn, g.actions = 1, 0
	play(t, g, 1, "end")
	assert.Equal(t, games.Over, g.Status())
}

// TestNoTwinMissionsOnAFaction: the rules (../shared/rules/the-agents.md,
// "Missions"): "at most two per faction and never two of the same mission on
// one faction" — whoever owns them.
func TestNoTwinMissionsOnAFaction(t *testing.T) {
	type step struct {
		seat games.Seat
		move string
		want string // empty: the move is made; else it is refused with this
	}
	both := [2][]string{{"graveyard"}, {"graveyard", "lone-wolf", "massacre"}}
	tests := []struct {
		name string
		// hands are seat 0's and seat 1's missions.
		hands [2][]string
		steps []step
		// onA lists faction A's missions at the end, as owner:key.
		onA []string
	}{
		{"the same owner twice", [2][]string{{"graveyard", "graveyard"}, nil}, []step{
			{0, "assign graveyard A", ""},
			{0, "assign graveyard A", "you already have graveyard on faction A"},
		}, []string{"0:graveyard"}},
		{"another owner: refused too", both, []step{
			{0, "assign graveyard A", ""},
			{1, "assign graveyard A", "seat 0 already has graveyard on faction A: never two of the same mission"},
		}, []string{"0:graveyard"}},
		{"another owner, moving one in from his other faction", both, []step{
			{0, "assign graveyard A", ""},
			{1, "assign graveyard B", ""},
			{1, "move graveyard B A", "never two of the same mission on one faction"},
		}, []string{"0:graveyard"}},
		{"different missions share a faction", both, []step{
			{0, "assign graveyard A", ""},
			{1, "assign lone-wolf A", ""},
			{1, "assign massacre A", ""},
		}, []string{"0:graveyard", "1:lone-wolf", "1:massacre"}},
		{"once the first is recalled, the twin may come", both, []step{
			{0, "assign graveyard A", ""},
			{0, "recall graveyard A", ""},
			{1, "assign graveyard A", ""},
		}, []string{"1:graveyard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, 2)
			lay(t, g, 0, "SH sniper>0")
			lay(t, g, 1, "SH mole>1")
			giveMission(t, g, 0, tt.hands[0]...)
			giveMission(t, g, 1, tt.hands[1]...)
			for _, st := range tt.steps {
				g.turn = st.seat // missions move freely in one's own turn
				if st.want != "" {
					gamestest.Refused(t, g, st.seat, st.move, st.want)
					assert.NotContains(t, legalTexts(g, st.seat), st.move)
					continue
				}
				play(t, g, st.seat, st.move)
			}
			assert.Equal(t, tt.onA, assigned(g, 0))
		})
	}
}
