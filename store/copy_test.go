package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// seedEverything fills every SQL table: finished and unfinished tables with
// players (computers at levels), moves, rounds and results, a daily attempt
// with a hint, daily deals, house rules, and deals past int64's range.
func seedEverything(t *testing.T, s *Store, c *testkit.Clock) []int64 {
	t.Helper()
	ctx := context.Background()
	var ids []int64
	// Finished Double FreeCell games, on the boards.
	ids = append(ids, play(t, s, c, "g1", "doublefreecell", 5*time.Minute, 30, StatusWon, human("ann", "Ann", 500, true)))
	ids = append(ids, play(t, s, c, "g1", "doublefreecell", 7*time.Minute, 12, StatusLost, human("bob", "Bob", 100, false)))
	// A multiplayer table in play: computers at levels, rounds, moves.
	multi := mustCreate(t, s, TableRow{Game: "secretagent", Deal: math.MaxUint64, Seats: 3, GuildID: "g1",
		ChannelID: "c", MessageID: "m", OwnerID: "ann", Status: StatusPlaying, Options: "deals=4",
		Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}, {Seat: 1, Name: "Bond", Computer: true, Level: games.Hard},
			{Seat: 2, Name: "Cipher", Computer: true, Level: games.Easy}}})
	for i := range 7 {
		require.NoError(t, s.AppendMove(ctx, multi, i, i%3, "play QH"))
	}
	require.NoError(t, s.RecordRound(ctx, multi, 0, []int{10, -5, 3}))
	require.NoError(t, s.RecordRound(ctx, multi, 1, []int{0, 7, 2}))
	ids = append(ids, multi)
	// A lobby, and a daily attempt with a hint.
	ids = append(ids, mustCreate(t, s, TableRow{Game: "theagents", Seats: 5, GuildID: "g2", OwnerID: "cy", Status: StatusLobby,
		Players: []Player{{Seat: 0, UserID: "cy", Name: "Cy"}}}))
	day, err := s.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 3, Seats: 1, GuildID: "g1", OwnerID: "ann",
		Players: []Player{{UserID: "ann", Name: "Ann"}}}, "2026-11-22")
	require.NoError(t, err)
	require.NoError(t, s.AppendMove(ctx, day, 0, 0, "flip"))
	_, err = s.AddHint(ctx, day)
	require.NoError(t, err)
	c.Advance(time.Minute)
	require.NoError(t, finish(s, day, StatusWon, []Result{{Seat: 0, UserID: "ann", Name: "Ann", Score: 10, Won: true}}))
	ids = append(ids, day)
	for _, g := range []string{"doublets", "doublefreecell"} {
		_, err := s.SetDailyDeal(ctx, g, "2026-11-22", math.MaxUint64-7)
		require.NoError(t, err)
	}
	require.NoError(t, s.write(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO guild_settings (guild_id, pages_off) VALUES ('g2', 1)`)
		return err
	}))
	require.NoError(t, s.SetTimer(ctx, Timer{Table: ids[0], Kind: "turn", Due: time.Unix(1_800_000_000, 5), Version: 2}))
	// November's boards archived (Ann's streak of one day on them), and
	// where g2 wants its season-end boards.
	closed, err := s.CloseSeason(ctx, SeasonsMonth.Of(c.Now()))
	require.NoError(t, err)
	require.Len(t, closed, 1)
	require.NoError(t, s.SetSeasonChannel(ctx, "g2", "c2"))
	require.NoError(t, s.SetSettings(ctx, "ann", Settings{FourColour: true}))
	require.NoError(t, s.SetSettings(ctx, "bob", Settings{Large: true}))
	// A rated game of two people and a computer player.
	ids = append(ids, playRated(t, s, c, "g1", "", StatusOver, seat{user: "ann", won: true}, seat{user: "bob"}, seat{}))
	_, err = s.BindActivity(ctx, "i-1", ids[0])
	require.NoError(t, err)
	return ids
}

// snapshot is what the store's API says of the seeded tables.
type snapshot struct {
	Sessions []TableRow
	Moves    [][]games.Entry
	Rounds   [][][]int
	Results  [][]Result
	Board    []LeaderRow
	Archived []LeaderRow
	Channel  string
	Stats    []StatRow
	Daily    []DailyRow
	Deal     uint64
	Tokens   map[int64]string
	Settings map[string]int
	Players  map[string]Settings
	Ratings  []RatingRow
	History  []RatingPoint
	Activity int64
}

// everything reads back what seedEverything wrote, through the store's API.
func everything(t *testing.T, s *Store, ids []int64) snapshot {
	t.Helper()
	ctx := context.Background()
	snap := snapshot{
		Sessions: readEach(t, ids, s.TableRow),
		Moves:    readEach(t, ids, s.Moves),
		Rounds:   readEach(t, ids, s.Rounds),
		Results:  readEach(t, ids, s.Results),
	}
	var err error
	snap.Board, err = s.Leaderboard(ctx, "g1", "", ByWins, 0)
	require.NoError(t, err)
	archived, err := s.LeaderboardPage(ctx, LeaderQuery{Guild: "g1", Game: "doublefreecell", Season: SeasonsMonth.Of(s.Now())})
	require.NoError(t, err)
	snap.Archived = archived.Rows
	snap.Channel, err = s.SeasonChannel(ctx, "g2")
	require.NoError(t, err)
	snap.Stats, err = s.Stats(ctx, "", "ann")
	require.NoError(t, err)
	snap.Daily, err = s.DailyBoard(ctx, "g1", "doublets", "2026-11-22", 0)
	require.NoError(t, err)
	deal, ok, err := s.DailyDeal(ctx, "doublefreecell", "2026-11-22")
	require.NoError(t, err)
	require.True(t, ok)
	snap.Deal = deal
	snap.Tokens = queryMap[int64, string](t, s, `SELECT id, token FROM sessions`)
	assert.Len(t, snap.Tokens, len(ids))
	snap.Settings = queryMap[string, int](t, s, `SELECT guild_id, pages_off FROM guild_settings`)
	snap.Ratings, err = s.Ratings(ctx, "g1", "theagents", "", 0)
	require.NoError(t, err)
	assert.Len(t, snap.Ratings, 2)
	snap.History, err = s.RatingHistory(ctx, "g1", "theagents", "ann", 0)
	require.NoError(t, err)
	snap.Players = map[string]Settings{}
	for _, u := range []string{"ann", "bob", "cy"} {
		st, err := s.Settings(ctx, u)
		require.NoError(t, err)
		snap.Players[u] = st
	}
	snap.Activity, err = s.ActivityTable(ctx, "i-1")
	require.NoError(t, err)
	return snap
}

// readEach is what read says of each table of ids, in order, failing the
// test on an error.
func readEach[T any](t *testing.T, ids []int64, read func(context.Context, int64) (T, error)) []T {
	t.Helper()
	var out []T
	for _, id := range ids {
		v, err := read(context.Background(), id)
		require.NoError(t, err, "table %d", id)
		out = append(out, v)
	}
	return out
}

// db copy: every table, ids kept, counts that match, and the target's ids
// go on past the copied ones.
func TestCopyTo(t *testing.T) {
	cases := []struct{ from, to string }{
		{EngineSQLite, EnginePostgres},
		{EnginePostgres, EngineSQLite},
		{EngineSQLite, EngineSQLite},
	}
	for _, tc := range cases {
		t.Run(tc.from+" to "+tc.to, func(t *testing.T) {
			ctx := context.Background()
			src, c, _ := openTemp(t, engineNamed(tc.from))
			ids := seedEverything(t, src, c)
			want := everything(t, src, ids)
			dst, _, _ := openTemp(t, engineNamed(tc.to))

			counts, err := src.CopyTo(ctx, dst)
			require.NoError(t, err)
			got := map[string][2]int64{}
			for _, c := range counts {
				got[c.Table] = [2]int64{c.Read, c.Written}
			}
			assert.Equal(t, map[string][2]int64{
				"sessions": {6, 6}, "players": {10, 10}, "moves": {50, 50}, "rounds": {6, 6},
				"results": {6, 6}, "daily_deals": {2, 2}, "guild_settings": {1, 1}, "timers": {1, 1},
				"player_settings": {2, 2}, "interactions": {0, 0}, "ratings": {2, 2}, "rating_history": {2, 2},
				"seasons_closed": {1, 1}, "season_boards": {3, 3}, "activities": {1, 1},
			}, got)
			assert.Equal(t, want, everything(t, dst, ids), "the same through the store's API")

			next := mustCreate(t, dst, TableRow{Game: "doublets", Seats: 1})
			assert.Greater(t, next, ids[len(ids)-1], "new ids come after the copied ones")
			require.NoError(t, dst.AppendMove(ctx, ids[2], 7, 1, "go on"), "a copied table plays on")

			// Again: the target is no longer empty, and is left alone.
			_, err = src.CopyTo(ctx, dst)
			require.ErrorIs(t, err, ErrNotEmpty)
			assert.ErrorContains(t, err, "7 sessions")
			sessions, err := dst.Unfinished(ctx)
			require.NoError(t, err)
			assert.Len(t, sessions, 3)
		})
	}
}

// A store does not copy onto itself.
func TestCopyToItself(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		s, _, db := openTemp(t, e)
		again := openAgain(t, db)
		_, err := s.CopyTo(context.Background(), again)
		require.ErrorContains(t, err, "the same database")
	})
}

// queryMap reads query's rows of two columns into a map, the first
// column's value to the second's.
func queryMap[K comparable, V any](t *testing.T, s *Store, query string) map[K]V {
	t.Helper()
	rows, err := s.q.QueryContext(context.Background(), query)
	require.NoError(t, err)
	m := map[K]V{}
	require.NoError(t, eachRow(rows, func(row scanner) error {
		var (
			k K
			v V
		)
		err := row.Scan(&k, &v)
		m[k] = v
		return err
	}))
	return m
}

// EachReplayable visits every table but lobbies once, in id order, each
// with its whole log and its results, however the pages cut the database.
func TestEachReplayable(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		type made struct {
			id      int64
			moves   int
			results int
		}
		var want []made
		for i := range 7 {
			status := StatusPlaying
			if i == 2 || i == 5 {
				status = StatusLobby
			}
			id, err := s.CreateTable(ctx, TableRow{Game: "doublets", Deal: uint64(i + 1), Seats: 2, Status: status,
				Players: []Player{{Seat: 0, UserID: "u", Name: "ann"}, {Seat: 1, Computer: true, Name: "Bond"}}})
			require.NoError(t, err)
			if status == StatusLobby {
				continue
			}
			m := made{id: id, moves: i}
			for seq := range m.moves {
				require.NoError(t, s.AppendMove(ctx, id, seq, seq%2, fmt.Sprintf("m%d", seq)))
			}
			if i%3 == 0 {
				sess, err := s.TableRow(ctx, id)
				require.NoError(t, err)
				_, err = s.Finish(ctx, id, sess.Version, StatusOver, []Result{{Seat: 0, UserID: "u", Name: "ann", Score: i}, {Seat: 1, Computer: true, Name: "Bond", Won: true}})
				require.NoError(t, err)
				m.results = 2
			}
			want = append(want, m)
		}
		for _, size := range []struct{ sessions, moves int }{{256, 50_000}, {2, 50_000}, {1, 1}, {256, 4}} {
			t.Run(fmt.Sprintf("pages of %d sessions, %d moves", size.sessions, size.moves), func(t *testing.T) {
				oldS, oldM := replayablePageTables, replayablePageMoves
				replayablePageTables, replayablePageMoves = size.sessions, size.moves
				defer func() { replayablePageTables, replayablePageMoves = oldS, oldM }()
				var got []made
				require.NoError(t, s.EachReplayable(ctx, func(r Replayable) error {
					got = append(got, made{id: r.Session.ID, moves: len(r.Log), results: len(r.Results)})
					assert.Equal(t, r.Session.Moves, len(r.Log))
					for seq, m := range r.Log {
						assert.Equal(t, games.Entry{Seat: games.Seat(seq % 2), Move: fmt.Sprintf("m%d", seq)}, m)
					}
					for _, res := range r.Results {
						assert.Equal(t, res.Seat == 1, res.Won)
					}
					return nil
				}))
				assert.Equal(t, want, got)
			})
		}
		stop := errors.New("stop")
		n := 0
		err := s.EachReplayable(ctx, func(Replayable) error { n++; return stop })
		assert.ErrorIs(t, err, stop, "fn's error stops the walk")
		assert.Equal(t, 1, n)
	})
}
