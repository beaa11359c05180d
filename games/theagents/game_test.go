package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokens(t *testing.T) {
	// Two players: faction A lies between 0 and 1, its Safe-House white
	// toward 0 and black toward 1. A card ">1" faces seat 1 with its
	// command, seat 0 with its halves.
	tests := []struct {
		name string
		row  string
		want []Token
	}{
		{"a white agent next to the Safe-House, halves to 0: white pair", "SH interrogator>1",
			[]Token{{Pos: 1, For: 0, Colour: White, IP: 2}}},
		{"a black agent's halves to 0 against the white side: mixed", "SH sniper>1",
			[]Token{{Pos: 1, For: 0, IP: 1}}},
		{"halves to 1 meet the black side", "sniper>0 SH",
			[]Token{{Pos: 1, For: 1, Colour: Black, IP: 2}}},
		{"the Safe-House completes with both neighbours", "sniper>0 SH interrogator>1",
			[]Token{{Pos: 1, For: 1, Colour: Black, IP: 2}, {Pos: 2, For: 0, Colour: White, IP: 2}}},
		{"two agents facing the same player, same colour", "SH sniper>1 assassin>1",
			[]Token{{Pos: 1, For: 0, IP: 1}, {Pos: 2, For: 0, Colour: Black, IP: 2}}},
		{"two agents, mixed colours", "sniper>0 interrogator>0 SH",
			[]Token{{Pos: 1, For: 1, IP: 1}, {Pos: 2, For: 1, IP: 1}}},
		{"halves facing different players make nothing", "SH sniper>0 assassin>1",
			[]Token{{Pos: 1, For: 1, Colour: Black, IP: 2}}},
		{"a dead agent has no halves", "SH sniper>1x assassin>1",
			nil},
		{"agents away from the Safe-House", "sniper>1 assassin>1 SH",
			[]Token{{Pos: 1, For: 0, Colour: Black, IP: 2}, {Pos: 2, For: 0, IP: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, 2)
			lay(t, g, 0, tt.row)
			assert.Equal(t, tt.want, g.board[0].Tokens())
			sum := map[games.Seat]int{}
			for _, tk := range tt.want {
				sum[tk.For] += tk.IP
			}
			assert.Equal(t, sum[0], g.board[0].Income(0))
			assert.Equal(t, sum[1], g.board[0].Income(1))
		})
	}
}

func TestPlacement(t *testing.T) {
	tests := []struct {
		name    string
		players int
		row     string // faction A
		hand    string
		move    string
		want    string // the row after, or the error
		ok      bool
	}{
		{"at the left end", 2, "SH", "sniper", "play sniper A0 cmd 1", "sniper>1 SH", true},
		{"at the right end, command toward yourself", 2, "SH", "sniper", "play sniper A1 cmd 0", "SH sniper>0", true},
		{"not in the middle", 2, "SH sniper>0", "assassin", "play assassin A1 cmd 0", "either end", false},
		{"a Mole goes anywhere (and seat 1 turns its neighbour)", 2, "SH sniper>0", "mole", "play mole A1 cmd 1", "SH mole>1 sniper>1", true},
		{"the command faces a player of the faction", 3, "SH", "sniper", "play sniper A0 cmd 2", "must face", false},
		{"not to a faction of two other players", 3, "SH", "sniper", "play sniper B0 cmd 1", "two other players", false},
		{"a Drifter may", 3, "SH", "drifter", "play drifter B0 cmd 2", "drifter>2 SH", true},
		{"a full faction takes no more (two players: 7)", 2, "SH sniper>0 sniper>0 assassin>0 cutthroat>0 handler>0 exfiltrator>0 headhunter>1x",
			"mole", "play mole A0 cmd 0", "full", false},
		{"five with three players", 3, "SH sniper>0 sniper>0 assassin>0 cutthroat>0 handler>1x", "mole", "play mole A0 cmd 0", "full", false},
		{"only cards you hold", 2, "SH", "sniper", "play mole A0 cmd 0", "you hold no mole", false},
		{"a Free Agent is not placed", 2, "SH", "hitman", "play hitman A0 cmd 0", "Free Agent", false},
		{"a faction agent is not free", 2, "SH", "sniper", "play sniper cmd 1 ip 0", "goes to a faction", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, tt.players)
			lay(t, g, 0, tt.row)
			give(t, g, 0, tt.hand)
			if !tt.ok {
				gamestest.Refused(t, g, 0, tt.move, tt.want)
				return
			}
			play(t, g, 0, tt.move)
			m, err := Parse(tt.move)
			require.NoError(t, err)
			assert.Equal(t, tt.want, row(g, m.F-1))
			assert.Equal(t, 1, g.actions)
			assert.Empty(t, g.hands[0])
		})
	}
}

