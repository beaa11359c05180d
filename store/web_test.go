package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// Every table gets a token of its own: 32 hex digits, unlike any other,
// and found again by SessionByToken; a bad or unknown token finds nothing.
func TestTableTokens(t *testing.T) { forEachStore(t, testTableTokens) }

func testTableTokens(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	seen := map[string]int64{}
	for i := range 20 {
		sess := TableRow{Game: "doublets", Seats: 1, GuildID: "g", Status: StatusPlaying,
			Players: []Player{{UserID: "u" + strconv.Itoa(i), Name: "Ann"}}}
		var id int64
		if i%2 == 0 {
			id = mustCreate(t, s, sess)
		} else { // the daily deal's sessions too
			sess.OwnerID = sess.Players[0].UserID
			var err error
			id, err = s.CreateDaily(ctx, sess, "2026-11-22")
			require.NoError(t, err)
		}
		token, err := s.TableToken(ctx, id)
		require.NoError(t, err)
		require.True(t, ValidToken(token), "token %q", token)
		require.NotContains(t, seen, token, "tokens are unique")
		seen[token] = id
		got, err := s.TableByToken(ctx, token)
		require.NoError(t, err)
		assert.Equal(t, id, got.ID)
		assert.Len(t, got.Players, 1, "with its players")
	}
	_, err := s.TableToken(ctx, 9999)
	require.ErrorIs(t, err, ErrNotFound)
	for _, bad := range []string{"", "1", "00000000000000000000000000000000", "ABCDEF0123456789ABCDEF0123456789",
		"' OR 1=1 --", "../../etc/passwd", string(make([]byte, 4096))} {
		_, err := s.TableByToken(ctx, bad)
		require.ErrorIs(t, err, ErrNotFound, "token %q", bad)
	}
}

// Tables made before the token existed get one each in the migration:
// random, not one derived from the id.
func TestTokenMigration(t *testing.T) { forEachEngine(t, testTokenMigration) }

func testTokenMigration(t *testing.T, e engine) {
	ctx := context.Background()
	path := e.database(t)
	raw, d, ms := rawMigrations(t, e, path)
	web := -1
	for i, m := range ms {
		if m.name == "0005_web.sql" {
			web = i
		}
	}
	require.GreaterOrEqual(t, web, 0)
	_, err := migrate(ctx, d, raw, ms[:web])
	require.NoError(t, err)
	for i := range 5 {
		_, err := raw.Exec(d.rebind(`INSERT INTO sessions (game, deal, seats, status, created_at, updated_at)
			VALUES ('doublets', ?, 1, 'won', 0, 0)`), i)
		require.NoError(t, err)
	}
	_, err = migrate(ctx, d, raw, ms)
	require.NoError(t, err)
	require.NoError(t, raw.Close())

	s, err := Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	seen := map[string]bool{}
	for id := int64(1); id <= 5; id++ {
		token, err := s.TableToken(ctx, id)
		require.NoError(t, err)
		require.True(t, ValidToken(token), "token %q", token)
		assert.False(t, seen[token], "unique")
		seen[token] = true
	}
}

// A server's pages are on until its admins turn them off, and on again.
func TestPagesOff(t *testing.T) { forEachStore(t, testPagesOff) }

func testPagesOff(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	steps := []struct {
		guild string
		set   *bool
		want  bool
	}{
		{"g1", nil, false},
		{"g1", ptr(true), true},
		{"g2", nil, false},
		{"g1", ptr(true), true},
		{"g1", ptr(false), false},
		{"g2", ptr(true), true},
		{"g1", nil, false},
	}
	for i, st := range steps {
		if st.set != nil {
			require.NoError(t, s.SetPagesOff(ctx, st.guild, *st.set), "step %d", i)
		}
		got, err := s.PagesOff(ctx, st.guild)
		require.NoError(t, err)
		assert.Equal(t, st.want, got, "step %d: %s", i, st.guild)
	}
	require.Error(t, s.SetPagesOff(ctx, "", true), "no server")
}

