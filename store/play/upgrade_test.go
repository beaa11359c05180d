package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// The upgrade tests open databases written by earlier dealers with
// today's store, which migrates them, and check that every table is
// there as it was, replays, and plays on to the end it would have had.
//
//   - testdata/upgrade/schema8.db: schema 8, written by commit c96ffdc
//     (the last before schema 9) through its store and store/play:
//     every game in mid-play, lobbies, finished and abandoned tables, a
//     daily-deal attempt, terminal games, house rules, computer players at
//     every level, hints, Secret Agent's rounds, languages, settings and
//     timers (make_schema8.go).
//   - testdata/upgrade/theagents-rules1.db: schema 2, written by commit
//     0cf7b05 (2f8b801^), the last under The Agents' rules version 1:
//     tables in mid-play and finished, and in its manifest the moves that
//     engine played on to each unfinished table's end and where they led
//     (make_rules1.go).
//
// Each .json beside its database is its manifest. The generators run in
// worktrees of those commits; their comments say how.

// fixture is one table of a manifest (both manifests' shape).
type fixture struct {
	ID        int64         `json:"id"`
	What      string        `json:"what"`
	Game      string        `json:"game"`
	Deal      uint64        `json:"deal"`
	Seats     int           `json:"seats"`
	GuildID   string        `json:"guild_id"`
	ChannelID string        `json:"channel_id"`
	MessageID string        `json:"message_id"`
	OwnerID   string        `json:"owner_id"`
	Status    games.Status  `json:"status"`
	Options   string        `json:"options"`
	Daily     string        `json:"daily"`
	Hints     int           `json:"hints"`
	Players   []player      `json:"players"`
	Moves     []games.Entry `json:"moves"`
	Rounds    [][]int       `json:"rounds"`
	Results   []result      `json:"results"`
	// Finish (rules1 only): the old engine's moves to the end of an
	// unfinished table and where they led.
	Finish *struct {
		Moves   []games.Entry `json:"moves"`
		Status  games.Status  `json:"status"`
		Scores  []int         `json:"scores"`
		Winners []games.Seat  `json:"winners"`
	} `json:"finish"`
}

// player is a seated player as the manifests write them.
type player struct {
	Seat     int         `json:"seat"`
	UserID   string      `json:"user_id"`
	Name     string      `json:"name"`
	Computer bool        `json:"computer"`
	Level    games.Level `json:"level"`
}

// result is a store.Result as the manifests write them.
type result struct {
	Seat     int
	UserID   string
	Name     string
	Computer bool
	Score    int
	Won      bool
}

// manifest is a fixture database's manifest.
type manifest struct {
	Commit   string    `json:"commit"`
	Now      time.Time `json:"now"` // the store's clock for every write
	Schema   int       `json:"schema"`
	Sessions []fixture `json:"sessions"`
	// schema8 only: languages and settings by user or server, timers,
	// daily deals by game and day
	PlayerLangs map[string]string `json:"player_langs"`
	GuildLangs  map[string]string `json:"guild_langs"`
	Settings    map[string]struct {
		FourColour bool `json:"four_colour"`
		Large      bool `json:"large"`
	} `json:"settings"`
	Timers []struct {
		Session int64     `json:"session"`
		Kind    string    `json:"kind"`
		Due     time.Time `json:"due"`
		Version int       `json:"version"`
	} `json:"timers"`
	DailyDeals map[string]map[string]uint64 `json:"daily_deals"`
}

// openFixture copies testdata/upgrade/name into the test's directory,
// opens it with today's store (which migrates it) and reads its manifest.
func openFixture(t *testing.T, name string) (*store.Store, manifest) {
	t.Helper()
	db, err := os.ReadFile(filepath.Join("testdata", "upgrade", name+".db"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), name+".db")
	require.NoError(t, os.WriteFile(path, db, 0o644))

	st, err := store.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })

	b, err := os.ReadFile(filepath.Join("testdata", "upgrade", name+".json"))
	require.NoError(t, err)
	var man manifest
	require.NoError(t, json.Unmarshal(b, &man))
	require.NotEmpty(t, man.Sessions)

	v, err := st.SchemaVersion(context.Background())
	require.NoError(t, err)
	assert.Equal(t, newestSchema(t), v, "migrated to the newest schema")
	assert.Greater(t, v, man.Schema)
	return st, man
}

