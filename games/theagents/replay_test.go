package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// record plays a game among computer players and records its moves.
func record(t testing.TB, deal uint64, players int) (games.Record, *Game) {
	g, err := New(deal, players)
	require.NoError(t, err)
	rec := games.Record{Game: "theagents", Deal: deal, Seats: players}
	ps := make([]games.Computer, players)
	for i := range ps {
		ps[i] = func(g0 games.Game, s games.Seat) games.Move {
			m := Choose(g0, s)
			if m != nil {
				rec.Moves = append(rec.Moves, games.Entry{Seat: s, Move: m.String()})
			}
			return m
		}
	}
	require.NoError(t, PlayOut(g, ps...))
	return rec, g
}

func TestReplayThroughRegistry(t *testing.T) {
	reg := games.NewRegistry(Info)
	for players := 2; players <= 5; players++ {
		rec, g := record(t, uint64(70+players), players)
		back := gamestest.AssertReplays(t, reg, rec, g)
		assert.Equal(t, g.Winners(), back.Winners())
		assert.Equal(t, len(rec.Moves), back.Moves())
	}
}

func TestDeterminism(t *testing.T) {
	for players := 2; players <= 5; players++ {
		a, ga := record(t, 99, players)
		b, gb := record(t, 99, players)
		assert.Equal(t, a, b)
		assert.Equal(t, ga.Summary(), gb.Summary())
		c, _ := record(t, 100, players)
		assert.NotEqual(t, a.Moves, c.Moves, "another deal, another game")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"play sniper A0 cmd 1", "play sniper A0 cmd 1"},
		{"PLAY Double Agent b3 CMD 2", "play double-agent B3 cmd 2"},
		{"play field medic a1 cmd 0", "play medic A1 cmd 0"},
		{"play informant cmd 1 ip 0", "play informant cmd 1 ip 0"},
		{"play Soldier of Fortune c0 cmd 2", "play soldier C0 cmd 2"},
		{"use b2", "use B2"},
		{"buy agent", "buy agent"},
		{"buy a mission", "buy mission"},
		{"draw", "draw"},
		{"trade graveyard", "trade graveyard"},
		{"trade Chain of Command c", "trade chain-of-command C"},
		{"assign lone wolf a", "assign lone-wolf A"},
		{"recall dead-drop b", "recall dead-drop B"},
		{"move graveyard a b", "move graveyard A B"},
		{"end", "end"},
		{"end turn", "end"},
		{"pass", "end"},
		{"kill a2", "kill A2"},
		{"extract c5", "extract C5"},
		{"turn A1", "turn A1"},
		{"revive B4", "revive B4"},
		{"swap b3 a1", "swap A1 B3"},
		{"swap a5 a2", "swap A2 A5"},
		{"spy 2", "spy 2"},
		{"take mole", "take mole"},
		{"steal 0", "steal 0"},
	}
	for _, tt := range tests {
		m, err := Parse(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, m.String(), tt.in)
		back, err := Parse(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
	bad := []struct {
		in, want string
	}{
		{"", "no move"},
		{"jump", "not a move"},
		{"play", "play which agent"},
		{"play nobody A0 cmd 1", "no agent called"},
		{"play sniper A0", "which way"},
		{"play sniper", "where?"},
		{"play sniper A0 cmd x", "not a seat"},
		{"play sniper cmd 1 ip", "where?"},
		{"use", "use which agent"},
		{"use 3", "not a place"},
		{"kill A", "not a place"},
		{"swap A1", "which two agents"},
		{"buy", "buy what"},
		{"buy car", "buy what"},
		{"draw two", "not a move"},
		{"assign graveyard", "assign graveyard A"},
		{"move graveyard a", "move graveyard A B"},
		{"trade", "which mission"},
		{"trade nothing", "no mission called"},
		{"spy", "on whom"},
		{"steal x", "not a seat"},
		{"take", "take which agent"},
		{"take nobody", "no agent called"},
	}
	for _, tt := range bad {
		_, err := Parse(tt.in)
		require.Error(t, err, tt.in)
		assert.Contains(t, err.Error(), tt.want, tt.in)
	}
}

// TestRefusedMoves: illegal moves are refused with a readable reason and
// change nothing.
func TestRefusedMoves(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 0, "SH sniper>1")
	give(t, g, 0, "mole")
	g.ip[0] = 2
	tests := []struct {
		seat games.Seat
		move string
		want string
	}{
		{1, "buy agent", "seat 0's turn"},
		{9, "end", "not at this table"},
		{0, "kill A2", "no command is waiting"},
		{0, "buy mission", "costs 3 IP and you have 2"},
		{0, "play mole D0 cmd 0", "no faction D"},
		{0, "play mole A7 cmd 0", "slots 0 to 2"},
		{0, "use Z1", "no faction Z"},
		{0, "trade graveyard", "you hold no graveyard"},
		{0, "recall graveyard A", "no graveyard mission on faction A"},
		{0, "move graveyard E A", "no such faction"},
		{0, "spy 1", "no command is waiting"},
	}
	for _, tt := range tests {
		gamestest.Refused(t, g, tt.seat, tt.move, tt.want)
	}
	assert.Error(t, g.Apply(0, nil))
	assert.Error(t, g.Apply(0, (*Move)(nil)))
	assert.NoError(t, g.Apply(0, &Move{Kind: MoveBuyAgent}), "a *Move is a move too")
}