func ptr[T any](v T) *T { return &v }

// LeaderboardPage's pages, put together, are HouseLeaderboard's whole
// board; Total counts its players; a player's name is their latest in
// that server and game.
func TestLeaderboardPage(t *testing.T) { forEachStore(t, testLeaderboardPage) }

func testLeaderboardPage(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	for i := range 23 {
		user := fmt.Sprintf("u%02d", i)
		for g := range i%4 + 1 {
			play(t, s, c, "g", "doublets", time.Duration(i+1)*time.Minute, 10+g, games.Won-games.Status(g%2)*0,
				human(user, "Name"+user, i*10+g, (i+g)%3 != 0))
		}
	}
	// Renamed in another server later: the board of g keeps g's name.
	play(t, s, c, "other", "doublets", time.Minute, 5, games.Won, human("u05", "Elsewhere", 1, true))
	// Under house rules: another board.
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1, GuildID: "g", Status: StatusPlaying, Options: "passes=3",
		Players: []Player{{UserID: "house", Name: "House"}}})
	require.NoError(t, finish(s, id, games.Won, []Result{human("house", "House", 5, true)}))

	for _, by := range []string{ByWins, ByPoints, ByScore, ByRate, ByFastest, ByMoves} {
		t.Run(by, func(t *testing.T) {
			whole, err := s.HouseLeaderboard(ctx, "g", "doublets", "", by, 0)
			require.NoError(t, err)
			require.Len(t, whole, 23)
			var paged []LeaderRow
			for off := 0; ; off += 5 {
				p, err := s.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets", By: by, Offset: off, Limit: 5})
				require.NoError(t, err)
				assert.Equal(t, 23, p.Total)
				if len(p.Rows) == 0 {
					break
				}
				paged = append(paged, p.Rows...)
			}
			require.Len(t, paged, len(whole))
			for i := range whole {
				assert.Equal(t, whole[i].UserID, paged[i].UserID, "rank %d", i+1)
				assert.Equal(t, "Name"+paged[i].UserID, paged[i].Name, "the name shown in this server")
				assert.Equal(t, whole[i].Wins, paged[i].Wins)
			}
		})
	}
	all, err := s.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets"})
	require.NoError(t, err)
	assert.Len(t, all.Rows, 23, "no limit: every row")
	tail, err := s.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets", Offset: 20})
	require.NoError(t, err)
	assert.Len(t, tail.Rows, 3, "an offset without a limit")
	house, err := s.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets", Options: "passes=3", Limit: 10})
	require.NoError(t, err)
	require.Len(t, house.Rows, 1)
	assert.Equal(t, "house", house.Rows[0].UserID)

	for _, bad := range []LeaderQuery{{By: "drop table"}, {Offset: -1}, {Limit: -5}} {
		_, err := s.LeaderboardPage(ctx, bad)
		require.Error(t, err, "%+v", bad)
	}
	played, err := s.HouseRulesPlayed(ctx, "g", "doublets")
	require.NoError(t, err)
	assert.Equal(t, []string{"passes=3"}, played)
	played, err = s.HouseRulesPlayed(ctx, "other", "doublets")
	require.NoError(t, err)
	assert.Empty(t, played)

	known, err := s.GuildPlayed(ctx, "g")
	require.NoError(t, err)
	assert.True(t, known)
	known, err = s.GuildPlayed(ctx, "nowhere")
	require.NoError(t, err)
	assert.False(t, known)
}

// Daily boards by the page, and the list of days with a deal.
func TestDailyPages(t *testing.T) { forEachStore(t, testDailyPages) }