// newestSchema is the schema version of a new database.
func newestSchema(t *testing.T) int {
	t.Helper()
	st := openStore(t)
	v, err := st.SchemaVersion(context.Background())
	require.NoError(t, err)
	return v
}

// checkStored checks that table f is stored as manifest man says, under
// rules version rules.
func checkStored(t *testing.T, st *store.Store, man manifest, f fixture, rules int) {
	t.Helper()
	ctx := context.Background()
	s := storedRow(t, st, f.ID)
	assert.Equal(t, f.Game, s.Game)
	assert.True(t, man.Now.Equal(s.CreatedAt), "made at %v, not %v", man.Now, s.CreatedAt)
	assert.Equal(t, f.Deal, s.Deal)
	assert.Equal(t, f.Seats, s.Seats)
	assert.Equal(t, []string{f.GuildID, f.ChannelID, f.MessageID, f.OwnerID}, []string{s.GuildID, s.ChannelID, s.MessageID, s.OwnerID})
	assert.Equal(t, f.Status, s.Status)
	assert.Equal(t, f.Options, s.Options)
	assert.Equal(t, f.Daily, s.Daily)
	assert.Equal(t, f.Hints, s.Hints)
	assert.Equal(t, len(f.Moves), s.Moves)
	assert.Equal(t, rules, s.Rules, "rules version")
	assert.Empty(t, s.Broken)
	var players []player
	for _, p := range s.Players {
		players = append(players, player{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Level: p.Level})
	}
	assert.Equal(t, f.Players, players)
	moves, err := st.Moves(ctx, f.ID)
	require.NoError(t, err)
	assert.Equal(t, f.Moves, orEmpty(moves))
	if f.Rounds != nil {
		rounds, err := st.Rounds(ctx, f.ID)
		require.NoError(t, err)
		assert.Equal(t, f.Rounds, rounds)
	}
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// storedResults are table id's results as the manifests write them.
func storedResults(t *testing.T, st *store.Store, id int64) []result {
	t.Helper()
	var out []result
	for _, r := range savedResults(t, st, id) {
		out = append(out, result{Seat: r.Seat, UserID: r.UserID, Name: r.Name, Computer: r.Computer, Score: r.Score, Won: r.Won})
	}
	return out
}

// checkEnd checks that g ended as results say, seat by seat.
func checkEnd(t *testing.T, g games.Game, status games.Status, results []result) {
	t.Helper()
	assert.Equal(t, status, g.Status())
	for _, r := range results {
		assert.Equal(t, r.Score, g.Scores()[r.Seat], "seat %d's score", r.Seat)
		assert.Equal(t, r.Won, slices.Contains(g.Winners(), games.Seat(r.Seat)), "seat %d won", r.Seat)
	}
}

// maxFirstMoves bounds the first legal moves played on a solitaire before
// it resigns (the first legal move may go back and forth).
const maxFirstMoves = 40

// playToEnd plays a table on to its end, each move saved: the game's
// computer player (Info.Computer, Normal: the levels' searches would take
// seconds) for every seat of a multiplayer game, the first legal moves of a
// solitaire (no command), then resign.
func playToEnd(t *testing.T, tb *play.Table) {
	t.Helper()
	ctx := context.Background()
	for n := 0; !tb.Game.Status().Finished(); n++ {
		require.Less(t, n, 100_000, "the game does not end")
		seat := tb.Game.ToAct()[0]
		move := ""
		if tb.Info.Solitaire() {
			move = "resign"
			if n < maxFirstMoves {
				if m := firstLegal(tb.Game); m != "" {
					move = m
				}
			}
		} else {
			m := tb.Info.Computer(tb.Game, seat)
			require.NotNil(t, m, "seat %d has no move", seat)
			move = m.String()
		}
		require.NoError(t, tb.Apply(ctx, seat, move), "seat %d: %s", seat, move)
	}
}

// firstLegal is the first legal move of a solitaire that is no command.
func firstLegal(g games.Game) string {
	for _, m := range g.Legal(0) {
		switch s := m.String(); s {
		case "undo", "auto", "resign", "autoplay on", "autoplay off":
		default:
			return s
		}
	}
	return ""
}

// finishAndCheck records a finished table's results and checks them, and
// its rounds, against its game.
func finishAndCheck(t *testing.T, st *store.Store, tb *play.Table) {
	t.Helper()
	require.NoError(t, tb.Finish(context.Background()))
	s := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, tb.Game.Status(), s.Status)
	rs := storedResults(t, st, tb.Row.ID)
	assert.Len(t, rs, len(tb.Row.Players))
	checkEnd(t, tb.Game, s.Status, rs)
	rounds, err := st.Rounds(context.Background(), tb.Row.ID)
	require.NoError(t, err)
	assert.Equal(t, orEmpty(games.Rounds(tb.Game)), rounds, "every round recorded")
}

