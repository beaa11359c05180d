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
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

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
			require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
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
func TestMovesKeyDecides(t *testing.T) { forEachEngine(t, testMovesKeyDecides) }

func testMovesKeyDecides(t *testing.T, e engine) {
	ctx := context.Background()
	s, _, _ := openTemp(t, e)
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