func testDailyPages(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	for i := range 7 {
		user := fmt.Sprintf("u%d", i)
		id, err := s.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 9, Seats: 1, GuildID: "g", OwnerID: user,
			Status: StatusPlaying, Players: []Player{{UserID: user, Name: "N" + user}}}, "2026-11-22")
		require.NoError(t, err)
		if i%2 == 0 {
			require.NoError(t, finish(s, id, games.Won, []Result{human(user, "N"+user, i, true)}))
		}
	}
	whole, err := s.DailyBoard(ctx, "g", "doublets", "2026-11-22", 0)
	require.NoError(t, err)
	cases := []struct{ limit, offset, want int }{{3, 0, 3}, {3, 3, 3}, {3, 6, 1}, {3, 9, 0}, {0, 2, 5}, {0, 0, 7}}
	for _, tc := range cases {
		rows, total, err := s.DailyBoardPage(ctx, "g", "doublets", "2026-11-22", tc.limit, tc.offset)
		require.NoError(t, err)
		assert.Equal(t, 7, total)
		require.Len(t, rows, tc.want, "%+v", tc)
		if tc.want > 0 {
			assert.Equal(t, whole[tc.offset], rows[0])
		}
	}
	_, _, err = s.DailyBoardPage(ctx, "g", "doublets", "2026-11-22", -1, 0)
	require.Error(t, err)

	for i, day := range []string{"2026-11-20", "2026-11-22", "2026-11-21"} {
		_, err := s.SetDailyDeal(ctx, "doublets", day, uint64(100+i))
		require.NoError(t, err)
	}
	_, err = s.SetDailyDeal(ctx, "doublefreecell", "2026-11-22", 5)
	require.NoError(t, err)
	deals, total, err := s.DailyDeals(ctx, "doublets", 2, 0)
	require.NoError(t, err)
	assert.Equal(t, 3, total)
	assert.Equal(t, []DailyDeal{{"2026-11-22", 101}, {"2026-11-21", 102}}, deals)
	deals, _, err = s.DailyDeals(ctx, "doublets", 0, 2)
	require.NoError(t, err)
	assert.Equal(t, []DailyDeal{{"2026-11-20", 100}}, deals)
	deals, total, err = s.DailyDeals(ctx, "nothing", 10, 0)
	require.NoError(t, err)
	assert.Zero(t, total)
	assert.Empty(t, deals)
}

// A player's history: their results in one server, oldest first, with the
// name they had at each game.
func TestHistory(t *testing.T) { forEachStore(t, testHistory) }

func testHistory(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	play(t, s, c, "g", "doublets", time.Minute, 30, games.Won, human("ann", "Ann", 52, true))
	play(t, s, c, "other", "doublets", time.Minute, 30, games.Won, human("ann", "Elsewhere", 1, true))
	play(t, s, c, "g", "doublefreecell", 2*time.Minute, 90, games.Lost, human("ann", "Annie", 70, false))
	play(t, s, c, "g", "doublets", time.Minute, 30, games.Won, human("bob", "Bob", 52, true))
	h, err := s.History(ctx, "g", "ann", 10)
	require.NoError(t, err)
	require.Len(t, h, 2)
	assert.Equal(t, "doublets", h[0].Game)
	assert.Equal(t, "Ann", h[0].Name)
	assert.True(t, h[0].Won)
	assert.Equal(t, 52, h[0].Score)
	assert.Equal(t, time.Minute, h[0].Duration)
	assert.Equal(t, "Annie", h[1].Name)
	assert.True(t, h[1].Finished.After(h[0].Finished))
	last, err := s.History(ctx, "", "ann", 1)
	require.NoError(t, err)
	require.Len(t, last, 1)
	assert.Equal(t, "Annie", last[0].Name, "the latest")
	none, err := s.History(ctx, "g", "", 10)
	require.NoError(t, err)
	assert.Empty(t, none)
}

// TableVersions moves with every move, status change and seating.
func TestTableVersions(t *testing.T) { forEachStore(t, testTableVersions) }

