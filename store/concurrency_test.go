package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// Many processes on one database: writers at once, a process killed
// mid-write, two stores racing for a move, timers each claimed once, changes
// announced to every listener, an interaction's id new once, and writer
// processes sharing one PostgreSQL under load.

// appendRetrying appends move to the end of the table's log, reading the
// log's length again after each lost race, as the bot does.
func appendRetrying(ctx context.Context, s *Store, id int64, seat int, move string) error {
	for {
		sess, err := s.TableRow(ctx, id)
		if err != nil {
			return err
		}
		err = s.AppendMove(ctx, id, sess.Moves, seat, move)
		if !errors.Is(err, ErrConflict) {
			return err
		}
	}
}

// Many goroutines write at once, through one Store and through two Stores on
// the same database (as two processes would); none may fail, least of all
// with "database is locked" (SQLite) or a deadlock (PostgreSQL).
func TestConcurrentWriters(t *testing.T) { forEachEngine(t, testConcurrentWriters) }

// writersCase is one way many goroutines write at once.
type writersCase struct {
	name         string
	stores       int  // Stores open on the database
	shared       bool // all goroutines on one session (else one session each)
	perGoroutine int  // moves each (on one session, each move is a race of 50)
}

// writers is how many goroutines write at once.
const writers = 50

func testConcurrentWriters(t *testing.T, e engine) {
	for _, tc := range []writersCase{
		{"different sessions", 1, false, 20},
		{"same session", 1, true, 8},
		{"different sessions, two stores", 2, false, 20},
		{"same session, two stores", 2, true, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := e.database(t)
			stores := make([]*Store, tc.stores)
			for i := range stores {
				s, err := Open(path)
				require.NoError(t, err)
				defer s.Close()
				stores[i] = s
			}
			ids := make([]int64, writers)
			for g := range ids {
				if tc.shared && g > 0 {
					ids[g] = ids[0]
					continue
				}
				ids[g] = mustCreate(t, stores[0], TableRow{Game: "doublefreecell", Seats: 1})
			}
			for _, err := range writeAtOnce(stores, ids, tc) {
				t.Error(err)
			}
			everyMoveOnce(t, stores[0], ids, tc)
		})
	}
}