// A database of schema 8 (today's binary before schema 9) migrates, and
// every table in it is as it was, replays, and plays on to its end; so
// are its players' languages and settings, its timers and daily deals.
func TestUpgradeSchema8(t *testing.T) {
	st, man := openFixture(t, "schema8")
	seen := map[games.Status]int{}
	for _, f := range man.Sessions {
		t.Run(fmt.Sprintf("%d %s", f.ID, f.What), func(t *testing.T) {
			seen[f.Status]++
			upgradedPlaysOn(t, st, man, f)
		})
	}
	for _, s := range []games.Status{store.StatusLobby, store.StatusPlaying, store.StatusWon, store.StatusLost, store.StatusOver, store.StatusAbandoned} {
		assert.Positive(t, seen[s], "a table %s", s)
	}
	upgradedKeepsTheRest(t, st, man)
}

// upgradedPlaysOn checks that table f of schema 8's manifest man is as it
// was, replays, and, unfinished, plays on to its end.
func upgradedPlaysOn(t *testing.T, st *store.Store, man manifest, f fixture) {
	t.Helper()
	ctx := context.Background()
	// schema 9 labels The Agents' tables made after its rules changed
	// version 2, every other table version 1
	rules := 1
	if f.Game == theagents.Info.Name {
		rules = 2
	}
	checkStored(t, st, man, f, rules)
	tb, err := play.Load(ctx, st, everyGame(), f.ID)
	require.NoError(t, err)
	assert.Equal(t, rules, tb.Row.Rules)
	switch f.Status {
	case store.StatusLobby: // started with computer players filling it
		assert.Nil(t, tb.Game)
		require.NoError(t, tb.Start(ctx, play.Fill(tb.Info, tb.Row.Players)))
		playToEnd(t, tb)
		finishAndCheck(t, st, tb)
	case store.StatusPlaying:
		require.NotNil(t, tb.Game)
		assert.Equal(t, len(f.Moves), tb.Game.Moves())
		assert.False(t, tb.Game.Status().Finished())
		for _, p := range tb.Row.Players {
			assert.Equal(t, p.Computer, tb.ComputerAt(games.Seat(p.Seat)) != nil, "seat %d", p.Seat)
		}
		playToEnd(t, tb)
		finishAndCheck(t, st, tb)
	case store.StatusAbandoned:
		require.NotNil(t, tb.Game)
		assert.Equal(t, len(f.Moves), tb.Game.Moves())
		assert.Empty(t, storedResults(t, st, f.ID))
	default: // finished
		require.NotEmpty(t, f.Results)
		assert.Equal(t, f.Results, storedResults(t, st, f.ID))
		require.NotNil(t, tb.Game)
		checkEnd(t, tb.Game, f.Status, f.Results)
	}
}