func testTableVersions(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	var ids []int64
	for range 3 {
		ids = append(ids, mustCreate(t, s, TableRow{Game: "doublets", Seats: 1, Status: StatusPlaying}))
	}
	lobby := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, Status: StatusLobby, GuildID: "g"})
	v0, err := s.TableVersions(ctx, append(ids, lobby, 9999))
	require.NoError(t, err)
	require.Len(t, v0, 4, "an unknown id is left out")
	c.Advance(time.Second)
	require.NoError(t, s.AppendMove(ctx, ids[0], 0, 0, "x"))
	require.NoError(t, finish(s, ids[1], games.Lost, nil))
	require.NoError(t, setPlayers(s, lobby, []Player{{Seat: 0, UserID: "u", Name: "U"}}))
	v1, err := s.TableVersions(ctx, append(ids, lobby))
	require.NoError(t, err)
	assert.Equal(t, 1, v1[ids[0]].Moves)
	assert.Equal(t, StatusLost, v1[ids[1]].Status)
	assert.Equal(t, v0[ids[2]], v1[ids[2]], "untouched")
	assert.NotEqual(t, v0[lobby], v1[lobby], "seated")
	require.NoError(t, s.SetPagesOff(ctx, "g", true))
	v2, err := s.TableVersions(ctx, append(ids, lobby))
	require.NoError(t, err)
	assert.True(t, v2[lobby].PagesOff, "its server's pages turned off")
	assert.False(t, v2[ids[0]].PagesOff, "a table of no server")

	many := make([]int64, 1200) // several queries
	for i := range many {
		many[i] = int64(i + 1)
	}
	all, err := s.TableVersions(ctx, many)
	require.NoError(t, err)
	assert.Len(t, all, 4)
	empty, err := s.TableVersions(ctx, nil)
	require.NoError(t, err)
	assert.Empty(t, empty)
}

// The web's streak counts only days won in servers whose pages are on:
// a server that turned its pages off, and games outside any server, add
// nothing to it. Streak (the bot's /stats) counts every day.
func TestPageStreak(t *testing.T) { forEachStore(t, testPageStreak) }

func testPageStreak(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	won := func(guild, day string) {
		id, err := st.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 3, Seats: 1, GuildID: guild, OwnerID: "ann",
			Players: []Player{{UserID: "ann", Name: "Ann"}}}, day)
		require.NoError(t, err)
		require.NoError(t, finish(st, id, StatusWon, []Result{{Seat: 0, UserID: "ann", Name: "Ann", Score: 10, Won: true}}))
	}
	won("on", "2026-11-19")
	won("on", "2026-11-20")
	won("off", "2026-11-21")
	won("on", "2026-11-22")
	won("", "2026-11-23") // a DM
	const today = "2026-11-23"
	cases := []struct {
		name                string
		off                 []string // servers whose pages are off
		current, best       int
		allCurrent, allBest int
	}{
		{"every server's pages on", nil, 4, 4, 5, 5},
		{"one server's pages off", []string{"off"}, 1, 2, 5, 5},
		{"both off", []string{"off", "on"}, 0, 0, 5, 5},
	}
	for _, tc := range cases {
		for _, g := range []string{"on", "off"} {
			require.NoError(t, st.SetPagesOff(ctx, g, slices.Contains(tc.off, g)))
		}
		cur, best, err := st.PageStreak(ctx, "ann", "", today)
		require.NoError(t, err)
		assert.Equal(t, tc.current, cur, "%s: current", tc.name)
		assert.Equal(t, tc.best, best, "%s: best", tc.name)
		cur, best, err = st.PageStreak(ctx, "ann", "doublets", today)
		require.NoError(t, err)
		assert.Equal(t, tc.current, cur, "%s: current at doublets", tc.name)
		assert.Equal(t, tc.best, best, "%s: best at doublets", tc.name)
		cur, _, err = st.PageStreak(ctx, "ann", "doublefreecell", today)
		require.NoError(t, err)
		assert.Zero(t, cur, "%s: another game", tc.name)
		cur, best, err = st.Streak(ctx, "ann", "", today)
		require.NoError(t, err)
		assert.Equal(t, tc.allCurrent, cur, "%s: /stats' streak", tc.name)
		assert.Equal(t, tc.allBest, best, "%s: /stats' best", tc.name)
	}
}