// writeAtOnce has writers goroutines, the g-th on stores[g%len(stores)],
// append moves to table ids[g], read it and make other writes in
// between, and returns every error met.
func writeAtOnce(stores []*Store, ids []int64, tc writersCase) []error {
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, writers*tc.perGoroutine*4) // at most four an iteration
	for g := range writers {
		wg.Go(func() {
			s := stores[g%len(stores)]
			for i := range tc.perGoroutine {
				move := fmt.Sprintf("g%d-%d", g, i)
				var err error
				if tc.shared {
					err = appendRetrying(ctx, s, ids[g], 0, move)
				} else {
					err = s.AppendMove(ctx, ids[g], i, 0, move)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", move, err)
				}
				// Reads and other writes in between.
				if _, err := s.TableRow(ctx, ids[g]); err != nil {
					errs <- err
				}
				// Writes that read first (a deferred transaction
				// would fail to upgrade its lock at once).
				if i%4 == 0 {
					if err := s.SetMessage(ctx, ids[g], "c", move); err != nil {
						errs <- err
					}
					p := []Player{{Seat: 0, UserID: move, Name: move}}
					if err := setPlayers(s, ids[g], p); err != nil && !errors.Is(err, ErrConflict) {
						errs <- err
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	var out []error
	for err := range errs {
		out = append(out, err)
	}
	return out
}

// everyMoveOnce checks that every move writeAtOnce made is in the log,
// once, each goroutine's in its own order.
func everyMoveOnce(t *testing.T, s *Store, ids []int64, tc writersCase) {
	t.Helper()
	seen := map[string]bool{}
	for g := range writers {
		if tc.shared && g > 0 {
			break
		}
		moves, err := s.Moves(context.Background(), ids[g])
		require.NoError(t, err)
		next := map[int]int{}
		for _, m := range moves {
			var gg, i int
			_, err := fmt.Sscanf(m.Move, "g%d-%d", &gg, &i)
			require.NoError(t, err)
			assert.False(t, seen[m.Move], "%s twice", m.Move)
			seen[m.Move] = true
			assert.Equal(t, next[gg], i, "goroutine %d's moves in order", gg)
			next[gg] = i + 1
		}
	}
	assert.Len(t, seen, writers*tc.perGoroutine)
}

const crashEnv = "STORE_CRASH_CHILD"

// A process killed with SIGKILL right after AppendMove returned loses none of
// the moves it acknowledged. The test runs itself as the child process.
func TestMovesSurviveKill(t *testing.T) {
	if path := os.Getenv(crashEnv); path != "" {
		crashChild(path)
		return
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	forEachEngine(t, testMovesSurviveKill)
}

func testMovesSurviveKill(t *testing.T, e engine) {
	ctx := context.Background()
	path := e.database(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestMovesSurviveKill$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())

	// The child prints "ack ID SEQ" after each AppendMove returned, and we
	// kill it once it has acknowledged enough.
	acked := map[int64]int{}
	total := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "ack" {
			continue
		}
		id, _ := strconv.ParseInt(f[1], 10, 64)
		seq, _ := strconv.Atoi(f[2])
		acked[id] = max(acked[id], seq+1)
		if total++; total == 300 {
			require.NoError(t, cmd.Process.Kill()) // SIGKILL
			break
		}
	}
	cmd.Wait()
	require.Equal(t, 300, total, "the child acknowledged moves")

	s, err := Open(path)
	require.NoError(t, err)
	defer s.Close()
	for id, n := range acked {
		moves, err := s.Moves(ctx, id)
		require.NoError(t, err)
		require.GreaterOrEqual(t, len(moves), n, "session %d: acknowledged moves kept", id)
		for i := range n {
			assert.Equal(t, fmt.Sprintf("m%d", i), moves[i].Move)
		}
		// The log goes on where it stopped.
		require.NoError(t, s.AppendMove(ctx, id, len(moves), 0, "after"))
	}
}

// crashChild appends moves to a few tables from several goroutines until
// it is killed.
func crashChild(path string) {
	ctx := context.Background()
	s, err := Open(path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	var mu sync.Mutex
	for g := range 4 {
		id, err := s.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		go func() {
			for i := 0; ; i++ {
				if err := s.AppendMove(ctx, id, i, 0, fmt.Sprintf("m%d", i)); err != nil {
					fmt.Println("error", g, err)
					os.Exit(2)
				}
				mu.Lock()
				fmt.Printf("ack %d %d\n", id, i)
				mu.Unlock()
			}
		}()
	}
	select {}
}

// Two Stores on one database (two processes) race to append each move of
// one table: exactly one wins each index, the other gets ErrConflict,
// and the log holds the winners' moves only. On PostgreSQL the moves'
// primary key and the move count's check decide, under READ COMMITTED.
func TestTwoStoresRaceForEachMove(t *testing.T) { forEachEngine(t, testTwoStoresRaceForEachMove) }

func testTwoStoresRaceForEachMove(t *testing.T, e engine) {
	ctx := context.Background()
	a, _, db := openTemp(t, e)
	b := openAgain(t, db)
	id := mustCreate(t, a, TableRow{Game: "doublefreecell", Seats: 2})
	const rounds, perStore = 40, 3
	var want []string
	for seq := range rounds {
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			winners []string
			lost    int
		)
		start := make(chan struct{})
		for i, s := range []*Store{a, b} {
			for g := range perStore {
				wg.Add(1)
				go func() {
					defer wg.Done()
					move := fmt.Sprintf("s%d-g%d-m%d", i, g, seq)
					<-start
					err := s.AppendMove(ctx, id, seq, i, move)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						winners = append(winners, move)
					case errors.Is(err, ErrConflict):
						lost++
					default:
						t.Errorf("%s: %v", move, err)
					}
				}()
			}
		}
		close(start)
		wg.Wait()
		require.Len(t, winners, 1, "move %d: one winner", seq)
		require.Equal(t, 2*perStore-1, lost, "move %d: the others lost the race", seq)
		want = append(want, winners[0])
	}
	for _, s := range []*Store{a, b} {
		moves, err := s.Moves(ctx, id)
		require.NoError(t, err)
		var got []string
		for _, m := range moves {
			got = append(got, m.Move)
		}
		assert.Equal(t, want, got, "both Stores see the winners, in order")
		sess, err := s.TableRow(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, rounds, sess.Moves)
	}
}

// On PostgreSQL, a move whose index is already in the log is refused by
// the moves' primary key even when the table's count says otherwise (a
// count and a log out of step, as a failed copy might leave them):
// ErrConflict, not a raw constraint error.
func TestMovesKeyDecides(t *testing.T) { forEachStore(t, testMovesKeyDecides) }

func testMovesKeyDecides(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "1 h"))
	require.NoError(t, s.write(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET moves = 0 WHERE id = ?`, id)
		return err
	}))
	err := s.AppendMove(ctx, id, 0, 0, "2 h")
	require.ErrorIs(t, err, ErrConflict)
	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []games.Entry{{Seat: 0, Move: "1 h"}}, moves, "the first move stands")
}

// Two processes' writes that take the same two rows in opposite orders
// deadlock on PostgreSQL; the server fails one, and its Store runs it
// again: both succeed. (SQLite's writers never interleave.)
func TestDeadlockIsRetried(t *testing.T) {
	e := engineNamed(EnginePostgres)
	ctx := context.Background()
	a, _, db := openTemp(t, e)
	b := openAgain(t, db)
	one := mustCreate(t, a, TableRow{Game: "doublefreecell", Seats: 1})
	two := mustCreate(t, a, TableRow{Game: "doublefreecell", Seats: 1})

	// Each write takes its first row, waits until the other has taken its
	// own, then takes the other's: a deadlock, the first time through.
	var aHas, bHas sync.Once
	aTook, bTook := make(chan struct{}), make(chan struct{})
	var runs atomic.Int32
	write := func(s *Store, first, second int64, took *sync.Once, mine, theirs chan struct{}) error {
		return s.write(ctx, func(tx *txn) error {
			runs.Add(1)
			if _, err := tx.ExecContext(ctx, `UPDATE sessions SET hints = hints + 1 WHERE id = ?`, first); err != nil {
				return err
			}
			took.Do(func() { close(mine) })
			<-theirs
			_, err := tx.ExecContext(ctx, `UPDATE sessions SET hints = hints + 1 WHERE id = ?`, second)
			return err
		})
	}
	errs := make(chan error, 2)
	go func() { errs <- write(a, one, two, &aHas, aTook, bTook) }()
	go func() { errs <- write(b, two, one, &bHas, bTook, aTook) }()
	require.NoError(t, <-errs)
	require.NoError(t, <-errs)
	assert.GreaterOrEqual(t, runs.Load(), int32(3), "one write ran again")
	for _, id := range []int64{one, two} {
		n, err := a.Hints(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, 2, n, "session %d: each write counted once", id)
	}
}

// Timers are armed, replaced, claimed once while a claim lives, taken over
// when it runs out, and done only when not armed again meanwhile.
func TestTimers(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		a := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		b := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		t0 := time.Unix(1_800_000_000, 0)

		_, ok, err := s.NextTimer(ctx)
		require.NoError(t, err)
		assert.False(t, ok, "none armed")
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(time.Minute), Version: 3}))
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 4})) // replaces
		require.NoError(t, s.SetTimer(ctx, Timer{Table: b, Kind: "lobby", Due: t0.Add(time.Hour), Version: 0}))
		next, ok, err := s.NextTimer(ctx)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, t0.Add(2*time.Minute).UTC(), next)

		got, err := s.ClaimTimers(ctx, "p1", t0.Add(time.Minute), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Empty(t, got, "nothing due yet")
		at := t0.Add(3 * time.Minute)
		got, err = s.ClaimTimers(ctx, "p1", at, 30*time.Second, 10)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute).UTC(), Version: 4}, got[0])
		again, err := s.ClaimTimers(ctx, "p2", at.Add(10*time.Second), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Empty(t, again, "claimed by p1 while its lease lives")
		taken, err := s.ClaimTimers(ctx, "p2", at.Add(31*time.Second), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Len(t, taken, 1, "p1 died: its lease ran out, p2 takes the timer")

		// Armed again before the first firing was done: done removes
		// nothing, the new timer stays.
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(5 * time.Minute), Version: 5}))
		require.NoError(t, s.DoneTimer(ctx, got[0]))
		all, err := s.Timers(ctx)
		require.NoError(t, err)
		require.Len(t, all, 2)
		assert.Equal(t, 5, all[0].Version)
		got, err = s.ClaimTimers(ctx, "p1", t0.Add(6*time.Minute), 30*time.Second, 10)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.NoError(t, s.DoneTimer(ctx, got[0]))
		require.NoError(t, s.ClearTimer(ctx, b, "lobby"))
		all, err = s.Timers(ctx)
		require.NoError(t, err)
		assert.Empty(t, all)
	})
}

// Processes claiming at once never both get a timer.
func TestTimersClaimedOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, db := openTemp(t, e)
		other := openAgain(t, db)
		t0 := time.Unix(1_800_000_000, 0)
		const n = 60
		for i := range n {
			id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
			require.NoError(t, s.SetTimer(ctx, Timer{Table: id, Kind: "turn", Due: t0.Add(time.Duration(i) * time.Millisecond), Version: 1}))
		}
		var (
			mu     sync.Mutex
			counts = map[int64]int{}
			wg     sync.WaitGroup
		)
		for w, st := range []*Store{s, other, s, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					got, err := st.ClaimTimers(ctx, string(rune('a'+w)), t0.Add(time.Second), time.Minute, 4)
					assert.NoError(t, err)
					mu.Lock()
					for _, tm := range got {
						counts[tm.Table]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		assert.Len(t, counts, n, "every timer was claimed")
		for id, c := range counts {
			assert.Equal(t, 1, c, "timer of session %d claimed once", id)
		}
	})
}

// Every change of a table is announced to every listener, with its move
// count (PostgreSQL: processes learn that a table moved on elsewhere).
func TestChanges(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s, _, db := openTemp(t, e)
		if e.name == EngineSQLite {
			assert.NoError(t, s.Changes(ctx, func(int64, int) { t.Error("SQLite announces nothing") }))
			return
		}
		other := openAgain(t, db)
		heard := make(chan [2]int64, 16)
		go func() { _ = other.Changes(ctx, func(id int64, moves int) { heard <- [2]int64{id, int64(moves)} }) }()
		id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
		// The listener may connect after the first move: move until it hears.
		deadline := time.After(time.Minute)
		for seq := 0; ; seq++ {
			require.NoError(t, s.AppendMove(ctx, id, seq, 0, "flip"))
			select {
			case got := <-heard:
				assert.Equal(t, id, got[0])
				assert.Positive(t, got[1])
				return
			case <-time.After(200 * time.Millisecond):
			case <-deadline:
				t.Fatal("no change announced")
			}
		}
	})
}

// interactionID is the n-th snowflake-like id whose recording prunes (or
// does not prune) the old ids.
func interactionID(t *testing.T, n int, prune bool) string {
	t.Helper()
	for k := 1_000_000_000_000_000_000; ; k++ {
		id := strconv.Itoa(k)
		if prunes(id) == prune {
			if n == 0 {
				return id
			}
			n--
		}
	}
}

// countInteractions is how many ids the table holds.
func countInteractions(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	require.NoError(t, s.q.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM interactions`).Scan(&n))
	return n
}

// An interaction's id is new once, for every process sharing the database.
func TestFirstSeen(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, c, db := openTemp(t, e)
		other := openAgain(t, db) // a second process on the same database
		a, b := interactionID(t, 0, false), interactionID(t, 1, false)
		steps := []struct {
			name  string
			st    *Store
			id    string
			first bool
		}{
			{"a new id", s, a, true},
			{"the same id again", s, a, false},
			{"the same id in another process", other, a, false},
			{"another id in the other process", other, b, true},
			{"that id in the first process", s, b, false},
		}
		for _, st := range steps {
			first, err := st.st.FirstSeen(ctx, st.id, c.Now())
			require.NoError(t, err, st.name)
			assert.Equal(t, st.first, first, st.name)
		}
	})
}

