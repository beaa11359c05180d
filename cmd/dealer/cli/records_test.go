package cli

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
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

// A Secret Agent game played at the terminal (left halfway and resumed)
// and the same game played through store/play as the bot plays it (a
// lobby opened and started, the person's moves and the computer players',
// the end recorded) keep the same rounds, deal by deal, and give the same
// `dealer stats` lines.
func TestTerminalRecordsRoundsAsTheBot(t *testing.T) {
	const deal = 5
	db := dbPath(t)
	env := map[string]string{"USER": "ann"}
	input, _ := hotSeatInput(t, "secretagent", deal, []bool{false, true, true, true})
	lines := strings.Split(strings.TrimSuffix(input, "\n"), "\n")
	half := len(lines) / 2

	code, out, errs := run(t, strings.Join(lines[:half], "\n")+"\nquit\n", env, "play", "secretagent", "--deal", strconv.Itoa(deal), "--db", db)
	require.Equal(t, 0, code, errs)
	saved := regexp.MustCompile(`dealer play --resume (\d+)\n`).FindStringSubmatch(out)
	require.NotNil(t, saved, out)
	code, out, errs = run(t, strings.Join(lines[half:], "\n")+"\n", env, "play", "--resume", saved[1], "--db", db)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Game over")
	assert.NotContains(t, out, "✗", "every move was taken")
	atTerminal, err := strconv.ParseInt(saved[1], 10, 64)
	require.NoError(t, err)

	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	byBot, game := playAsTheBot(t, st, deal)

	ctx := context.Background()
	want := games.Rounds(game)
	require.GreaterOrEqual(t, len(want), 4, "every deal scored")
	for _, id := range []int64{atTerminal, byBot} {
		rounds, err := st.Rounds(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, want, rounds, "table %d", id)
	}
	mine, bots := statsLines(t, db, env), statsLines(t, db, env, "--user", "bea")
	require.NotEmpty(t, mine)
	assert.Equal(t, mine, bots)
}

// playAsTheBot plays Secret Agent deal deal as the bot does, through
// store/play: bea, a Discord player, opens a lobby and starts it with
// three computer players, and plays as a computer player would. It
// returns the table and its game.
func playAsTheBot(t *testing.T, st *store.Store, deal uint64) (int64, games.Game) {
	t.Helper()
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	info, _ := reg.Lookup("secretagent")
	bea := store.Player{UserID: "1100000000000000002", Name: "bea"}
	tb, err := play.Open(ctx, st, reg, store.TableRow{Game: info.Name, Deal: deal, Seats: info.MaxSeats,
		GuildID: "1234567890", ChannelID: "1234567891", OwnerID: bea.UserID, Players: []store.Player{bea}, Status: store.StatusLobby})
	require.NoError(t, err)
	require.NoError(t, tb.Start(ctx, play.Fill(info, tb.Row.Players)))
	for {
		require.NoError(t, tb.PlayComputers(ctx, nil))
		if tb.Game.Status().Finished() {
			break
		}
		require.NoError(t, tb.Apply(ctx, 0, info.Computer(tb.Game, 0).String()))
	}
	require.NoError(t, tb.Finish(ctx))
	return tb.Row.ID, tb.Game
}

// statsLines are `dealer stats`' lines after its heading (whose record),
// with the fastest win's time, which the clock sets, left out.
func statsLines(t *testing.T, db string, env map[string]string, args ...string) []string {
	t.Helper()
	code, out, errs := run(t, "", env, append([]string{"stats", "--db", db}, args...)...)
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Greater(t, len(lines), 1, out)
	for i, l := range lines {
		lines[i] = regexp.MustCompile(`, fastest win \S+`).ReplaceAllString(l, ", fastest win")
	}
	return lines[1:]
}
