package cli

import (
	"context"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
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
// and the same game played in Discord through `dealer run` (a lobby opened
// with /play and started with computer players, the person's moves made
// from My hand) keep the same rounds, deal by deal, and give the same
// `dealer stats` lines and the same /stats lines.
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

	byBot, game, slashStats := playInDiscord(t, db, deal)
	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()

	ctx := context.Background()
	want := games.Rounds(game)
	require.GreaterOrEqual(t, len(want), 4, "every deal scored")
	for _, id := range []int64{atTerminal, byBot} {
		rounds, err := st.Rounds(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, want, rounds, "table %d", id)
	}
	mine, bots := statsLines(t, db, env), statsLines(t, db, env, "--user", bea)
	require.NotEmpty(t, mine)
	assert.Equal(t, mine, bots)
	assert.Equal(t, mine, slashStats, "/stats says what `dealer stats` says")
}

// bea is the Discord player of the game played in Discord.
const bea = "1100000000000000002"

// playInDiscord plays Secret Agent deal deal in Discord, through `dealer
// run` on db and the fake Discord: bea opens a table with /play, starts it
// with three computer players and plays, from My hand, the move the
// terminal's player made in her place (the computer's choice for her
// seat). It returns the table, its game and bea's /stats lines (the
// fastest win left out, as statsLines leaves it).
func playInDiscord(t *testing.T, db string, deal uint64) (int64, games.Game, []string) {
	t.Helper()
	const guild, channel = "1234567890123456789", "1234567890123456790"
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: guild, Name: "Club", ChannelID: channel}}})
	fake.AddUser(discordtest.User{ID: bea, Name: "bea"})
	var cfg Config
	cfg.Discord.Token, cfg.Database = fake.Token(), db
	stop := serving(t, fake, cfg, slog.New(slog.NewTextHandler(&testkit.Log{}, nil)))
	defer stop()
	_, err := fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	slash := func(name string, opts map[string]any) discordtest.Response {
		in, err := fake.SlashCommand(guild, channel, bea, name, opts)
		require.NoError(t, err)
		r, err := in.WaitFinal(10 * time.Second)
		require.NoError(t, err)
		return r
	}
	click := func(messageID string, b discordtest.Button) discordtest.Response {
		in, err := fake.Click(messageID, bea, b.CustomID)
		require.NoError(t, err)
		r, err := in.WaitFinal(10 * time.Second)
		require.NoError(t, err)
		return r
	}
	lobby := slash("play", map[string]any{"game": "secretagent", "deal": deal})
	table := click(lobby.ID, labelled(t, lobby.Message, "Start"))
	require.False(t, table.Ephemeral, table.Text())

	st, err := store.Open(db) // a second reader of the bot's database
	require.NoError(t, err)
	defer st.Close()
	tb := playMyHand(t, st, fake, table.ID, click)
	stats := slash("stats", nil)
	lines := strings.Split(strings.ReplaceAll(stats.Text(), "**", ""), "\n")
	for i, l := range lines {
		lines[i] = regexp.MustCompile(`, fastest win \S+`).ReplaceAllString(l, ", fastest win")
	}
	return tb.Row.ID, tb.Game, lines[1:]
}

// playMyHand plays bea's seat (0) of the table of message tableID to the
// end: when she may act, My hand, then the button of the computer's choice
// for her seat; between her turns it waits for the computer players.
func playMyHand(t *testing.T, st *store.Store, fake *discordtest.Server, tableID string, click func(string, discordtest.Button) discordtest.Response) *play.Table {
	t.Helper()
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	m, _ := fake.Message(tableID)
	id := tableIDOf(t, m)
	load := func() *play.Table {
		tb, err := play.Load(ctx, st, reg, id)
		require.NoError(t, err)
		return tb
	}
	for tb := load(); ; tb = load() {
		if tb.Game != nil && tb.Game.Status().Finished() {
			require.Equal(t, store.StatusOver, tb.Row.Status, "the bot recorded the end")
			return tb
		}
		if tb.Game == nil || !games.CanAct(tb.Game, 0) {
			moves := tb.Row.Moves
			require.True(t, fake.WaitUntil(10*time.Second, func() bool { r, err := st.TableRow(ctx, id); return err == nil && r.Moves != moves }), "the computers play on")
			continue
		}
		m, _ = fake.Message(tableID)
		hand := click(tableID, labelled(t, m, "My hand"))
		require.True(t, hand.Ephemeral, "a hand is private")
		want := ":m" + tb.Info.Computer(tb.Game, 0).String()
		var move *discordtest.Button
		for _, b := range hand.Message.Buttons() {
			if strings.HasSuffix(b.CustomID, want) && !b.Disabled {
				move = &b
			}
		}
		require.NotNil(t, move, "a button makes %q", want)
		played := click(hand.ID, *move)
		require.NotContains(t, played.LastMessage().Text(), "can't", "the move is taken")
	}
}

// labelled is m's enabled button whose label starts with label.
func labelled(t *testing.T, m discordtest.Message, label string) discordtest.Button {
	t.Helper()
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.Label, label) && !b.Disabled {
			return b
		}
	}
	require.Failf(t, "no button", "%q in %+v", label, m.Buttons())
	return discordtest.Button{}
}

// tableIDOf reads a table's id out of its message's buttons
// ("t:<table base 36>:…").
func tableIDOf(t *testing.T, m discordtest.Message) int64 {
	t.Helper()
	for _, cid := range m.CustomIDs() {
		if parts := strings.Split(cid, ":"); len(parts) > 2 && parts[0] == "t" {
			id, err := strconv.ParseInt(parts[1], 36, 64)
			require.NoError(t, err)
			return id
		}
	}
	require.Fail(t, "no table button", "%q", m.CustomIDs())
	return 0
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