// TestCommandWaitsOnPerformer: the player the command faces chooses, and
// the game waits on him though it is not his turn.
func TestCommandWaitsOnPerformer(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 0, "SH interrogator>0 mole>1")
	give(t, g, 0, "sniper", "assassin")
	give(t, g, 2, "mercenary")
	play(t, g, 0, "play sniper A3 cmd 1")
	assert.Equal(t, []games.Seat{1}, g.ToAct())
	assert.Empty(t, g.Legal(0))
	assert.Empty(t, g.Legal(2), "no Mercenary while a command waits")
	assert.ElementsMatch(t, []string{"kill A2", "kill A3"}, legalTexts(g, 1))
	gamestest.Refused(t, g, 0, "kill A2", "waiting for seat 1")
	gamestest.Refused(t, g, 1, "kill A4", "perform the Sniper's command")
	gamestest.Refused(t, g, 1, "turn A2", "perform the Sniper's command")
	gamestest.Refused(t, g, 1, "end", "perform the Sniper's command")
	v := g.view(2)
	require.NotNil(t, v.Pending)
	assert.Equal(t, games.Seat(1), v.Pending.Performer)
	assert.Equal(t, "A4", v.Pending.At)
	play(t, g, 1, "kill A2")
	assert.Equal(t, "SH interrogator>0x mole>1 sniper>1", row(g, 0))
	assert.Equal(t, games.Seat(0), g.ToAct()[0])
	assert.Equal(t, 1, g.actions)
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name    string
		row     string // faction A of a two-player game
		rowB    string // faction B
		use     string // seat 0 re-activates this card
		choices []string
		choose  string
		want    string // faction A after (and B after a "|")
		hand    string // seat 0's hand after
	}{
		{"kill in this faction: living agents only, not itself, not the Safe-House", "SH sniper>0 mole>1 interrogator>0x cutthroat>1", "",
			"use A2", []string{"kill A3", "kill A5"}, "kill A5", "SH sniper>0 mole>1 interrogator>0x cutthroat>1x", ""},
		{"kill next to it", "mole>1 cutthroat>0 interrogator>1 sniper>1 SH", "",
			"use A2", []string{"kill A1", "kill A3"}, "kill A1", "mole>1x cutthroat>0 interrogator>1 sniper>1 SH", ""},
		{"kill anywhere", "SH assassin>0", "SH sniper>1",
			"use A2", nil, "", "SH assassin>0|SH sniper>1x", ""},
		{"extract a dead agent: the gap closes, the card to hand", "SH handler>0 sniper>1x mole>1", "",
			"use A2", nil, "", "SH handler>0 mole>1", "sniper"},
		{"extract in this faction", "SH exfiltrator>0 sniper>1 mole>1", "",
			"use A2", []string{"extract A3", "extract A4"}, "extract A4", "SH exfiltrator>0 sniper>1", "mole"},
		{"turn next to it", "sniper>1 double-agent>0 SH", "",
			"use A2", nil, "", "sniper>0 double-agent>0 SH", ""},
		{"dead agents are not turned", "sniper>1x double-agent>0 mole>1 SH", "",
			"use A2", nil, "", "sniper>1x double-agent>0 mole>0 SH", ""},
		{"turn this agent (Turncoat)", "SH turncoat>0 sniper>0", "",
			"use A2", nil, "", "SH turncoat>1 sniper>0", ""},
		{"swap keeps orientations", "sniper>1 courier>0 SH mole>0x interrogator>1", "",
			"use A2", []string{"swap A1 A4", "swap A1 A5", "swap A4 A5"}, "swap A1 A5",
			"interrogator>1 courier>0 SH mole>0x sniper>1", ""},
		{"swap the two neighbours", "sniper>1 forger>0 mole>0x SH", "",
			"use A2", nil, "", "mole>0x forger>0 sniper>1 SH", ""},
		{"revive next to it: the old orientation", "sniper>1x medic>0 SH", "",
			"use A2", nil, "", "sniper>1 medic>0 SH", ""},
		{"revive in any faction", "SH resurrectionist>0 sniper>0x", "mole>1x SH",
			"use A2", []string{"revive A3", "revive B1"}, "revive B1", "SH resurrectionist>0 sniper>0x|mole>1 SH", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, 2)
			lay(t, g, 0, tt.row)
			if tt.rowB != "" {
				lay(t, g, 1, tt.rowB)
			}
			play(t, g, 0, tt.use)
			if tt.choices != nil {
				assert.Equal(t, tt.choices, legalTexts(g, 0))
				play(t, g, 0, tt.choose)
			}
			assert.Nil(t, g.pend)
			got := row(g, 0)
			if tt.rowB != "" {
				got += "|" + row(g, 1)
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.hand, handKeys(g, 0))
			assert.Equal(t, 1, g.actions, "re-activating is an action")
		})
	}
}