// Of many processes recording one id at once, one is first.
func TestFirstSeenAtOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		s, c, db := openTemp(t, e)
		other := openAgain(t, db)
		for k := range 5 {
			id := interactionID(t, k, false)
			var firsts atomic.Int32
			var wg sync.WaitGroup
			for g := range 8 {
				st := s
				if g%2 == 1 {
					st = other
				}
				wg.Go(func() {
					first, err := st.FirstSeen(context.Background(), id, c.Now())
					assert.NoError(t, err)
					if first {
						firsts.Add(1)
					}
				})
			}
			wg.Wait()
			assert.Equal(t, int32(1), firsts.Load(), "id %s", id)
		}
	})
}

// Ids older than InteractionsKept are forgotten, now and then, by an
// insert; recent ones are kept.
func TestFirstSeenForgetsOldIDs(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, c *testkit.Clock) {
		ctx := context.Background()
		var old []string
		for k := range 10 {
			id := interactionID(t, k, false)
			old = append(old, id)
			first, err := s.FirstSeen(ctx, id, c.Now())
			require.NoError(t, err)
			require.True(t, first)
		}
		c.Advance(InteractionsKept / 2)
		recent := interactionID(t, 10, false)
		first, err := s.FirstSeen(ctx, recent, c.Now())
		require.NoError(t, err)
		require.True(t, first)
		// A pruning insert before the old ones are old enough forgets none.
		first, err = s.FirstSeen(ctx, interactionID(t, 0, true), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 12, countInteractions(t, s))

		c.Advance(InteractionsKept/2 + time.Second)
		first, err = s.FirstSeen(ctx, interactionID(t, 11, false), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 13, countInteractions(t, s), "an insert that does not prune forgets nothing")
		first, err = s.FirstSeen(ctx, interactionID(t, 1, true), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 4, countInteractions(t, s), "the ten old ids are forgotten")
		first, err = s.FirstSeen(ctx, recent, c.Now())
		require.NoError(t, err)
		assert.False(t, first, "a recent id is kept")
		first, err = s.FirstSeen(ctx, old[2], c.Now())
		require.NoError(t, err)
		assert.True(t, first, "a forgotten id is new again")
	})
}

