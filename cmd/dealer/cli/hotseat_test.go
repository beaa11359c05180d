package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// hotSeatInput is what people at one terminal type to play a whole game
// of name, deal deal, with the seats comp marks as computer players: at
// each change of player, Enter at the hand-over, then the moves, which a
// computer player picks for them. It returns the input and the number of
// hand-overs.
func hotSeatInput(t *testing.T, name string, deal uint64, comp []bool) (string, int) {
	t.Helper()
	info, ok := catalog.Registry().Engines().Lookup(name)
	require.True(t, ok)
	g, err := info.New(deal, len(comp))
	require.NoError(t, err)
	var lines []string
	viewer, handovers := games.Spectator, 0
	for steps := 0; !g.Status().Finished(); steps++ {
		require.Less(t, steps, 100000)
		seat := g.ToAct()[0]
		m := info.Computer(g, seat)
		if !comp[seat] {
			if seat != viewer {
				lines, viewer = append(lines, ""), seat
				handovers++
			}
			lines = append(lines, m.String())
		}
		require.NoError(t, g.Apply(seat, m))
	}
	return strings.Join(lines, "\n") + "\n", handovers
}

// Two people play a whole game of Secret Agent at one terminal against
// two computer players: each is named before each prompt, sees only his
// own hand, and the game ends with the winner and the ranking.
func TestHotSeatSecretAgentWholeGame(t *testing.T) {
	db := dbPath(t)
	input, handovers := hotSeatInput(t, "secretagent", 5, []bool{false, false, true, true})
	code, out, errs := run(t, input, map[string]string{"USER": "tester"},
		"play", "secretagent", "--deal", "5", "--seats", "ann,bob,ai,ai", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out, "not your turn")
	assert.NotContains(t, out, "✗", "every move was taken")
	assert.Contains(t, out, "ann> ")
	assert.Contains(t, out, "bob> ")
	assert.Regexp(t, `Game over: (ann|bob|Cipher|Dagger) wins\.\nRanking: 1\. `, out)

	screens := strings.Split(out, strings.Repeat("─", width))
	shown := 0
	for i, s := range screens[1:] {
		if strings.Contains(s, "press Enter when ready") {
			assert.NotContains(t, s, "your hand:", "hand-over %d shows no hand", i)
			continue
		}
		shown++
		assert.True(t, strings.Contains(s, "your hand:") || strings.Contains(s, "Game over"), "a player's screen shows his hand")
		who := "ann> "
		if !strings.Contains(s, who) {
			who = "bob> "
		}
		assert.NotContains(t, s, map[string]string{"ann> ": "bob> ", "bob> ": "ann> "}[who], "one player a screen")
	}
	assert.Equal(t, handovers, shown, "a screen for each player's turn")

	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	for _, who := range []string{"ann", "bob"} {
		rows, err := st.Stats(context.Background(), "", "terminal:"+who)
		require.NoError(t, err)
		require.Len(t, rows, 1, who)
		assert.Equal(t, 1, rows[0].Games, "%s's game counts for %s", who, who)
	}
}

// At a hot seat the seat to act is the one that moves: after the first
// player forbids a suit, the next one may move, and moves offers him his
// moves alone.
func TestHotSeatTheNextSeatMoves(t *testing.T) {
	s := startTerm(t, nil, "play", "secretagent", "--deal", "5", "--seats", "you,you,ai,ai", "--db", dbPath(t))
	first := s.waitFor("press Enter when ready")
	name := "tester"
	if !strings.Contains(first, "tester to play") {
		name = "Player 2"
	}
	s.send("")
	s.waitFor(name + "> ")
	s.send("moves")
	legal := s.waitFor(name + "> ")
	require.Contains(t, legal, "forbid ")
	s.send("forbid " + strings.Fields(legal[strings.Index(legal, "forbid ")+7:])[0][:1])
	next := s.waitFor("press Enter when ready")
	other := map[string]string{"tester": "Player 2", "Player 2": "tester"}[name]
	if strings.Contains(next, other+" to play") {
		s.send("")
		s.waitFor(other + "> ")
		s.send("moves")
		out := s.waitFor(other + "> ")
		assert.NotContains(t, out, "not your turn")
		assert.Contains(t, out, "Legal moves")
	}
	s.send("quit")
	assert.Equal(t, 0, s.exited())
	assert.NotContains(t, s.out.String(), "you's")
}

// Hot-seat names must differ, and not take a computer player's.
func TestHotSeatNames(t *testing.T) {
	tests := []struct {
		seats, want string
	}{
		{"ann,ann,ai,ai", "ann sits twice"},
		{"tester,you,ai,ai", "tester sits twice"},
		{"ann,ai,Bond,ai", "Bond is the computer player's name"},
		{"ann,b@d,ai,ai", `"b@d" is not you, ai or a name`},
		{"averyveryverylongname,you,ai,ai", "not you, ai or a name"},
	}
	for _, tt := range tests {
		t.Run(tt.seats, func(t *testing.T) {
			code, _, errs := run(t, "", map[string]string{"USER": "tester"}, "play", "secretagent", "--seats", tt.seats, "--db", dbPath(t))
			assert.Equal(t, 2, code)
			assert.Contains(t, errs, tt.want)
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line")
		})
	}
}
