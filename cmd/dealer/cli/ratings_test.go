package cli

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// ratedGames fills a database with whole games of The Agents and Secret
// Agent played by people (their moves the computer player's) beside a
// computer player, through store/play as the bot plays them, and returns
// its path.
func ratedGames(t *testing.T) string {
	t.Helper()
	db := dbPath(t)
	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	people := []string{"1100000000000000001", "1100000000000000002", "1100000000000000003"}
	for d := uint64(1); d <= 6; d++ {
		game := []string{"theagents", "secretagent"}[d%2]
		var players []store.Player
		for i := range 3 {
			user := people[(int(d)+i)%len(people)]
			players = append(players, store.Player{Seat: i, UserID: user, Name: "p" + user[len(user)-1:]})
		}
		players = append(players, store.Player{Seat: 3, Name: "Computer", Computer: true})
		tb, err := play.Open(ctx, st, reg, store.TableRow{Game: game, Deal: d, Seats: 4, GuildID: "1234567890", Players: players})
		require.NoError(t, err)
		playOut(t, tb)
		require.NoError(t, tb.Finish(ctx))
	}
	return db
}

// playOut plays tb to its end, each person's move the one their game's
// computer player would make.
func playOut(t *testing.T, tb *play.Table) {
	t.Helper()
	ctx := context.Background()
	for steps := 0; !tb.Game.Status().Finished(); steps++ {
		require.Less(t, steps, 10000, "the game ends")
		require.NoError(t, tb.PlayComputers(ctx, nil))
		if tb.Game.Status().Finished() {
			return
		}
		seat := tb.Game.ToAct()[0]
		require.NoError(t, tb.Apply(ctx, seat, tb.Info.Computer(tb.Game, seat).String()))
	}
}

// dealer ratings rebuild on a database of played games gives the ratings
// the games gave, number for number.
func TestRatingsRebuild(t *testing.T) {
	db := ratedGames(t)
	ctx := context.Background()
	type ratings struct {
		boards  map[string][]store.RatingRow
		history map[string][]store.RatingPoint
	}
	read := func() ratings {
		st, err := store.Open(db)
		require.NoError(t, err)
		defer st.Close()
		out := ratings{map[string][]store.RatingRow{}, map[string][]store.RatingPoint{}}
		for _, game := range []string{"theagents", "secretagent"} {
			rows, err := st.Ratings(ctx, "1234567890", game, "", 0)
			require.NoError(t, err)
			out.boards[game] = rows
			for _, r := range rows {
				h, err := st.RatingHistory(ctx, "1234567890", game, r.UserID, 0)
				require.NoError(t, err)
				out.history[game+" "+r.UserID] = h
			}
		}
		return out
	}
	before := read()
	require.Len(t, before.boards["theagents"], 3, "three people rated, the computer not")
	require.Len(t, before.boards["secretagent"], 3)
	require.Len(t, before.history["theagents 1100000000000000001"], 3, "a curve of three games")
	// A rating gone wrong, and a history row lost: the rebuild mends both.
	raw := rawDB(t, testEngines[0], db)
	_, err := raw.Exec(`UPDATE ratings SET mu = 99, games = 7`)
	require.NoError(t, err)
	_, err = raw.Exec(`DELETE FROM rating_history WHERE seat = 0`)
	require.NoError(t, err)
	require.NoError(t, raw.Close())
	require.NotEqual(t, before, read())
	code, out, errs := run(t, "", nil, "ratings", "rebuild", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, "rebuilt the ratings in "+db+" from its results\n", out)
	assert.Equal(t, before, read())
}

func TestRatingsUsageErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nowhere.db")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"nothing to do", []string{"ratings"}, exitUsage, "name what to do: rebuild"},
		{"unknown verb", []string{"ratings", "recount"}, exitUsage, `unknown "recount"`},
		{"extra words", []string{"ratings", "rebuild", "now"}, exitUsage, `unexpected "now"`},
		{"unknown flag", []string{"ratings", "rebuild", "--all"}, exitUsage, "no option -all"},
		{"a missing file", []string{"ratings", "rebuild", "--db", missing}, exitFail, "nowhere.db"},
		{"key=value settings", []string{"ratings", "rebuild", "--db", "host=db password=pw"}, exitFail, "write a postgres:// URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, errs := runRefused(t, nil, tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, errs, tc.want)
		})
	}
	assert.NoFileExists(t, missing, "a typo makes no database")
}
