package bot_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// backupTables is how many tables TestBackupUnderLoad plays: the issue's
// 500 by default, 50 under the race detector (which slows the bot down
// several times: 500 tables' clicks would come faster than it answers).
var backupTables = flag.Int("backup.tables", 0, "TestBackupUnderLoad: tables played while the backup is taken (0: 500, or 50 with -race)")

// TestBackupUnderLoad takes a backup as `dealer db backup` does (a store
// of its own beside the bot's, store.Backup) while TestLoad's players
// play at -backup.tables tables. Every move acknowledged before the
// backup began is in it, and `dealer db check`'s check (play.Check)
// passes on it. Then the restore: the bot stops, starts on the backup
// file, resumes every table open in it, and each player's next clicks
// work — on the resumed table, when Discord still shows it in play.
func TestBackupUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("plays hundreds of tables")
	}
	n := *backupTables
	switch {
	case n <= 0 && raceDetector:
		n = 50
	case n <= 0:
		n = 500
	}
	var o rigOptions
	if n >= 100 {
		o.SchemaSample = 20 // as runLoad: the schema check's CPU is the bot's
	}
	r := newRigWith(t, n, o)
	r.start()
	file := filepath.Join(t.TempDir(), "backup.db")
	began := backupMidLoad(t, r, file)
	failed, err := r.fake.WaitAllAnswered(30 * time.Second)
	assert.NoError(t, err, "the last answers")
	lat, late := r.latencies(began.Add(-time.Minute), time.Now())
	t.Logf("around the backup: %d interactions, p99 %v, %d late, %d failed", len(lat), percentile(lat, 0.99), late, failed)
	r.stop()

	var acked []ackedMove
	all := r.ackedMoves(time.Now())
	for _, a := range all {
		if a.at.Before(began) {
			acked = append(acked, a)
		}
	}
	require.NotEmpty(t, acked, "moves acknowledged before the backup began")
	require.Greater(t, len(all), len(acked), "moves acknowledged after the backup began: it was taken under load")
	open := checkBackupFile(t, file, acked)

	// The restore, as the README says it: the bot stopped, the database
	// pointed at the backup, the bot started.
	r.dbPath = file
	r.start()
	assertResumed(t, r, open)
	clicksAfterRestore(t, r, open)
}

// backupMidLoad drives the rig's players and, once every table has had
// a few clicks and moves are acknowledged at half of them, backs the
// database up to file from a store of its own, as `dealer db backup`
// beside a running bot; the players play on for a click a table more and
// stop. It returns when the backup began.
func backupMidLoad(t *testing.T, r *rig, file string) time.Time {
	n := len(r.players)
	_, stop := r.driveInBackground(time.Hour, *loadGap) // until stopped
	defer stop()
	sent := func() int {
		s := 0
		for _, p := range r.players {
			p.mu.Lock()
			s += p.sent
			p.mu.Unlock()
		}
		return s
	}
	// Every table dealt and played on: the acknowledged moves are counted
	// (a walk over every interaction) only once the clicks are there.
	require.True(t, r.fake.WaitUntil(5*time.Minute, func() bool { return sent() >= 3*n && len(r.ackedMoves(time.Now())) >= n/2 }),
		"the players play")

	admin, err := store.Open(r.dbPath)
	require.NoError(t, err)
	defer admin.Close()
	began := time.Now()
	info, err := admin.Backup(context.Background(), file)
	require.NoError(t, err)
	t.Logf("backup: %d tables, %d moves, %d results, %d bytes in %v, %d clicks sent before",
		info.Tables, info.Moves, info.Results, info.Bytes, time.Since(began).Round(time.Millisecond), sent())
	after := sent()
	require.True(t, r.fake.WaitUntil(5*time.Minute, func() bool { return sent() >= after+n }), "the players play on")
	return began
}

// checkBackupFile opens the backup as the restored database: it holds
// every move in acked, every table in it replays (dealer db check), and
// it returns the ids of the tables it holds open in Discord.
func checkBackupFile(t *testing.T, file string, acked []ackedMove) map[int64]bool {
	ctx := context.Background()
	st, err := store.Open(file)
	require.NoError(t, err)
	defer st.Close()
	assert.Zero(t, lostMoves(t, st, acked), "acknowledged moves missing from the backup (of %d)", len(acked))
	rep, err := play.Check(ctx, st, catalog.Registry().Engines())
	require.NoError(t, err)
	assert.Empty(t, rep.Problems, "dealer db check on the backup")
	assert.Positive(t, rep.Checked)
	list, err := st.UnfinishedWithMoves(ctx)
	require.NoError(t, err)
	open := map[int64]bool{}
	for _, o := range list {
		if o.GuildID != "" {
			open[o.ID] = true
		}
	}
	t.Logf("the backup: %d moves acknowledged before it, all in it; %d tables replay; %d open", len(acked), rep.Checked, len(open))
	return open
}