func TestUse(t *testing.T) {
	g := rig(t, 2)
	lay(t, g, 0, "SH sniper>1 mole>0 interrogator>0x")
	gamestest.Refused(t, g, 0, "use A2", "faces seat 1")
	gamestest.Refused(t, g, 0, "use A1", "Safe-House")
	gamestest.Refused(t, g, 0, "use A4", "dead")
	gamestest.Refused(t, g, 0, "use A9", "no card 9")
	gamestest.Refused(t, g, 1, "use A2", "not yours")
	play(t, g, 0, "use A3") // the mole turns the sniper
	assert.Equal(t, "SH sniper>0 mole>0 interrogator>0x", row(g, 0))
	lay(t, g, 1, "SH cutthroat>0")
	gamestest.Refused(t, g, 0, "use B2", "cannot be performed")
	assert.NotContains(t, legalTexts(g, 0), "use B2")
}

func TestCommandNotPerformed(t *testing.T) {
	// A faction agent may be played when its command cannot be performed;
	// it then is not.
	g := rig(t, 2)
	give(t, g, 0, "sniper", "hitman")
	assert.NotContains(t, legalTexts(g, 0), "play hitman cmd 1 ip 0", "a Free Agent needs a possible command")
	gamestest.Refused(t, g, 0, "play hitman cmd 1 ip 0", "cannot now")
	play(t, g, 0, "play sniper A0 cmd 0")
	assert.Nil(t, g.pend)
	assert.Equal(t, "sniper>0 SH", row(g, 0))
}

