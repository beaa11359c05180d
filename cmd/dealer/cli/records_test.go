package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
)

// records fills a database: tester wins a game of Doublets at the
// terminal and ann loses one; dora, a Discord player of a server that
// shares the file, wins one.
func records(t *testing.T) string {
	t.Helper()
	db := dbPath(t)
	won := solution(t, "doublets", 2)
	code, _, errs := run(t, strings.Join(won, "\n")+"\n", map[string]string{"USER": "tester"}, "play", "doublets", "--deal", "2", "--db", db)
	require.Equal(t, 0, code, errs)
	code, _, errs = run(t, "flip\nresign\n", map[string]string{"USER": "ann"}, "play", "doublets", "--deal", "2", "--db", db)
	require.Equal(t, 0, code, errs)

	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	id, err := st.CreateTable(ctx, store.TableRow{Game: "doublets", Deal: 5, Seats: 1, GuildID: "1234567890", OwnerID: "1100000000000000001",
		Players: []store.Player{{Seat: 0, UserID: "1100000000000000001", Name: "dora"}}})
	require.NoError(t, err)
	_, err = st.Finish(ctx, id, 0, store.StatusWon, []store.Result{{Seat: 0, UserID: "1100000000000000001", Name: "dora", Score: 48, Won: true}})
	require.NoError(t, err)
	return db
}

// dealer stats is the bot's /stats at the terminal, from the same store
// query.
func TestStats(t *testing.T) {
	db := records(t)
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"yours", nil, []string{"Statistics of you\n", "Doublets: 1 game, 1 win, best score 48, fastest win "}},
		{"another terminal's user", []string{"--user", "ann"}, []string{"Statistics of ann\n", "Doublets: 1 game, 0 wins, best score "}},
		{"a Discord player by name", []string{"--user", "dora"}, []string{"Statistics of dora\n", "Doublets: 1 game, 1 win, best score 48"}},
		{"a Discord player by id", []string{"--user", "1100000000000000001"}, []string{"Doublets: 1 game, 1 win"}},
		{"no one", []string{"--user", "nobody"}, []string{"Statistics of nobody\n", "No finished games yet.\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", map[string]string{"USER": "tester"}, append([]string{"stats", "--db", db}, tt.args...)...)
			require.Equal(t, 0, code, errs)
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
			assertFits(t, out)
		})
	}
}

// dealer leaderboard is the bot's /leaderboard at the terminal, from the
// same store query, over the whole file.
func TestLeaderboard(t *testing.T) {
	db := records(t)
	st, err := store.Open(db)
	require.NoError(t, err)
	rows, err := st.Leaderboard(context.Background(), "", "doublets", store.ByWins, 10)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Len(t, rows, 3)

	code, out, errs := run(t, "", nil, "leaderboard", "doublets", "--db", db)
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4, out)
	assert.Equal(t, "Doublets: leaderboard", lines[0])
	for i, r := range rows {
		assert.True(t, strings.HasPrefix(lines[i+1], " "+string(rune('1'+i))+". "+r.Name+": "), "%q in the store's order", lines[i+1])
	}
	assert.Contains(t, out, "1 game, 0 wins (0%)")

	code, out, _ = run(t, "", nil, "leaderboard", "doublets", "--by", "score", "--top", "1", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Doublets: leaderboard (by score)\n 1. ")
	assert.Equal(t, 2, strings.Count(out, "\n"))

	code, out, _ = run(t, "", nil, "leaderboard", "secretagent", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "No finished games yet. Be the first: dealer play secretagent")
}