// assertResumed checks that the bot started on the backup resumed every
// table open in it: each is in play, or finished at the start (its last
// move was in the backup, its result not yet).
func assertResumed(t *testing.T, r *rig, open map[int64]bool) {
	ctx := context.Background()
	list, err := r.st.UnfinishedWithMoves(ctx)
	require.NoError(t, err)
	playing := 0
	for _, o := range list {
		if o.GuildID != "" {
			playing++
			assert.True(t, open[o.ID], "table %d: in play, and not in the backup", o.ID)
		}
	}
	assert.Equal(t, playing, r.bot.Tables(), "every table open in the backup resumed: %s", r.logs)
	finished := 0
	for id := range open {
		row, _, err := r.st.Table(ctx, id)
		require.NoError(t, err)
		if row.Status.Finished() {
			finished++
		}
	}
	assert.Equal(t, len(open), playing+finished, "every table open in the backup is in play, or finished at the start")
	assert.NotContains(t, r.logs.String(), "could not be resumed")
	t.Logf("resumed %d tables of the %d open in the backup; %d finished at the start", r.bot.Tables(), len(open), finished)
}

// clicksAfterRestore has every player click on after the restore, a few
// at a time. Discord still shows the tables as they were when the first
// bot stopped, later than the backup: a player whose table is open in
// the backup plays on at it (after one "old picture" answer and the
// redraw it brings, when it moved on since); one whose table is not is
// told to deal again, and does. The players at tables not in the backup
// click first, before any new deal: a table dealt after the restore takes
// the next id, which a table of the lost minutes had (see the report).
func clicksAfterRestore(t *testing.T, r *rig, open map[int64]bool) {
	kinds := map[*player]string{}
	for _, p := range r.players {
		kinds[p] = restoredTable(t, r, p, open)
	}
	count := map[string]int{}
	for _, k := range kinds {
		count[k]++
	}
	var wg sync.WaitGroup
	work := make(chan *player)
	for range 8 {
		wg.Go(func() {
			for p := range work {
				ok, why := nextClicksWork(t, r, p, kinds[p] == "resumed")
				assert.True(t, ok, "player %d (%s, %s table): the next clicks work after the restore:%s", p.n, p.game, kinds[p], why)
			}
		})
	}
	for _, p := range r.players {
		work <- p
	}
	close(work)
	wg.Wait()
	assert.Positive(t, count["resumed"], "players played on at tables the backup holds")
	t.Logf("after the restore, the players' tables: %v", count)
}

// restoredTable says what a player's table is after the restore: resumed
// (open in the backup, in play in Discord), ended (open in the backup,
// over in Discord: the player deals again), gone (in play in Discord, not
// in the backup: a click is told so, and the player deals again) or none.
func restoredTable(t *testing.T, r *rig, p *player, open map[int64]bool) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last = nil // its answer came from the first bot
	msg, ok := r.fake.Message(p.table)
	if !ok || msg.Deleted {
		return "none"
	}
	buttons := enabledButtons(msg)
	id := int64(-1)
	for _, b := range msg.Buttons() {
		if f := strings.SplitN(b.CustomID, ":", 3); len(f) == 3 && f[0] == "t" {
			id, _ = strconv.ParseInt(f[1], 36, 64)
		}
	}
	over := finishedTable(msg) // its buttons, if any, deal the next game
	switch {
	case open[id] && !over:
		return "resumed"
	case open[id]:
		return "ended"
	case over:
		return "none"
	}
	in, err := r.fake.Click(msg.ID, p.user, buttons[0].CustomID)
	require.NoError(t, err)
	resp, err := in.WaitFinal(wait)
	require.NoError(t, err)
	assert.Contains(t, resp.LastMessage().Text(), "Deal a new one with `/play`", "player %d: a table not in the backup", p.n)
	p.table = "" // told so, the player deals again
	return "gone"
}

// nextClicksWork has p click on, as a player told "try again" would, up
// to 5 times, until a click is taken: a deal, a hand shown, or a table
// updated (atTable: on the player's table, not a new deal). It reports
// whether one was, and why the others were refused.
func nextClicksWork(t *testing.T, r *rig, p *player, atTable bool) (bool, string) {
	why := ""
	for try := 0; try < 5; try++ {
		in, kind, resp := p.clickAnswered(t)
		if in == nil {
			continue // the button changed under the player's finger
		}
		switch {
		case kind == 'p' && atTable:
			return false, why + " [dealt anew instead]"
		case clickTaken(kind, resp):
			return true, why
		}
		why += fmt.Sprintf(" [%c %q: %q]", kind, in.CustomID, strings.TrimSpace(resp.LastMessage().Text()))
		waitRedraw(r.fake, p.table) // a refused click may have a redraw coming
	}
	return false, why
}