func TestFirstSeenRefusesNonIDs(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, c *testkit.Clock) {
		for _, id := range []string{"", strings.Repeat("9", maxInteractionID+1)} {
			first, err := s.FirstSeen(context.Background(), id, c.Now())
			assert.Error(t, err, "%q", id)
			assert.False(t, first)
		}
		assert.Zero(t, countInteractions(t, s))
	})
}

// About one insert in pruneOneIn prunes.
func TestPruneRate(t *testing.T) {
	n := 0
	for k := range 100 * pruneOneIn {
		if prunes(strconv.Itoa(1_200_000_000_000_000_000 + k*4096)) {
			n++
		}
	}
	assert.InDelta(t, 100, n, 40)
}

// writerEnv hands a child writer process its part: the database's URL,
// its tables and how long it writes ("url tables seconds").
const writerEnv = "DEALER_WRITER_CHILD"

// writerResult is what one writer process did in its window.
type writerResult struct {
	moves, timers, claims, notices int
	errors                         int
}

// One PostgreSQL shared by 1, 2 and 4 processes, as a bot scaled out
// shares it: each process (this test binary run again) plays tables of
// its own — each table a goroutine making a move and arming its turn
// timer, as the bot does after every move, one commit each (group commit
// batches what meets) — while its timer loop claims the timers due (FOR
// UPDATE SKIP LOCKED) and marks them done, and it hears every process's
// change notices. A line a process count, with the moves, writes, claims
// and notices a second of them all:
//
//	DEALER_LOAD=1 go test ./store -run TestWriterProcesses -count=1 -v
//
// (about a minute: 200 tables, 10 s a process count).
func TestWriterProcesses(t *testing.T) {
	if spec := os.Getenv(writerEnv); spec != "" {
		writerChild(spec)
		return
	}
	if os.Getenv("DEALER_LOAD") == "" {
		t.Skip("a load run: DEALER_LOAD=1 runs it")
	}
	const tables, window = 200, 10 * time.Second
	for _, n := range []int{1, 2, 4} {
		url := engineNamed(EnginePostgres).database(t)
		s, err := Open(url) // the schema made once, before the writers race to
		require.NoError(t, err)
		s.Close()
		res := runWriters(t, url, n, tables/n, window)
		secs := window.Seconds()
		t.Logf("writers=%d tables=%d moves/s=%.0f writes/s=%.0f claims/s=%.0f notices/s=%.0f (each process hears every process's moves) errors=%d",
			n, tables, float64(res.moves)/secs, float64(res.moves+res.timers)/secs, float64(res.claims)/secs, float64(res.notices)/secs, res.errors)
		assert.Zero(t, res.errors, "no write failed")
		assert.Positive(t, res.moves)
		assert.Positive(t, res.claims, "the timers are claimed")
		assert.GreaterOrEqual(t, res.notices, res.moves/2, "the processes hear the moves")
	}
}

