package web_test

import (
	"database/sql"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web/webtest"
)

// TestWatcherPushesMovesFromElsewhere: with the bot in another process,
// nobody calls Notify: the watcher sees the moves in the store and pushes
// them all the same.
func TestWatcherPushesMovesFromElsewhere(t *testing.T) {
	f := newFixture(t, webtest.Seed{Tables: 1, Rand: 12}, 10*time.Millisecond)
	pushedWithoutNotify(t, f)
}

// TestAnnouncedChangesArePushed: on PostgreSQL the database announces every
// change of a table: with the watcher off, the moves are pushed all the
// same.
func TestAnnouncedChangesArePushed(t *testing.T) {
	database := pgtest.URL(t)
	f := newFixtureAt(t, database, webtest.Seed{Tables: 1, Rand: 12}, -1)
	// A notice sent before the server listens is lost: wait until it does.
	db, err := sql.Open("pgx", database)
	require.NoError(t, err)
	defer db.Close()
	require.Eventually(t, func() bool {
		var n int
		err := db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE query = 'LISTEN dealer_tables'`).Scan(&n)
		return err == nil && n > 0
	}, 30*time.Second, 5*time.Millisecond, "the server never listened")
	pushedWithoutNotify(t, f)
}

// pushedWithoutNotify makes moves in the store, as another process would,
// and reads them from a live page's stream.
func pushedWithoutNotify(t *testing.T, f *fixture) {
	t.Helper()
	tb := openComputerTable(t, f, "theagents", 2)
	events := f.stream(t, f.token(t, tb.Row.ID), "")
	ev, _ := events.next(t)
	require.Equal(t, "table", ev, "the table as it is, at once")
	for want := 1; want <= 3; want++ {
		computerMove(t, tb) // saved in the store; no Notify
		for {
			ev, data := events.next(t)
			require.Equal(t, "table", ev)
			var live struct{ Moves int }
			require.NoError(t, json.Unmarshal([]byte(data), &live))
			if live.Moves == want {
				break
			}
			assert.Less(t, live.Moves, want)
		}
	}
}