// upgradedKeepsTheRest checks that schema 8's languages, settings, timers
// and daily deals are as manifest man says.
func upgradedKeepsTheRest(t *testing.T, st *store.Store, man manifest) {
	t.Helper()
	ctx := context.Background()
	for u, l := range man.PlayerLangs {
		got, err := st.PlayerLang(ctx, u)
		require.NoError(t, err)
		assert.Equal(t, l, got, "%s's language", u)
	}
	for g, l := range man.GuildLangs {
		got, err := st.GuildLang(ctx, g)
		require.NoError(t, err)
		assert.Equal(t, l, got, "%s's language", g)
	}
	require.NotEmpty(t, man.Settings)
	for u, want := range man.Settings {
		got, err := st.Settings(ctx, u)
		require.NoError(t, err)
		assert.Equal(t, []bool{want.FourColour, want.Large}, []bool{got.FourColour, got.Large}, "%s's settings", u)
	}
	timers, err := st.Timers(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, man.Timers)
	for _, want := range man.Timers {
		i := slices.IndexFunc(timers, func(tm store.Timer) bool { return tm.Table == want.Session && tm.Kind == want.Kind })
		if assert.GreaterOrEqual(t, i, 0, "the %s timer of session %d", want.Kind, want.Session) {
			assert.True(t, want.Due.Equal(timers[i].Due), "due %v, not %v", want.Due, timers[i].Due)
			assert.Equal(t, want.Version, timers[i].Version)
		}
	}
	require.NotEmpty(t, man.DailyDeals)
	for game, days := range man.DailyDeals {
		for day, deal := range days {
			got, ok, err := st.DailyDeal(ctx, game, day)
			require.NoError(t, err)
			assert.True(t, ok)
			assert.Equal(t, deal, got, "%s's daily deal of %s", game, day)
		}
	}
}

// Tables of The Agents from before its rules changed migrate as rules
// version 1, and play on under it to exactly the end the old engine
// reached with the same moves; finished ones keep their results and
// replay to them.
func TestUpgradeTheAgentsRules1(t *testing.T) {
	ctx := context.Background()
	reg := everyGame()
	st, man := openFixture(t, "theagents-rules1")
	unfinished, otherwise := 0, 0
	for _, f := range man.Sessions {
		t.Run(fmt.Sprintf("%d %s", f.ID, f.What), func(t *testing.T) {
			checkStored(t, st, man, f, 1)
			tb, err := play.Load(ctx, st, reg, f.ID)
			require.NoError(t, err)
			assert.Equal(t, 1, tb.Row.Rules)
			require.NotNil(t, tb.Game)
			assert.Equal(t, len(f.Moves), tb.Game.Moves())
			if f.Finish == nil {
				require.NotEmpty(t, f.Results)
				assert.Equal(t, f.Results, storedResults(t, st, f.ID))
				checkEnd(t, tb.Game, f.Status, f.Results)
				return
			}
			unfinished++
			require.Equal(t, store.StatusPlaying, f.Status)
			for _, e := range f.Finish.Moves {
				require.NoError(t, tb.Apply(ctx, e.Seat, e.Move), "seat %d: %s", e.Seat, e.Move)
			}
			assert.Equal(t, f.Finish.Status, tb.Game.Status())
			assert.Equal(t, f.Finish.Scores, tb.Game.Scores())
			assert.Equal(t, f.Finish.Winners, tb.Game.Winners())
			finishAndCheck(t, st, tb)

			// the same moves under the newest rules
			rec := games.Record{Game: f.Game, Deal: f.Deal, Seats: f.Seats, Options: f.Options, Moves: append(slices.Clone(f.Moves), f.Finish.Moves...)}
			if g, err := reg.Replay(rec); err != nil || g.Status() != f.Finish.Status ||
				!slices.Equal(g.Scores(), f.Finish.Scores) || !slices.Equal(g.Winners(), f.Finish.Winners) {
				otherwise++
			}
		})
	}
	assert.GreaterOrEqual(t, unfinished, 10)
	assert.Positive(t, otherwise, "the newest rules change some old table")
	t.Logf("%d tables of rules version 1 played on: the newest rules refuse or end %d of them otherwise", unfinished, otherwise)
}
