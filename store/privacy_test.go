package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// privacyFixture is ann's and bob's tables: ann's finished solitaire in
// g1, a finished two-seat game in g2 with rounds, a game of theirs still in
// play, and bob's own solitaire; ann's and bob's settings.
type privacyFixture struct {
	solitaire, duel, open, bobs int64
}

// forEachPrivacyFixture runs fn as a subtest on each engine, with a store
// on a new database of it that holds the privacy fixture.
func forEachPrivacyFixture(t *testing.T, fn func(t *testing.T, s *Store, f privacyFixture)) {
	t.Helper()
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) { fn(t, s, newPrivacyFixture(t, s)) })
}

func newPrivacyFixture(t *testing.T, s *Store) privacyFixture {
	ctx := context.Background()
	var f privacyFixture
	f.solitaire = mustCreate(t, s, TableRow{Game: "doublets", Seats: 1, GuildID: "g1", OwnerID: "ann", Status: StatusPlaying,
		Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}}})
	require.NoError(t, s.AppendMove(ctx, f.solitaire, 0, 0, "m 1"))
	require.NoError(t, finish(s, f.solitaire, StatusWon, []Result{human("ann", "Ann", 52, true)}))

	duo := []Player{{Seat: 0, UserID: "ann", Name: "Annie"}, {Seat: 1, UserID: "bob", Name: "Bob"}}
	f.duel = mustCreate(t, s, TableRow{Game: "theagents", Seats: 2, GuildID: "g2", OwnerID: "bob", Status: StatusPlaying, Players: duo})
	require.NoError(t, s.AppendMoves(ctx, f.duel, 0, []games.Entry{{Seat: 0, Move: "ann's"}, {Seat: 1, Move: "bob's"}}, [][]int{{3, 5}}))
	require.NoError(t, finish(s, f.duel, StatusOver, []Result{
		{Seat: 0, UserID: "ann", Name: "Annie", Score: 3}, {Seat: 1, UserID: "bob", Name: "Bob", Score: 5, Won: true}}))

	f.open = mustCreate(t, s, TableRow{Game: "theagents", Seats: 2, GuildID: "g2", OwnerID: "ann", Status: StatusPlaying, Players: duo})
	require.NoError(t, s.AppendMove(ctx, f.open, 0, 1, "bob's"))
	f.bobs = play(t, s, newClock(), "g2", "doublets", time.Minute, 2, StatusLost, human("bob", "Bob", 10, false))

	// November's boards archived: her lines on them are hers too.
	_, err := s.CloseSeason(ctx, SeasonsMonth.Of(newClock().Now()))
	require.NoError(t, err)
	require.NoError(t, s.SetSettings(ctx, "ann", Settings{FourColour: true}))
	require.NoError(t, s.SetPlayerLang(ctx, "ann", "es"))
	require.NoError(t, s.SetSettings(ctx, "bob", Settings{Large: true}))
	return f
}

// A player's data holds every kind of record the store keeps of them, and
// none of another player's: their settings and language, the names they
// were shown under, their tables with their own seats, moves and rounds,
// and their results.
func TestPlayerData(t *testing.T) {
	forEachPrivacyFixture(t, func(t *testing.T, s *Store, f privacyFixture) {
		ctx := context.Background()

		d, err := s.PlayerData(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, &PlayerSettings{FourColour: true, Language: "es"}, d.Settings)
		assert.Equal(t, []ShownName{{"g1", "Ann"}, {"g2", "Annie"}}, d.Names)
		require.Len(t, d.Tables, 3)
		assert.Equal(t, []int64{f.solitaire, f.duel, f.open}, []int64{d.Tables[0].ID, d.Tables[1].ID, d.Tables[2].ID})
		duel := d.Tables[1]
		assert.Equal(t, []PlayerSeat{{Seat: 0, Name: "Annie"}}, duel.Seats)
		require.Len(t, duel.Moves, 1, "her own moves only")
		assert.Equal(t, "ann's", duel.Moves[0].Move)
		assert.Equal(t, []PlayerRound{{Round: 0, Seat: 0, Score: 3}}, duel.Rounds)
		assert.False(t, duel.Opener)
		assert.True(t, d.Tables[2].Opener)
		assert.Nil(t, d.Tables[2].FinishedAt, "still in play")
		assert.Empty(t, d.Tables[2].Moves, "bob moved there, she did not")
		require.Len(t, d.Results, 2)
		assert.Equal(t, []int{52, 3}, []int{d.Results[0].Score, d.Results[1].Score})
		require.Len(t, d.Ratings, 1, "the duel rated her")
		assert.Equal(t, PlayerRating{GuildID: "g2", Game: "theagents", Mu: d.Ratings[0].Mu, Sigma: d.Ratings[0].Sigma,
			Ordinal: d.Ratings[0].Mu - 3*d.Ratings[0].Sigma, Games: 1,
			History: []PlayerRatingPoint{{Table: f.duel, Place: 2, Mu: d.Ratings[0].Mu, Sigma: d.Ratings[0].Sigma, FinishedAt: d.Results[1].FinishedAt}}},
			d.Ratings[0])
		assert.Less(t, d.Ratings[0].Mu, 25.0, "she lost")
		require.Len(t, d.Seasons, 2, "her two boards of November")
		assert.Equal(t, PlayerSeason{GuildID: "g1", Season: "2026-11", Game: "doublets", Name: "Ann", Games: 1, Wins: 1, Best: 52, Points: 52},
			d.Seasons[0])
		require.NotNil(t, d.Seasons[1].Rating)
		assert.InDelta(t, d.Ratings[0].Ordinal, *d.Seasons[1].Rating, 1e-9, "the duel's board kept her rating")

		js, err := json.Marshal(d)
		require.NoError(t, err)
		assert.NotContains(t, string(js), "Bob", "no other player's name")
		assert.NotContains(t, string(js), "bob's", "no other player's move")

		none, err := s.PlayerData(ctx, "cy")
		require.NoError(t, err)
		assert.True(t, none.Empty())
		_, err = s.PlayerData(ctx, "")
		assert.ErrorIs(t, err, ErrNotAPerson)
	})
}

