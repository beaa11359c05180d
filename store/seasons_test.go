package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

func TestSeasonOf(t *testing.T) {
	at := func(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		length     SeasonLength
		t          time.Time
		key, prev  string
		start, end time.Time
	}{
		{SeasonsMonth, at(2026, 11, 30, 23).Add(59*time.Minute + 59*time.Second), "2026-11", "2026-10", at(2026, 11, 1, 0), at(2026, 12, 1, 0)},
		{SeasonsMonth, at(2026, 12, 1, 0), "2026-12", "2026-11", at(2026, 12, 1, 0), at(2027, 1, 1, 0)},
		{SeasonsMonth, at(2027, 1, 1, 0), "2027-01", "2026-12", at(2027, 1, 1, 0), at(2027, 2, 1, 0)},
		{SeasonsQuarter, at(2026, 11, 22, 12), "2026-Q4", "2026-Q3", at(2026, 10, 1, 0), at(2027, 1, 1, 0)},
		{SeasonsQuarter, at(2026, 3, 31, 23), "2026-Q1", "2025-Q4", at(2026, 1, 1, 0), at(2026, 4, 1, 0)},
		// Another zone's evening is already the next month in UTC.
		{SeasonsMonth, time.Date(2026, 11, 30, 20, 0, 0, 0, time.FixedZone("EST", -5*3600)), "2026-12", "2026-11", at(2026, 12, 1, 0), at(2027, 1, 1, 0)},
	} {
		t.Run(c.key, func(t *testing.T) {
			s := c.length.Of(c.t)
			assert.Equal(t, c.key, s.Key)
			assert.Equal(t, c.start, s.Start)
			assert.Equal(t, c.end, s.End)
			assert.Equal(t, c.prev, s.Previous().Key)
			parsed, err := ParseSeason(c.key)
			require.NoError(t, err)
			assert.Equal(t, s, parsed)
			assert.Equal(t, c.length, parsed.Length())
		})
	}
	assert.True(t, SeasonsNone.Of(time.Now()).AllTime(), "no seasons: every board is all time")
}

func TestParseSeasonRefuses(t *testing.T) {
	for _, key := range []string{"", "2026", "2026-13", "2026-00", "2026-Q5", "2026-Q0", "1999-12", "2026-+1", "2026-Q+",
		"26-11", "2026/11", "2026-1 ", "2026-11-01", "abcd-11", "2026-q4", "' OR 1=1 --"} {
		_, err := ParseSeason(key)
		assert.Error(t, err, key)
	}
	for _, c := range []struct {
		in   string
		want SeasonLength
		ok   bool
	}{{"", SeasonsMonth, true}, {"month", SeasonsMonth, true}, {"quarter", SeasonsQuarter, true}, {"none", SeasonsNone, true}, {"week", "", false}} {
		l, err := ParseSeasonLength(c.in)
		assert.Equal(t, c.ok, err == nil, c.in)
		assert.Equal(t, c.want, l, c.in)
	}
}

func TestSeasonBoards(t *testing.T) { forEachEngine(t, testSeasonBoards) }

// testSeasonBoards plays games in October and November: each season's
// board holds its own, the October board archived once stays as it
// stood when a late result and a forgotten player come after.
func testSeasonBoards(t *testing.T, e engine) {
	st, clk, db := openTemp(t, e)
	ctx := context.Background()
	clk.Advance(time.Date(2026, 10, 30, 12, 0, 0, 0, time.UTC).Sub(clk.Now()))
	oct, nov := SeasonsMonth.Of(clk.Now()), SeasonsMonth.Of(clk.Now().AddDate(0, 0, 5))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("ann", "Ann", 10, true))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("ann", "Ann", 12, true))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusLost, human("bob", "Bob", 4, false))
	clk.Advance(nov.Start.Sub(clk.Now()))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("bob", "Bob", 9, true))

	board := func(s Season) []string {
		t.Helper()
		lp, err := st.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets", Season: s})
		require.NoError(t, err)
		var out []string
		for _, r := range lp.Rows {
			out = append(out, r.Name)
		}
		assert.Equal(t, len(out), lp.Total)
		return out
	}
	assert.Equal(t, []string{"Bob"}, board(nov))
	assert.Equal(t, []string{"Ann", "Bob"}, board(oct), "computed from the results")
	assert.Equal(t, []string{"Ann", "Bob"}, board(Season{}), "all time")

	closed, err := st.CloseSeason(ctx, oct)
	require.NoError(t, err)
	assert.Equal(t, []ClosedSeason{{Guild: "g"}}, closed)
	again, err := openAgain(t, db).CloseSeason(ctx, oct)
	require.NoError(t, err)
	assert.Empty(t, again, "another process finds the season archived")
	archived, err := st.SeasonArchived(ctx, "g", oct.Key)
	require.NoError(t, err)
	assert.True(t, archived)

	// A late result with an October time (a process's clock behind) and
	// a forgotten player change the results, not the archive.
	clk.Advance(-5 * 24 * time.Hour)
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("cy", "Cy", 30, true))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("cy", "Cy", 30, true))
	play(t, st, clk, "g", "doublets", time.Minute, 3, StatusWon, human("cy", "Cy", 30, true))
	f, err := st.Forget(ctx, "ann")
	require.NoError(t, err)
	assert.Equal(t, []string{f.Name, "Bob"}, board(oct), "the archive: Ann's line under her placeholder")
	lp, err := st.LeaderboardPage(ctx, LeaderQuery{Game: "doublets", Season: oct})
	require.NoError(t, err)
	assert.Equal(t, "Cy", lp.Rows[0].Name, "every server's board (the terminal's) is computed: it has the late games")
	rows, err := st.LeaderboardPage(ctx, LeaderQuery{Guild: "g", Game: "doublets", Season: oct, By: ByScore})
	require.NoError(t, err)
	assert.Equal(t, 12, rows.Rows[0].BestScore, "an archive ranks by every order")
	assert.Equal(t, 2, rows.Rows[0].Wins)

	past, err := st.PastSeasons(ctx, "g", SeasonsMonth, time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	var keys []string
	for _, s := range past {
		keys = append(keys, s.Key)
	}
	assert.Equal(t, []string{"2026-11", "2026-10"}, keys)
}