// runWriters starts n writer processes on url with tables each, lets them
// write for window at once, and sums what they did.
func runWriters(t *testing.T, url string, n, tables int, window time.Duration) writerResult {
	t.Helper()
	var (
		mu     sync.Mutex
		total  writerResult
		wg     sync.WaitGroup
		starts []*bufio.Writer
		cmds   []*exec.Cmd
	)
	ready := make(chan struct{}, n)
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %g", writerEnv, url, tables, window.Seconds()))
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		cmds, starts = append(cmds, cmd), append(starts, bufio.NewWriter(in))
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				switch {
				case len(f) == 1 && f[0] == "ready":
					ready <- struct{}{}
				case len(f) == 6 && f[0] == "result":
					var r [5]int
					for i := range r {
						r[i], _ = strconv.Atoi(f[i+1])
					}
					mu.Lock()
					total.moves, total.timers, total.claims, total.notices, total.errors = total.moves+r[0], total.timers+r[1], total.claims+r[2], total.notices+r[3], total.errors+r[4]
					mu.Unlock()
				}
			}
		}()
	}
	for range n {
		select {
		case <-ready:
		case <-time.After(time.Minute):
			t.Fatal("a writer process did not get ready")
		}
	}
	for _, w := range starts { // all at once
		fmt.Fprintln(w, "go")
		w.Flush()
	}
	wg.Wait()
	for _, cmd := range cmds {
		require.NoError(t, cmd.Wait())
	}
	return total
}

