package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// appendRetrying appends move to the end of the session's log, reading the
// log's length again after each lost race, as the bot does.
func appendRetrying(ctx context.Context, s *Store, id int64, seat int, move string) error {
	for {
		sess, err := s.Session(ctx, id)
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
// the same file (as two processes would); none may fail, least of all with
// "database is locked".
func TestConcurrentWriters(t *testing.T) {
	const goroutines, perGoroutine = 50, 20
	cases := []struct {
		name   string
		stores int  // Stores open on the file
		shared bool // all goroutines on one session (else one session each)
	}{
		{"different sessions", 1, false},
		{"same session", 1, true},
		{"different sessions, two stores", 2, false},
		{"same session, two stores", 2, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "dealer.db")
			stores := make([]*Store, tc.stores)
			for i := range stores {
				s, err := Open(path)
				require.NoError(t, err)
				defer s.Close()
				stores[i] = s
			}
			ids := make([]int64, goroutines)
			for g := range ids {
				if tc.shared && g > 0 {
					ids[g] = ids[0]
					continue
				}
				ids[g] = mustCreate(t, stores[0], Session{Game: "doublefreecell", Seats: 1})
			}

			var wg sync.WaitGroup
			errs := make(chan error, goroutines*perGoroutine)
			for g := range goroutines {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s := stores[g%len(stores)]
					for i := range perGoroutine {
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
						if _, err := s.Session(ctx, ids[g]); err != nil {
							errs <- err
						}
						// Writes that read first (a deferred transaction
						// would fail to upgrade its lock at once).
						if i%4 == 0 {
							if err := s.SetMessage(ctx, ids[g], "c", move); err != nil {
								errs <- err
							}
							p := []Player{{Seat: 0, UserID: move, Name: move}}
							if err := s.SetPlayers(ctx, ids[g], p); err != nil {
								errs <- err
							}
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}

			// Every move is there, once, each goroutine's in its own order.
			seen := map[string]bool{}
			for g := range goroutines {
				if tc.shared && g > 0 {
					break
				}
				moves, err := stores[0].Moves(ctx, ids[g])
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
			assert.Len(t, seen, goroutines*perGoroutine)
		})
	}
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
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dealer.db")
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

// crashChild appends moves to a few sessions from several goroutines until
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
		id, err := s.CreateSession(ctx, Session{Game: "doublefreecell", Seats: 1})
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
