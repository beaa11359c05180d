package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/store/rating"
)

// seat is one seat of a rated test game: a person (user set) or a
// computer player, their score and whether they won, and whether a
// computer player stood in for them at the end.
type seat struct {
	user    string
	score   int
	won     bool
	standIn bool
}

// playRated stores one finished game of theagents in guild under
// options with seats, and returns its id.
func playRated(t *testing.T, s *Store, c *testkit.Clock, guild, options string, status games.Status, seats ...seat) int64 {
	t.Helper()
	ctx := context.Background()
	var (
		players []Player
		results []Result
	)
	for i, st := range seats {
		p := Player{Seat: i, UserID: st.user, Name: "N" + st.user, Computer: st.user == ""}
		players = append(players, p)
		results = append(results, Result{Seat: i, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Score: st.score, Won: st.won})
	}
	id := mustCreate(t, s, TableRow{Game: "theagents", Seats: len(seats), GuildID: guild, Options: options, Status: StatusPlaying, Players: players})
	for i, st := range seats {
		if st.standIn {
			v, err := s.Version(ctx, id)
			require.NoError(t, err)
			_, err = s.SetSeat(ctx, id, v, Player{Seat: i, StandIn: true, Timeouts: 2})
			require.NoError(t, err)
		}
	}
	c.Advance(time.Minute)
	require.NoError(t, finish(s, id, status, results))
	return id
}

// board is guild's standard theagents board as user → rating.
func board(t *testing.T, s *Store, guild, options string) map[string]RatingRow {
	t.Helper()
	rows, err := s.Ratings(context.Background(), guild, "theagents", options, 0)
	require.NoError(t, err)
	out := map[string]RatingRow{}
	for _, r := range rows {
		out[r.UserID] = r
	}
	return out
}

func TestRatings(t *testing.T) { forEachStore(t, testRatings) }

// Finish rates the people of a game, with their places, in its
// transaction; the boards, one's rating and history read them.
func testRatings(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	first := playRated(t, s, c, "g", "", StatusOver, seat{user: "ann", score: 5}, seat{user: "bob", score: 9, won: true}, seat{score: 20, won: true}, seat{user: "cy", score: 1})
	n := rating.New()
	want := rating.Rate([]rating.Rating{n, n, n}, []int{2, 1, 3})
	rows, err := s.Ratings(ctx, "g", "theagents", "", 0)
	require.NoError(t, err)
	require.Len(t, rows, 3, "the computer player is not rated")
	for i, w := range []struct {
		user string
		r    rating.Rating
	}{{"bob", want[1]}, {"ann", want[0]}, {"cy", want[2]}} {
		assert.Equal(t, w.user, rows[i].UserID, "board order")
		assert.Equal(t, "N"+w.user, rows[i].Name)
		assert.Equal(t, w.r, rows[i].Rating, w.user)
		assert.Equal(t, 1, rows[i].Games)
		assert.Equal(t, i+1, rows[i].Rank)
	}
	limited, err := s.Ratings(ctx, "g", "theagents", "", 2)
	require.NoError(t, err)
	assert.Equal(t, rows[:2], limited)

	second := playRated(t, s, c, "g", "", StatusOver, seat{user: "ann", score: 7, won: true}, seat{user: "bob", score: 2})
	again := rating.Rate([]rating.Rating{want[0], want[1]}, []int{1, 2})
	ann, err := s.RatingOf(ctx, "g", "theagents", "ann")
	require.NoError(t, err)
	assert.Equal(t, again[0], ann.Rating)
	assert.Equal(t, 2, ann.Games)
	assert.Equal(t, c.Now(), ann.Updated)
	history, err := s.RatingHistory(ctx, "g", "theagents", "ann", 0)
	require.NoError(t, err)
	require.Len(t, history, 2)
	assert.Equal(t, RatingPoint{Table: first, At: c.Now().Add(-time.Minute), Place: 2, Rating: want[0]}, history[0])
	assert.Equal(t, RatingPoint{Table: second, At: c.Now(), Place: 1, Rating: again[0]}, history[1])
	latest, err := s.RatingHistory(ctx, "g", "theagents", "ann", 1)
	require.NoError(t, err)
	assert.Equal(t, history[1:], latest, "the latest, oldest first")

	nobody, err := s.RatingOf(ctx, "g", "theagents", "dee")
	require.NoError(t, err)
	assert.Equal(t, RatingRow{UserID: "dee", Rating: n}, nobody, "never rated: the prior")
	elsewhere, err := s.RatingOf(ctx, "other", "theagents", "ann")
	require.NoError(t, err)
	assert.Zero(t, elsewhere.Games, "per server")
}