func TestSeasonStreaksArchived(t *testing.T) { forEachStore(t, testSeasonStreaksArchived) }

// testSeasonStreaksArchived: a season's streak counts its own days only.
func testSeasonStreaksArchived(t *testing.T, st *Store, clk *testkit.Clock) {
	ctx := context.Background()
	daily := func(user, day string, won bool) {
		id, err := st.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 3, Seats: 1, GuildID: "g", OwnerID: user,
			Players: []Player{{UserID: user, Name: user}}}, day)
		require.NoError(t, err)
		status := StatusLost
		if won {
			status = StatusWon
		}
		require.NoError(t, finish(st, id, status, []Result{human(user, user, 10, won)}))
	}
	for _, d := range []string{"2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"} {
		daily("ann", d, true)
	}
	daily("bob", "2026-11-01", true)
	daily("bob", "2026-11-02", false)
	nov, err := ParseSeason("2026-11")
	require.NoError(t, err)
	streakBoard := func(s Season) []StreakRow {
		t.Helper()
		rows, err := st.StreakBoard(ctx, "g", "doublets", s, 0)
		require.NoError(t, err)
		return rows
	}
	assert.Equal(t, []StreakRow{{"ann", "ann", 5}, {"bob", "bob", 1}}, streakBoard(Season{}), "all time: five days")
	computed := streakBoard(nov)
	assert.Equal(t, []StreakRow{{"ann", "ann", 3}, {"bob", "bob", 1}}, computed, "November's days only")
	clk.Advance(nov.End.Sub(clk.Now()))
	_, err = st.CloseSeason(ctx, nov)
	require.NoError(t, err)
	assert.Equal(t, computed, streakBoard(nov), "the archive's, the same")
	var got []int
	for _, u := range []string{"ann", "bob"} {
		var n int
		require.NoError(t, st.q.QueryRowContext(ctx, `SELECT streak FROM season_boards WHERE guild_id = 'g' AND season = ? AND user_id = ?`,
			nov.Key, u).Scan(&n))
		got = append(got, n)
	}
	assert.Equal(t, []int{3, 1}, got, "November's days only")
}

func TestSeasonRatingsArchived(t *testing.T) { forEachStore(t, testSeasonRatingsArchived) }

// testSeasonRatingsArchived: a season's rating board is the ratings as
// they stood when it closed; the games after move today's, not it.
func testSeasonRatingsArchived(t *testing.T, st *Store, clk *testkit.Clock) {
	ctx := context.Background()
	playRated(t, st, clk, "g", "", StatusOver, seat{user: "ann", score: 9, won: true}, seat{user: "bob", score: 2})
	playRated(t, st, clk, "g", "", StatusOver, seat{user: "ann", score: 7, won: true}, seat{user: "bob", score: 3})
	nov := SeasonsMonth.Of(clk.Now())
	before, err := st.Ratings(ctx, "g", "theagents", "", 0)
	require.NoError(t, err)
	_, archived, err := st.SeasonRatings(ctx, "g", "theagents", "", nov, 0)
	require.NoError(t, err)
	assert.False(t, archived, "not archived yet")

	clk.Advance(nov.End.Sub(clk.Now()) + time.Minute)
	_, err = st.CloseSeason(ctx, nov)
	require.NoError(t, err)
	for range 3 {
		playRated(t, st, clk, "g", "", StatusOver, seat{user: "bob", score: 9, won: true}, seat{user: "ann", score: 1})
	}
	after, err := st.Ratings(ctx, "g", "theagents", "", 0)
	require.NoError(t, err)
	require.NotEqual(t, before[0].Rating, after[0].Rating, "December's games moved today's ratings")
	rows, archived, err := st.SeasonRatings(ctx, "g", "theagents", "", nov, 0)
	require.NoError(t, err)
	require.True(t, archived)
	require.Len(t, rows, 2)
	for i := range rows {
		assert.Equal(t, before[i].UserID, rows[i].UserID)
		assert.InDelta(t, before[i].Rating.Mu, rows[i].Rating.Mu, 1e-9)
		assert.InDelta(t, before[i].Rating.Sigma, rows[i].Rating.Sigma, 1e-9)
		assert.Equal(t, i+1, rows[i].Rank)
	}
	assert.Equal(t, "Nann", rows[0].Name)
}
