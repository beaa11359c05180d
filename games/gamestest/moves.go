package gamestest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// StateJSON is g's whole state (games.FullState) as JSON: what a test
// compares to see that nothing changed.
func StateJSON(t testing.TB, g games.Game) string {
	t.Helper()
	b, err := json.Marshal(games.FullState(g))
	require.NoError(t, err)
	return string(b)
}

// Refused checks that text, played by seat, is refused with a message
// containing want, and that the game has not changed.
func Refused(t testing.TB, g games.Game, seat games.Seat, text, want string) {
	t.Helper()
	before := StateJSON(t, g)
	err := games.Play(g, seat, text)
	require.Error(t, err, "seat %d: %s", seat, text)
	assert.Contains(t, err.Error(), want)
	assert.Equal(t, before, StateJSON(t, g), "a refused move changed the game")
}

// PlayToEnd plays g to its end, choose playing the seat the game waits on
// (the first of ToAct), and returns the moves made as a record lists
// them.
func PlayToEnd(t testing.TB, g games.Game, choose games.Computer) []games.Entry {
	t.Helper()
	var log []games.Entry
	for !g.Status().Finished() {
		s := g.ToAct()[0]
		m := choose(g, s)
		require.NotNil(t, m, "seat %d found no move", s)
		require.NoError(t, g.Apply(s, m))
		log = append(log, games.Entry{Seat: s, Move: m.String()})
	}
	return log
}

// AssertReplays checks that rec replays through reg to the very game g:
// the same state (StateJSON) after the same number of moves. It returns
// the game replayed, for further checks.
func AssertReplays(t testing.TB, reg *games.Registry, rec games.Record, g games.Game) games.Game {
	t.Helper()
	back, err := reg.Replay(rec)
	require.NoError(t, err, "%s deal %d", rec.Game, rec.Deal)
	assert.Equal(t, StateJSON(t, g), StateJSON(t, back), "%s deal %d", rec.Game, rec.Deal)
	assert.Equal(t, g.Moves(), back.Moves(), "%s deal %d", rec.Game, rec.Deal)
	return back
}
