package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

func TestFinish(t *testing.T) { forEachStore(t, testFinish) }

func testFinish(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	created := c.Now()
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 2, GuildID: "g", Status: StatusPlaying})
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "a"))
	require.NoError(t, s.AppendMove(ctx, id, 1, 1, "b"))
	c.Advance(90 * time.Second)

	results := []Result{
		{Seat: 0, UserID: "ann", Name: "Ann", Score: 30, Won: true},
		{Seat: 1, Name: "Computer", Computer: true, Score: 20},
	}
	bad := []struct {
		name    string
		status  games.Status
		results []Result
		is      error
	}{
		{"not a finished status", StatusPlaying, results, nil},
		{"unknown status", games.Status(99), results, nil},
		{"seat out of range", StatusOver, []Result{{Seat: 2}}, nil},
		{"seat twice", StatusOver, []Result{{Seat: 0}, {Seat: 0}}, nil},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			require.Error(t, finish(s, id, tc.status, tc.results))
		})
	}
	require.ErrorIs(t, finish(s, 999, StatusOver, results), ErrNotFound)
	sess, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	require.Equal(t, StatusPlaying, sess.Status, "failed finishes changed nothing")
	require.True(t, sess.FinishedAt.IsZero())

	check := func(status games.Status) {
		t.Helper()
		sess, err := s.TableRow(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, status, sess.Status)
		assert.True(t, sess.FinishedAt.Equal(created.Add(90*time.Second)), "first finish time kept: %v", sess.FinishedAt)
		got, err := s.Results(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, results, got)
		board, err := s.Leaderboard(ctx, "g", "doublets", ByWins, 0)
		require.NoError(t, err)
		require.Len(t, board, 1, "the computer is not on the board")
		assert.Equal(t, LeaderRow{UserID: "ann", Name: "Ann", Games: 1, Wins: 1, WinRate: 1, BestScore: 30,
			TotalPoints: 30, FastestWin: 90 * time.Second, FewestMoves: 2}, board[0])
	}
	require.NoError(t, finish(s, id, StatusOver, results))
	check(StatusOver)
	c.Advance(time.Hour)
	// Finished once only: a second finish (another process's, from a copy
	// that had not seen the first) would change the results after the fact.
	require.ErrorIs(t, finish(s, id, StatusOver, []Result{{Seat: 0, UserID: "ann", Name: "Ann", Score: 1}}), ErrConflict, "finishing twice")
	check(StatusOver)

	// Results of an unfinished table: none yet.
	other := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	got, err := s.Results(ctx, other)
	require.NoError(t, err)
	assert.Empty(t, got)
	_, err = s.Results(ctx, 999)
	assert.ErrorIs(t, err, ErrNotFound)
}

// seedBoard plays the games of the leaderboard tests.
func seedBoard(t *testing.T, e engine) *Store {
	s, c, _ := openTemp(t, e)
	const dfc = "doublefreecell"
	// Guild g1, Double FreeCell.
	play(t, s, c, "g1", dfc, 10*time.Minute, 120, StatusWon, human("ann", "Ann", 500, true))
	play(t, s, c, "g1", dfc, 5*time.Minute, 150, StatusWon, human("ann", "Ann", 400, true))
	play(t, s, c, "g1", dfc, 20*time.Minute, 200, StatusLost, human("ann", "Ann", 100, false))
	play(t, s, c, "g1", dfc, 8*time.Minute, 100, StatusWon, human("bob", "Bob", 600, true))
	play(t, s, c, "g1", dfc, 2*time.Minute, 30, StatusLost, human("bob", "Bob", 50, false))
	play(t, s, c, "g1", dfc, 3*time.Minute, 90, StatusWon, human("cat", "Cat", 300, true))
	play(t, s, c, "g1", dfc, 4*time.Minute, 60, StatusLost, human("dan", "Dan", 700, false))
	play(t, s, c, "g1", dfc, 4*time.Minute, 60, StatusLost, human("dan", "Dan", 800, false))
	// A computer, and the terminal player: never on a board.
	play(t, s, c, "g1", dfc, time.Second, 1, StatusOver,
		Result{Seat: 0, UserID: "cat", Name: "Cat", Score: 0, Won: false},
		Result{Seat: 1, UserID: "", Name: "Computer", Computer: true, Score: 99999, Won: true})
	play(t, s, c, "", dfc, time.Second, 1, StatusWon, Result{Seat: 0, Name: "me", Score: 5000, Won: true})
	// Guild g2: ann again, under a new name, and eve at another game.
	play(t, s, c, "g2", dfc, time.Minute, 80, StatusWon, human("ann", "Annie", 999, true))
	play(t, s, c, "g2", "secretagent", 30*time.Minute, 40, StatusOver, human("eve", "Eve", 42, true))
	// Abandoned without results: counts for nobody.
	play(t, s, c, "g1", dfc, time.Minute, 3, StatusAbandoned)
	return s
}