func TestFreeAgents(t *testing.T) {
	t.Run("command first, then the IP, then retired", func(t *testing.T) {
		g := rig(t, 3)
		lay(t, g, 1, "SH sniper>1 mole>2")
		give(t, g, 0, "hitman")
		play(t, g, 0, "play hitman cmd 2 ip 0") // between seat 0 and seat 2, not a neighbour in faction B
		assert.Equal(t, []games.Seat{2}, g.ToAct())
		assert.Zero(t, g.ip[0], "the IP comes after the command")
		v := g.view(1)
		require.NotNil(t, v.Pending)
		assert.True(t, v.Pending.Free)
		require.NotNil(t, v.Pending.IPTo)
		assert.Equal(t, games.Seat(0), *v.Pending.IPTo)
		play(t, g, 2, "kill B2")
		assert.Equal(t, 2, g.ip[0])
		assert.Equal(t, "SH sniper>1x mole>2", row(g, 1))
		require.Len(t, g.agentRetired, 1)
		assert.Equal(t, "hitman", agentCard(g.agentRetired[0]).Key)
	})
	t.Run("draw: the performer draws", func(t *testing.T) {
		g := rig(t, 2)
		give(t, g, 0, "informant")
		play(t, g, 0, "play informant cmd 1 ip 0")
		assert.Len(t, g.hands[1], 2)
		assert.Equal(t, 1, g.ip[0])
	})
	t.Run("draw mission", func(t *testing.T) {
		g := rig(t, 2)
		give(t, g, 0, "archivist")
		play(t, g, 0, "play archivist cmd 0 ip 1")
		assert.Len(t, g.missions[0], 1)
		assert.Equal(t, 4, g.ip[1])
	})
	t.Run("steal: at most what the victim has", func(t *testing.T) {
		g := rig(t, 3)
		g.ip = []int{0, 2, 5}
		give(t, g, 0, "blackmailer")
		play(t, g, 0, "play blackmailer cmd 0 ip 1")
		assert.Equal(t, []string{"steal 1", "steal 2"}, legalTexts(g, 0))
		play(t, g, 0, "steal 1")
		assert.Equal(t, []int{2, 1, 5}, g.ip, "took 2, then seat 1 got the 1 IP")
	})
	t.Run("spy: look at a hand, take an agent", func(t *testing.T) {
		g := rig(t, 3)
		give(t, g, 0, "pickpocket", "sniper")
		give(t, g, 1, "mole", "assassin")
		play(t, g, 0, "play pickpocket cmd 2 ip 0")
		assert.Equal(t, []string{"spy 0", "spy 1"}, legalTexts(g, 2))
		play(t, g, 2, "spy 1")
		assert.Equal(t, []string{"take assassin", "take mole"}, legalTexts(g, 2))
		assert.Equal(t, []AgentCard{{ID: g.hands[1][0], Agent: "assassin"}, {ID: g.hands[1][1], Agent: "mole"}}, g.view(2).Pending.VictimHand)
		assert.Nil(t, g.view(0).Pending.VictimHand, "only the spy sees the hand")
		assert.Nil(t, g.view(1).Pending.VictimHand)
		assert.Nil(t, g.view(games.Spectator).Pending.VictimHand)
		play(t, g, 2, "take mole")
		assert.Equal(t, "assassin", handKeys(g, 1))
		assert.Equal(t, "mole", handKeys(g, 2))
		assert.Equal(t, 1, g.ip[0])
	})
	t.Run("a single choice is made at once", func(t *testing.T) {
		g := rig(t, 2)
		give(t, g, 0, "pickpocket")
		give(t, g, 1, "mole")
		play(t, g, 0, "play pickpocket cmd 0 ip 1")
		assert.Nil(t, g.pend)
		assert.Equal(t, "mole", handKeys(g, 0))
	})
	t.Run("with anyone, both ways; not with yourself", func(t *testing.T) {
		g := rig(t, 4)
		give(t, g, 0, "informant")
		assert.Equal(t, []string{
			"play informant cmd 1 ip 0", "play informant cmd 0 ip 1",
			"play informant cmd 2 ip 0", "play informant cmd 0 ip 2",
			"play informant cmd 3 ip 0", "play informant cmd 0 ip 3",
		}, legalTexts(g, 0)[:6])
		gamestest.Refused(t, g, 0, "play informant cmd 0 ip 0", "another player")
		gamestest.Refused(t, g, 0, "play informant cmd 1 ip 2", "another player")
	})
}

func TestMercenary(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 1, "SH sniper>2")
	give(t, g, 0, "sniper", "assassin")
	give(t, g, 1, "mercenary", "mole")
	give(t, g, 2, "soldier")
	assert.Equal(t, []games.Seat{0, 1, 2}, g.ToAct(), "the Mercenaries may be played now")
	assert.NotContains(t, legalTexts(g, 1), "play mole B0 cmd 1")
	gamestest.Refused(t, g, 1, "play mole B0 cmd 1", "only a Mercenary")
	gamestest.Refused(t, g, 1, "end", "seat 0's turn")
	play(t, g, 1, "play mercenary B2 cmd 1") // kills the sniper next to it
	assert.Equal(t, "SH sniper>2x mercenary>1", row(g, 1))
	assert.Equal(t, games.Seat(0), g.turn)
	assert.Equal(t, 2, g.actions, "no action used")
	// On its owner's turn it uses no action either.
	play(t, g, 0, "play sniper A0 cmd 0")
	play(t, g, 0, "play assassin A0 cmd 1")
	play(t, g, 1, "kill A2") // the assassin's command faces seat 1
	assert.Equal(t, 0, g.actions)
	g.turn, g.actions = 2, 0
	assert.Contains(t, legalTexts(g, 2), "play soldier B0 cmd 2")
	play(t, g, 2, "play soldier B0 cmd 1")
	assert.Equal(t, games.Seat(2), g.turn)
}

