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