func TestLeaderboard(t *testing.T) { forEachEngine(t, testLeaderboard) }

func testLeaderboard(t *testing.T, e engine) {
	ctx := context.Background()
	s := seedBoard(t, e)

	users := func(rows []LeaderRow) []string {
		var ids []string
		for _, r := range rows {
			ids = append(ids, r.UserID)
		}
		return ids
	}
	cases := []struct {
		name, guild, game, by string
		limit                 int
		want                  []string
	}{
		{"wins, then win rate", "g1", "doublefreecell", "", 0, []string{"ann", "cat", "bob", "dan"}},
		{"wins named", "g1", "doublefreecell", ByWins, 0, []string{"ann", "cat", "bob", "dan"}},
		{"points", "g1", "doublefreecell", ByPoints, 0, []string{"dan", "ann", "bob", "cat"}},
		{"best score", "g1", "doublefreecell", ByScore, 0, []string{"dan", "bob", "ann", "cat"}},
		{"win rate", "g1", "doublefreecell", ByRate, 0, []string{"ann", "bob", "cat", "dan"}},
		{"fastest win, no win last", "g1", "doublefreecell", ByFastest, 0, []string{"cat", "ann", "bob", "dan"}},
		{"fewest moves", "g1", "doublefreecell", ByMoves, 0, []string{"cat", "bob", "ann", "dan"}},
		{"limit", "g1", "doublefreecell", ByWins, 2, []string{"ann", "cat"}},
		{"other guild", "g2", "doublefreecell", ByWins, 0, []string{"ann"}},
		{"all guilds", "", "doublefreecell", ByWins, 0, []string{"ann", "cat", "bob", "dan"}},
		{"all games of a guild", "g2", "", ByWins, 0, []string{"ann", "eve"}},
		{"game nobody played", "g1", "doublets", ByWins, 0, nil},
		{"guild nobody played in", "g9", "", ByWins, 0, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			board, err := s.Leaderboard(ctx, tc.guild, tc.game, tc.by, tc.limit)
			require.NoError(t, err)
			assert.NotNil(t, board)
			assert.Equal(t, tc.want, users(board))
		})
	}

	// win rate: cat's 0-point game with the computer lowers hers to 1/2, so
	// bob and cat tie on wins and rate; the tie falls to the fastest win.
	board, err := s.Leaderboard(ctx, "g1", "doublefreecell", ByWins, 0)
	require.NoError(t, err)
	assert.Equal(t, []LeaderRow{
		{UserID: "ann", Name: "Annie", Games: 3, Wins: 2, WinRate: 2.0 / 3, BestScore: 500, TotalPoints: 1000,
			FastestWin: 5 * time.Minute, FewestMoves: 120},
		{UserID: "cat", Name: "Cat", Games: 2, Wins: 1, WinRate: 0.5, BestScore: 300, TotalPoints: 300,
			FastestWin: 3 * time.Minute, FewestMoves: 90},
		{UserID: "bob", Name: "Bob", Games: 2, Wins: 1, WinRate: 0.5, BestScore: 600, TotalPoints: 650,
			FastestWin: 8 * time.Minute, FewestMoves: 100},
		{UserID: "dan", Name: "Dan", Games: 2, Wins: 0, WinRate: 0, BestScore: 800, TotalPoints: 1500},
	}, board)

	all, err := s.Leaderboard(ctx, "", "doublefreecell", ByWins, 1)
	require.NoError(t, err)
	assert.Equal(t, []LeaderRow{{UserID: "ann", Name: "Annie", Games: 4, Wins: 3, WinRate: 0.75, BestScore: 999,
		TotalPoints: 1999, FastestWin: time.Minute, FewestMoves: 80}}, all)

	_, err = s.Leaderboard(ctx, "g1", "", "elo", 10)
	assert.Error(t, err)
}