// writerChild is one writer process: it makes its tables, says "ready",
// waits for "go" on stdin, writes for its window and prints its counts:
// "result moves timers claims notices errors".
func writerChild(spec string) {
	f := strings.Fields(spec)
	tables, _ := strconv.Atoi(f[1])
	secs, _ := strconv.ParseFloat(f[2], 64)
	ctx := context.Background()
	s, err := Open(f[0])
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	defer s.Close()
	ids := make([]int64, tables)
	for i := range ids {
		if ids[i], err = s.CreateTable(ctx, TableRow{Game: "secretagent", Seats: 4, Status: StatusPlaying}); err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
	}
	var c struct{ moves, timers, claims, notices, errors atomic.Int64 }
	listen, stop := context.WithCancel(ctx)
	go s.Changes(listen, func(id int64, _ int) { c.notices.Add(1) })
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n')

	end := time.Now().Add(time.Duration(secs * float64(time.Second)))
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; time.Now().Before(end); seq++ {
				if err := s.AppendMove(ctx, id, seq, seq%4, "m"); err != nil {
					c.errors.Add(1)
					return
				}
				c.moves.Add(1)
				if err := s.SetTimer(ctx, Timer{Table: id, Kind: "turn", Due: time.Now(), Version: seq + 1}); err != nil {
					c.errors.Add(1)
					return
				}
				c.timers.Add(1)
			}
		}()
	}
	owner := fmt.Sprint("writer-", os.Getpid())
	for time.Now().Before(end) {
		due, err := s.ClaimTimers(ctx, owner, time.Now(), time.Minute, 50)
		if err != nil {
			c.errors.Add(1)
		}
		for _, tm := range due {
			if s.DoneTimer(ctx, tm) == nil {
				c.claims.Add(1)
			}
		}
		if len(due) == 0 {
			time.Sleep(10 * time.Millisecond) // as the bot's timer loop waits for the next due
		}
	}
	wg.Wait()
	stop()
	fmt.Println("result", c.moves.Load(), c.timers.Load(), c.claims.Load(), c.notices.Load(), c.errors.Load())
}