// Forget erases a player and keeps every game whole: after it nothing in
// the database names her (not her id, not a name she was shown under);
// her seats and results stand under one placeholder; bob's data, results
// and leaderboard places are as they were; every table that named her
// moved on, so a stale copy's write is refused.
func TestForget(t *testing.T) {
	forEachPrivacyFixture(t, func(t *testing.T, s *Store, f privacyFixture) {
		ctx := context.Background()
		bobBefore, err := s.PlayerData(ctx, "bob")
		require.NoError(t, err)
		openVersion, err := s.Version(ctx, f.open)
		require.NoError(t, err)

		got, err := s.Forget(ctx, "ann")
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(got.UserID, ForgottenPrefix), got.UserID)
		assert.Equal(t, 3, got.Tables)
		assert.Equal(t, 2, got.Results)
		assert.True(t, got.Settings)
		assert.Equal(t, []int64{f.open}, got.Open)

		assert.Empty(t, textsNaming(t, s, "ann", "Ann"), "nothing in the store names her")
		gone, err := s.PlayerData(ctx, "ann")
		require.NoError(t, err)
		assert.True(t, gone.Empty())
		st, err := s.Settings(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Settings{}, st)

		results, err := s.Results(ctx, f.duel)
		require.NoError(t, err)
		assert.Equal(t, []Result{{Seat: 0, UserID: got.UserID, Name: got.Name, Score: 3},
			{Seat: 1, UserID: "bob", Name: "Bob", Score: 5, Won: true}}, results, "the game whole, her seat under the placeholder")
		row, err := s.TableRow(ctx, f.open)
		require.NoError(t, err)
		assert.Equal(t, got.UserID, row.OwnerID)
		assert.Equal(t, Player{Seat: 0, UserID: got.UserID, Name: got.Name}, row.Players[0])
		assert.Equal(t, openVersion+1, row.Version, "moved on: a copy reads it again")
		_, err = s.SetPlayers(ctx, f.open, openVersion, row.Players)
		assert.ErrorIs(t, err, ErrConflict, "a stale copy's write is refused")

		bobAfter, err := s.PlayerData(ctx, "bob")
		require.NoError(t, err)
		bobAfter.ExportedAt = bobBefore.ExportedAt
		assert.Equal(t, bobBefore, bobAfter, "bob's data unchanged")
		board, err := s.Leaderboard(ctx, "g2", "theagents", "wins", 10)
		require.NoError(t, err)
		require.Len(t, board, 2)
		assert.Equal(t, []string{"bob", got.UserID}, []string{board[0].UserID, board[1].UserID})
		assert.Equal(t, got.Name, board[1].Name)
	})
}

// Forget refuses what is not a person's id and does nothing for a player
// the store keeps nothing of; forgetting twice finds nothing the second
// time.
func TestForgetRefusesAndRepeats(t *testing.T) {
	forEachPrivacyFixture(t, func(t *testing.T, s *Store, _ privacyFixture) {
		ctx := context.Background()
		for _, id := range []string{"", ForgottenPrefix + "0badc0de"} {
			_, err := s.Forget(ctx, id)
			assert.ErrorIs(t, err, ErrNotAPerson, "%q", id)
		}
		nobody, err := s.Forget(ctx, "cy")
		require.NoError(t, err)
		assert.Equal(t, Forgotten{}, nobody)
		first, err := s.Forget(ctx, "ann")
		require.NoError(t, err)
		again, err := s.Forget(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Forgotten{}, again)
		other, err := s.Forget(ctx, "bob")
		require.NoError(t, err)
		assert.NotEqual(t, first.UserID, other.UserID, "each player their own placeholder")
	})
}

// textsNaming lists the text cells of every table in s that contain one
// of words (a user id or a name), as "table.column: value".
func textsNaming(t *testing.T, s *Store, words ...string) []string {
	t.Helper()
	ctx := context.Background()
	columns := map[string][]string{
		"sessions":        {"owner_id", "guild_id", "channel_id"},
		"players":         {"user_id", "name"},
		"results":         {"user_id", "name"},
		"player_settings": {"user_id"},
		"moves":           {"move"},
	}
	var found []string
	for table, cols := range columns {
		for _, col := range cols {
			rows, err := s.q.QueryContext(ctx, `SELECT `+col+` FROM `+table)
			require.NoError(t, err)
			require.NoError(t, eachRow(rows, func(row scanner) error {
				var v sql.NullString
				if err := row.Scan(&v); err != nil {
					return err
				}
				for _, w := range words {
					if v.String == w {
						found = append(found, table+"."+col+": "+v.String)
					}
				}
				return nil
			}))
		}
	}
	return found
}