func TestStats(t *testing.T) { forEachEngine(t, testStats) }

func testStats(t *testing.T, e engine) {
	ctx := context.Background()
	s := seedBoard(t, e)
	cases := []struct {
		name, guild, user string
		want              []StatRow
	}{
		{"one guild", "g1", "ann", []StatRow{{Game: "doublefreecell", Games: 3, Wins: 2, WinRate: 2.0 / 3,
			BestScore: 500, TotalPoints: 1000, FastestWin: 5 * time.Minute, FewestMoves: 120}}},
		{"all guilds", "", "ann", []StatRow{{Game: "doublefreecell", Games: 4, Wins: 3, WinRate: 0.75,
			BestScore: 999, TotalPoints: 1999, FastestWin: time.Minute, FewestMoves: 80}}},
		{"no wins", "g1", "dan", []StatRow{{Game: "doublefreecell", Games: 2, BestScore: 800, TotalPoints: 1500}}},
		{"other game", "", "eve", []StatRow{{Game: "secretagent", Games: 1, Wins: 1, WinRate: 1, BestScore: 42,
			TotalPoints: 42, FastestWin: 30 * time.Minute, FewestMoves: 40}}},
		{"terminal player, computer left out", "", "", []StatRow{{Game: "doublefreecell", Games: 1, Wins: 1,
			WinRate: 1, BestScore: 5000, TotalPoints: 5000, FastestWin: time.Second, FewestMoves: 1}}},
		{"never played", "g1", "zed", []StatRow{}},
		{"not in that guild", "g2", "dan", []StatRow{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Stats(ctx, tc.guild, tc.user)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// House rules are kept with the table, in its record for replay, and
// apart on the leaderboards and in stats.
func TestHouseRulesKeptApart(t *testing.T) { forEachStore(t, testHouseRulesKeptApart) }

func testHouseRulesKeptApart(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	finish := func(options string, won bool) int64 {
		id := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1, GuildID: "g", Options: options,
			Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}}})
		require.NoError(t, s.AppendMove(ctx, id, 0, 0, "3 h"))
		c.Advance(time.Minute)
		require.NoError(t, finish(s, id, games.Won, []Result{human("ann", "Ann", 104, won)}))
		return id
	}
	std := finish("", true)
	house := finish("cells=8", true)
	finish("cells=8", false)

	sess, err := s.TableRow(ctx, house)
	require.NoError(t, err)
	assert.Equal(t, "cells=8", sess.Options)
	rec, err := s.Record(ctx, house)
	require.NoError(t, err)
	assert.Equal(t, "cells=8", rec.Options)
	rec, err = s.Record(ctx, std)
	require.NoError(t, err)
	assert.Empty(t, rec.Options)

	board, err := s.Leaderboard(ctx, "g", "doublefreecell", ByWins, 10)
	require.NoError(t, err)
	require.Len(t, board, 1)
	assert.Equal(t, 1, board[0].Games, "the standard board counts only the standard game")

	board, err = s.HouseLeaderboard(ctx, "g", "doublefreecell", "cells=8", ByWins, 10)
	require.NoError(t, err)
	require.Len(t, board, 1)
	assert.Equal(t, 2, board[0].Games)
	assert.Equal(t, 1, board[0].Wins)

	stats, err := s.Stats(ctx, "g", "ann")
	require.NoError(t, err)
	require.Len(t, stats, 2)
	assert.Equal(t, []string{"", "cells=8"}, []string{stats[0].Options, stats[1].Options})
	assert.Equal(t, []int{1, 2}, []int{stats[0].Games, stats[1].Games})
}

// A computer player's level is kept with its seat, through a lobby's start
// and the start-up list of unfinished tables.
func TestComputerLevelsKept(t *testing.T) { forEachStore(t, testComputerLevelsKept) }

func testComputerLevelsKept(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, GuildID: "g", Status: StatusLobby,
		Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}}})
	players := []Player{
		{Seat: 0, UserID: "ann", Name: "Ann"},
		{Seat: 1, Name: "Bond", Computer: true, Level: games.Hard},
		{Seat: 2, Name: "Cipher", Computer: true, Level: games.Easy},
		{Seat: 3, Name: "Dagger", Computer: true},
	}
	_, err := s.StartTable(ctx, id, 0, 4, players)
	require.NoError(t, err)
	sess, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, sess.Players)
	open, err := s.Unfinished(ctx)
	require.NoError(t, err)
	require.Len(t, open, 1)
	assert.Equal(t, players, open[0].Players)
}