func TestRatingsCountOnlyPeople(t *testing.T) { forEachStore(t, testRatingsCountOnlyPeople) }

// No rating moves in a game with one person, nor in an abandoned one; a
// person a computer player stood in for at the end is last; house rules
// are rated apart.
func testRatingsCountOnlyPeople(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	playRated(t, s, c, "g", "", StatusOver, seat{user: "ann", won: true}, seat{}, seat{})
	playRated(t, s, c, "g", "", StatusAbandoned, seat{user: "ann", won: true}, seat{user: "bob"})
	assert.Empty(t, board(t, s, "g", ""), "one person, or abandoned: nobody rated")
	history, err := s.RatingHistory(ctx, "g", "theagents", "ann", 0)
	require.NoError(t, err)
	assert.Empty(t, history)

	playRated(t, s, c, "g", "", StatusOver, seat{user: "ann", score: 9, won: true, standIn: true}, seat{user: "bob", score: 1})
	rows := board(t, s, "g", "")
	n := rating.New()
	want := rating.Rate([]rating.Rating{n, n}, []int{2, 1})
	assert.Equal(t, want[0], rows["ann"].Rating, "the stood-in winner counts as last")
	assert.Equal(t, want[1], rows["bob"].Rating)

	playRated(t, s, c, "g", "cells=8", StatusOver, seat{user: "ann", won: true}, seat{user: "cy"})
	house := board(t, s, "g", "cells=8")
	assert.Len(t, house, 2, "house rules: a board of their own")
	assert.Equal(t, 1, house["ann"].Games)
	assert.Len(t, board(t, s, "g", ""), 2, "the standard board unchanged")
	ann, err := s.RatingOf(ctx, "g", "theagents", "ann")
	require.NoError(t, err)
	assert.Equal(t, want[0], ann.Rating, "RatingOf: standard rules")
}

func TestRebuildRatings(t *testing.T) { forEachStore(t, testRebuildRatings) }

// RebuildRatings gives every rating and history row again, the same
// numbers; after a forget, the placeholder's.
func testRebuildRatings(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	people := []string{"ann", "bob", "cy", "dee", "eve"}
	for g := range 160 { // over 500 history rows: a rebuild writes them in batches
		var seats []seat
		for i := range 2 + g%4 {
			user := people[(g+i*(1+g%3))%len(people)]
			seats = append(seats, seat{user: user, score: (g * (i + 3)) % 7, won: (g+i)%5 == 0, standIn: g%11 == 3 && i == 0})
		}
		seats = append(seats, seat{score: g % 3}) // a computer player
		playRated(t, s, c, []string{"g", "h"}[g%2], []string{"", "", "x=1"}[g%3], StatusOver, seats...)
	}
	type snapshot struct {
		boards  map[string][]RatingRow
		history map[string][]RatingPoint
	}
	read := func() snapshot {
		snap := snapshot{map[string][]RatingRow{}, map[string][]RatingPoint{}}
		for _, guild := range []string{"g", "h"} {
			for _, options := range []string{"", "x=1"} {
				rows, err := s.Ratings(ctx, guild, "theagents", options, 0)
				require.NoError(t, err)
				snap.boards[guild+"/"+options] = rows
			}
			for _, user := range people {
				h, err := s.RatingHistory(ctx, guild, "theagents", user, 0)
				require.NoError(t, err)
				snap.history[guild+"/"+user] = h
			}
		}
		return snap
	}
	before := read()
	require.NotEmpty(t, before.boards["g/"])
	require.NotEmpty(t, before.boards["h/x=1"])
	require.NoError(t, s.RebuildRatings(ctx))
	assert.Equal(t, before, read(), "the same numbers")

	f, err := s.Forget(ctx, "ann")
	require.NoError(t, err)
	forgotten := read()
	require.NoError(t, s.RebuildRatings(ctx))
	assert.Equal(t, forgotten, read(), "a forgotten player's ratings rebuild under the placeholder")
	placeholder, err := s.RatingOf(ctx, "g", "theagents", f.UserID)
	require.NoError(t, err)
	assert.Positive(t, placeholder.Games)
	assert.Equal(t, f.Name, placeholder.Name)
	gone, err := s.RatingOf(ctx, "g", "theagents", "ann")
	require.NoError(t, err)
	assert.Zero(t, gone.Games, "no rating under the forgotten id")
}

