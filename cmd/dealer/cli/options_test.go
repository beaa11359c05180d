package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --option sets a house rule: a computer game of two deals has two deals
// (unless tied), the same every time.
func TestOptionDeals(t *testing.T) {
	args := []string{"play", "secretagent", "--deal", "5", "--seats", "ai,ai,ai,ai", "--option", "deals=2", "--json"}
	code, out, errs := run(t, "", nil, args...)
	require.Equal(t, 0, code, errs)
	var sum struct {
		Deals []map[string]any `json:"deals"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sum), out)
	assert.GreaterOrEqual(t, len(sum.Deals), 2)
	assert.Less(t, len(sum.Deals), 4, "two deals and at most a tie-break or so, not the standard four")
	_, again, _ := run(t, "", nil, args...)
	assert.Equal(t, out, again)
}

// A game at the terminal keeps its house rules: it says them and a resumed
// game has them still.
func TestOptionKeptOnResume(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dealer.db")
	code, out, errs := run(t, "flip\nquit\n", nil, "play", "doublets", "--deal", "4", "--option", "passes=1", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "house rules: passes through the stock 1")
	assert.Contains(t, out, "pass 1 of 1")
	code, out, errs = run(t, "quit\n", nil, "play", "--resume", "1", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "pass 1 of 1", "resumed under the same rules")
}

// Unknown options and values out of range exit 1 with what is allowed.
func TestOptionRefused(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "secretagent", "--deal", "1", "--seats", "ai,ai,ai,ai", "--json", "--option", "deals=9"}, "deals (deals) is one of 1–8, not \"9\""},
		{[]string{"play", "doublets", "--deal", "1", "--option", "cells=8"}, "Doublets has no option \"cells\" (passes=1–3 (default 3))"},
		{[]string{"play", "theagents", "--deal", "1", "--option", "goal"}, "name=value"},
		{[]string{"play", "doubleagent", "--deal", "1", "--option", "passes=2"}, "Double Agent has no options"},
	}
	for _, tt := range tests {
		code, _, errs := run(t, "", nil, tt.args...)
		assert.Equal(t, 1, code, "%q", tt.args)
		assert.Contains(t, errs, tt.want)
	}
	code, _, errs := run(t, "", nil, "play", "--resume", "--option", "deals=2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--option")
}

// --seats chooses each computer player's level: the game changes with the
// levels, is the same for the same levels, and a bad level is refused.
func TestSeatLevels(t *testing.T) {
	normal := []string{"play", "secretagent", "--deal", "8", "--seats", "ai,ai,ai,ai", "--json"}
	mixed := []string{"play", "secretagent", "--deal", "8", "--seats", "ai:hard,ai,ai:easy,ai:normal", "--json"}
	code, a, errs := run(t, "", nil, normal...)
	require.Equal(t, 0, code, errs)
	code, b, errs := run(t, "", nil, mixed...)
	require.Equal(t, 0, code, errs)
	assert.NotEqual(t, a, b, "hard and easy seats play other moves")
	_, again, _ := run(t, "", nil, mixed...)
	assert.Equal(t, b, again, "deterministic for the same deal and levels")

	for _, tt := range []struct {
		seats, want string
	}{
		{"ai:expert,ai,ai,ai", "ai, ai:easy, ai:normal or ai:hard"},
		{"you:hard,ai,ai,ai", "is not you, ai or a name"},
	} {
		code, _, errs := run(t, "", nil, "play", "secretagent", "--deal", "1", "--seats", tt.seats, "--json")
		assert.Equal(t, 2, code)
		assert.Contains(t, errs, tt.want)
	}
}