func TestDailyDealFirstRecordStands(t *testing.T) { forEachStore(t, testDailyDealFirstRecordStands) }

func testDailyDealFirstRecordStands(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	_, ok, err := st.DailyDeal(ctx, "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.False(t, ok)
	got, err := st.SetDailyDeal(ctx, "doublets", "2026-11-22", 17)
	require.NoError(t, err)
	assert.Equal(t, uint64(17), got)
	got, err = st.SetDailyDeal(ctx, "doublets", "2026-11-22", 99)
	require.NoError(t, err)
	assert.Equal(t, uint64(17), got, "the first choice stands")
	deal, ok, err := st.DailyDeal(ctx, "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, uint64(17), deal)
}

func TestOneDailyAttemptEach(t *testing.T) { forEachStore(t, testOneDailyAttemptEach) }

func testOneDailyAttemptEach(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	sess := TableRow{Game: "doublefreecell", Deal: 5, Seats: 1, GuildID: "g", OwnerID: "u1", Players: []Player{{UserID: "u1", Name: "ann"}}}
	// Ten requests at once: exactly one attempt.
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := st.CreateDaily(ctx, sess, "2026-11-22")
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				made++
			} else {
				assert.ErrorIs(t, err, ErrAttempted)
				refused++
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, made)
	assert.Equal(t, 9, refused)
	_, err := st.CreateDaily(ctx, sess, "2026-11-23")
	assert.NoError(t, err, "a new day, a new attempt")
	other := sess
	other.Game = "doublets"
	_, err = st.CreateDaily(ctx, other, "2026-11-22")
	assert.NoError(t, err, "another game's daily")
}

func TestDailyBoardHintsAndStreaks(t *testing.T) { forEachStore(t, testDailyBoardHintsAndStreaks) }

func testDailyBoardHintsAndStreaks(t *testing.T, st *Store, clk *testkit.Clock) {
	ctx := context.Background()
	play := func(user, day string, won bool, moves, hints int) {
		id, err := st.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 3, Seats: 1, GuildID: "g", OwnerID: user,
			Players: []Player{{UserID: user, Name: user}}}, day)
		require.NoError(t, err)
		for i := 0; i < moves; i++ {
			require.NoError(t, st.AppendMove(ctx, id, i, 0, "flip"))
		}
		for i := 0; i < hints; i++ {
			_, err := st.AddHint(ctx, id)
			require.NoError(t, err)
		}
		clk.Advance(time.Minute)
		status := StatusLost
		if won {
			status = StatusWon
		}
		require.NoError(t, finish(st, id, status, []Result{{Seat: 0, UserID: user, Name: user, Score: 10, Won: won}}))
	}
	play("ann", "2026-11-20", true, 3, 0)
	play("ann", "2026-11-21", true, 3, 0)
	play("ann", "2026-11-22", true, 5, 2)
	play("bob", "2026-11-22", true, 4, 0)
	play("cy", "2026-11-22", false, 2, 0)
	play("bob", "2026-11-19", true, 4, 0)

	rows, err := st.DailyBoard(ctx, "g", "doublets", "2026-11-22", 10)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, []string{"bob", "ann", "cy"}, []string{rows[0].UserID, rows[1].UserID, rows[2].UserID})
	assert.Equal(t, 2, rows[1].Hints)
	assert.True(t, rows[0].Won)
	assert.False(t, rows[2].Won)

	cur, best, err := st.Streak(ctx, "ann", "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.Equal(t, 3, cur)
	assert.Equal(t, 3, best)
	cur, best, err = st.Streak(ctx, "bob", "", "2026-11-23")
	require.NoError(t, err)
	assert.Equal(t, 1, cur, "yesterday's win still counts while today is open")
	assert.Equal(t, 1, best)
	cur, _, err = st.Streak(ctx, "ann", "doublets", "2026-11-25")
	require.NoError(t, err)
	assert.Equal(t, 0, cur, "a missed day ends the streak")
}