func TestRatingsTwoProcesses(t *testing.T) { forEachEngine(t, testRatingsTwoProcesses) }

// Two processes finishing games of the same people at once lose no
// rated game: each takes the ratings as the other left them.
func testRatingsTwoProcesses(t *testing.T, e engine) {
	s, c, db := openTemp(t, e)
	other := openAgain(t, db)
	other.Now = c.Now
	const each = 6
	done := make(chan struct{})
	for _, st := range []*Store{s, other} {
		go func() {
			defer func() { done <- struct{}{} }()
			for range each {
				id, err := st.CreateTable(context.Background(), TableRow{Game: "theagents", Seats: 2, GuildID: "g", Status: StatusPlaying,
					Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}, {Seat: 1, UserID: "bob", Name: "Bob"}}})
				if !assert.NoError(t, err) { // no require outside the test's goroutine
					return
				}
				assert.NoError(t, finish(st, id, StatusOver, []Result{
					{Seat: 0, UserID: "ann", Name: "Ann", Won: true}, {Seat: 1, UserID: "bob", Name: "Bob"}}))
			}
		}()
	}
	<-done
	<-done
	rows := board(t, s, "g", "")
	require.Len(t, rows, 2)
	assert.Equal(t, 2*each, rows["ann"].Games)
	assert.Equal(t, 2*each, rows["bob"].Games)
	history, err := s.RatingHistory(context.Background(), "g", "theagents", "ann", 0)
	require.NoError(t, err)
	assert.Len(t, history, 2*each)
	assert.Greater(t, rows["ann"].Rating.Mu, history[0].Rating.Mu, "every win counted")
}

func TestRatingsMigrationRatesPastGames(t *testing.T) {
	forEachEngine(t, testRatingsMigrationRatesPastGames)
}

// A database of schema 11 with games played gets their ratings from
// migration 0012 itself, in its transaction: the numbers Finish gives.
func testRatingsMigrationRatesPastGames(t *testing.T, e engine) {
	s, c, db := openTemp(t, e)
	playRated(t, s, c, "g", "", StatusOver, seat{user: "ann", won: true}, seat{user: "bob", score: 3}, seat{})
	playRated(t, s, c, "g", "", StatusOver, seat{user: "bob", won: true}, seat{user: "cy", score: 1}, seat{user: "ann"})
	want := board(t, s, "g", "")
	require.Len(t, want, 3)
	require.NoError(t, s.Close())

	// Back to schema 11: no ratings tables (nor what 0013 to 0015 add).
	raw, d := rawDB(t, e, db)
	for _, q := range []string{`DROP TABLE rating_history`, `DROP TABLE ratings`, `DROP TABLE season_boards`, `DROP TABLE seasons_closed`,
		`ALTER TABLE guild_settings DROP COLUMN season_channel`, `ALTER TABLE sessions DROP COLUMN interaction_only`,
		`DROP TABLE activities`} {
		_, err := raw.Exec(q)
		require.NoError(t, err)
	}
	setVersion(t, d, raw, 11)
	require.NoError(t, raw.Close())

	again := openAgain(t, db)
	v, err := again.SchemaVersion(context.Background())
	require.NoError(t, err)
	assert.Equal(t, NewestSchema(), v)
	assert.Equal(t, want, board(t, again, "g", ""), "the past games rated as they were played")
}