func TestActions(t *testing.T) {
	g := rig(t, 2)
	give(t, g, 0, "sniper", "assassin", "mole")
	gamestest.Refused(t, g, 0, "end", "take your 2 action(s) first")
	gamestest.Refused(t, g, 0, "buy agent", "costs 1 IP and you have 0")
	gamestest.Refused(t, g, 0, "draw", "no agent in hand and no IP")
	play(t, g, 0, "play sniper A0 cmd 0")
	play(t, g, 0, "play assassin B0 cmd 0")
	assert.Equal(t, 0, g.actions)
	gamestest.Refused(t, g, 0, "play mole A0 cmd 0", "used both actions")
	assert.Equal(t, []string{"end"}, legalTexts(g, 0))
	play(t, g, 0, "end")
	assert.Equal(t, games.Seat(1), g.turn)
	assert.Equal(t, 2, g.actions)
	assert.Equal(t, 1, g.turns)

	// Buying.
	g = rig(t, 2)
	g.ip[0] = 4
	play(t, g, 0, "buy agent")
	assert.Equal(t, 3, g.ip[0])
	assert.Len(t, g.hands[0], 1)
	play(t, g, 0, "buy mission")
	assert.Equal(t, 0, g.ip[0])
	assert.Len(t, g.missions[0], 1)
	gamestest.Refused(t, g, 0, "buy mission", "used both actions")

	// Drawing, with no agent and no IP.
	g = rig(t, 2)
	assert.Contains(t, legalTexts(g, 0), "draw")
	play(t, g, 0, "draw")
	assert.Len(t, g.hands[0], 1)
	gamestest.Refused(t, g, 0, "draw", "no agent in hand")

	// With no action possible the turn may end at once.
	g = rig(t, 2)
	g.agentRetired, g.agentDeck = nil, nil
	assert.Equal(t, []string{"end"}, legalTexts(g, 0))
	gamestest.Refused(t, g, 0, "draw", "no agent left")

	// A Mercenary is no action: holding only one, the turn may end at once.
	g = rig(t, 2)
	give(t, g, 0, "mercenary")
	g.agentRetired, g.agentDeck = nil, nil
	assert.Contains(t, legalTexts(g, 0), "play mercenary A0 cmd 0")
	assert.Contains(t, legalTexts(g, 0), "end")
}

func TestTrade(t *testing.T) {
	g := rig(t, 2)
	lay(t, g, 0, "SH sniper>0")
	giveMission(t, g, 0, "graveyard", "lone-wolf")
	play(t, g, 0, "assign lone-wolf A")
	top := g.missionDeck[0]
	play(t, g, 0, "trade graveyard")
	assert.Equal(t, []int{top}, g.missions[0])
	assert.Equal(t, "graveyard", missionCard(g.missionRetired[0]).Key)
	play(t, g, 0, "trade lone-wolf A")
	assert.Empty(t, g.board[0].Missions)
	assert.Len(t, g.missions[0], 2)
	assert.Equal(t, 0, g.actions)
	gamestest.Refused(t, g, 0, "trade lone-wolf A", "used both actions")
}

func TestDecksRefill(t *testing.T) {
	g := rig(t, 2)
	g.agentRetired, g.agentDeck = g.agentDeck, nil
	g.ip[0] = 1
	play(t, g, 0, "buy agent")
	assert.Len(t, g.agentDeck, len(agentOf)-1)
	assert.Empty(t, g.agentRetired)
	giveMission(t, g, 0, "graveyard")
	g.missionRetired, g.missionDeck = g.missionDeck, nil
	play(t, g, 0, "trade graveyard")
	assert.Len(t, g.missions[0], 1)
	assert.Len(t, g.missionDeck, len(missionOf)-1)
	assert.Empty(t, g.missionRetired)
}
