package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// On PostgreSQL a move's write, a batch of them, the other writes of a
// click and the reads of a click each wait for one round trip to the
// server (counted by a proxy between the two), once their statements are
// prepared; a batch that mixes moves with another write commits the moves
// in one and the other write as before (BEGIN, its statement, COMMIT).
func TestPostgresRoundTrips(t *testing.T) {
	s, proxy := openProxied(t)
	ctx := context.Background()
	players := []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, Computer: true, Level: 1}}
	const perCase = 10 // each case's tables: the first run prepares, the second is counted
	cases := []struct {
		name string
		run  func(ids []int64) error
		want int
	}{
		{"a move", func(ids []int64) error { return s.AppendMove(ctx, ids[0], 1, 0, "m") }, 1},
		{"a move refused", func(ids []int64) error {
			err := s.AppendMove(ctx, ids[0], 5, 0, "m")
			assert.ErrorIs(t, err, ErrConflict)
			return nil
		}, 1},
		{"a run of four moves", func(ids []int64) error { return s.AppendMoves(ctx, ids[0], 1, fourMoves, nil) }, 1},
		{"a run of four moves refused", func(ids []int64) error {
			err := s.AppendMoves(ctx, ids[0], 0, fourMoves, nil)
			assert.ErrorIs(t, err, ErrConflict)
			return nil
		}, 1},
		{"a batch of eight moves", func(ids []int64) error { return commitBatch(s, ids[:8], nil) }, 1},
		{"a batch of eight moves and a hint", func(ids []int64) error {
			return commitBatch(s, ids[:8], func(tx *txn) error {
				_, err := tx.ExecContext(ctx, `UPDATE sessions SET hints = hints + 1 WHERE id = ?`, ids[9])
				return err
			})
		}, 1 + 3},
		{"a timer armed", func(ids []int64) error {
			return s.SetTimer(ctx, Timer{Table: ids[0], Kind: "turn", Due: time.Now()})
		}, 1},
		{"a timer cleared", func(ids []int64) error { return s.ClearTimer(ctx, ids[0], "turn") }, 1},
		{"a message placed", func(ids []int64) error { return s.SetMessage(ctx, ids[0], "c", "m") }, 1},
		{"a table read with its players and moves", func(ids []int64) error {
			row, log, err := s.Table(ctx, ids[0])
			assert.Len(t, row.Players, len(players))
			assert.Len(t, log, 1)
			return err
		}, 1},
		{"a version read", func(ids []int64) error { _, err := s.Version(ctx, ids[0]); return err }, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ids [2][]int64
			for run := range ids {
				for range perCase {
					id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 2, Status: StatusPlaying, Players: players})
					require.NoError(t, s.AppendMove(ctx, id, 0, 0, "first"))
					ids[run] = append(ids[run], id)
				}
			}
			require.NoError(t, c.run(ids[0]))
			before := proxy.RoundTrips()
			require.NoError(t, c.run(ids[1]))
			assert.Equal(t, c.want, proxy.RoundTrips()-before, "round trips")
		})
	}
}

// fourMoves are a person's move and three computer players' answer.
var fourMoves = []games.Entry{{Seat: 0, Move: "a"}, {Seat: 1, Move: "b"}, {Seat: 2, Move: "c"}, {Seat: 3, Move: "d"}}

// commitBatch commits the second move of each table of ids, and other
// if not nil, as one batch.
func commitBatch(s *Store, ids []int64, other func(tx *txn) error) error {
	var batch []*writeReq
	for _, id := range ids {
		batch = append(batch, newStmtWrite(context.Background(), appendMovesPostgres(id, 1, []games.Entry{{Seat: 0, Move: "m"}}, s.now(), nil)))
	}
	if other != nil {
		batch = append(batch, newWrite(context.Background(), other))
	}
	s.commit(batch)
	for _, r := range batch {
		if err := <-r.done; err != nil {
			return err
		}
	}
	return nil
}

// A statement that fails in a pipelined batch (a timer for no table)
// fails alone: the batch runs again with savepoints, the other writes are
// made once each, and the failed one leaves nothing.
func TestPipelineFailingStatementAlone(t *testing.T) {
	s, _, _ := openTemp(t, engineNamed(EnginePostgres))
	ctx := context.Background()
	a := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	b := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	tests := []struct {
		name  string
		write *stmtWrite
		fails bool
	}{
		{"a's move", appendMovesPostgres(a, 0, []games.Entry{{Seat: 0, Move: "a0"}}, s.now(), nil), false},
		{"a timer of no table", timerStmt(Timer{Table: b + 100, Kind: "turn", Due: time.Now()}), true},
		{"b's move", appendMovesPostgres(b, 0, []games.Entry{{Seat: 0, Move: "b0"}}, s.now(), nil), false},
		{"a's move again", appendMovesPostgres(a, 0, []games.Entry{{Seat: 0, Move: "a0 again"}}, s.now(), nil), true},
	}
	var batch []*writeReq
	for _, w := range tests {
		batch = append(batch, newStmtWrite(ctx, w.write))
	}
	s.commit(batch)
	for i, w := range tests {
		err := <-batch[i].done
		if w.fails {
			assert.Error(t, err, w.name)
		} else {
			assert.NoError(t, err, w.name)
		}
	}
	for _, id := range []int64{a, b} {
		log, err := s.Moves(ctx, id)
		require.NoError(t, err)
		require.Len(t, log, 1, fmt.Sprintf("table %d", id))
	}
	timers, err := s.Timers(ctx)
	require.NoError(t, err)
	assert.Empty(t, timers, "the failed write left nothing")
}
