package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/dealer/dealer/games"
)

// playable is the condition on a table that takes moves: playing, and
// not kept as unreplayable.
const playable = `status = 'playing' AND broken = ''`

// AppendMove appends move, made by seat, to the table's log as its entry
// number seq (from 0), in one transaction that is committed to the file
// before AppendMove returns, and moves the table's version on by one. seq
// must be the current length of the log and the table playing:
// otherwise nothing is written and the error is ErrConflict (another
// writer got there first, or ended the table). ErrNotFound if there is no
// such table.
func (s *Store) AppendMove(ctx context.Context, id int64, seq int, seat int, move string) error {
	return s.AppendMoves(ctx, id, seq, []games.Entry{{Seat: games.Seat(seat), Move: move}}, nil)
}

// AppendMoveAndRounds is AppendMove for a move that finishes a round of a
// game played in rounds (games.Rounder): rounds are the game's finished
// rounds so far, each one score a seat, and every one of them is recorded
// (as RecordRound records one, replacing what was there) in the move's
// transaction. So a round is kept exactly when the move that finished it
// is, and one a writer failed to record before is recorded now.
func (s *Store) AppendMoveAndRounds(ctx context.Context, id int64, seq int, seat int, move string, rounds [][]int) error {
	if len(rounds) == 0 {
		return fmt.Errorf("store: session %d: move %d: no rounds to record with it", id, seq)
	}
	return s.AppendMoves(ctx, id, seq, []games.Entry{{Seat: games.Seat(seat), Move: move}}, rounds)
}

// AppendMoves is AppendMove for a run of moves, the first numbered seq:
// a person's move and the computer players' that answer it, say. They
// are written in one transaction, all or none, and the version moves on
// by one a move. When rounds is not empty (a move of the run finished a
// round), they are recorded with the moves as AppendMoveAndRounds
// records them. One write, so one commit to wait for, however many moves.
// The timers arm (SetTimer's, of table id) are armed in the same write,
// and only if the moves are saved: a table waiting on a player's turn
// never has its move without the turn's clock, whatever process dies.
func (s *Store) AppendMoves(ctx context.Context, id int64, seq int, moves []games.Entry, rounds [][]int, arm ...Timer) error {
	switch {
	case seq < 0:
		return fmt.Errorf("store: session %d: move index %d: %w", id, seq, ErrConflict)
	case len(moves) == 0:
		return fmt.Errorf("store: session %d: move %d: no moves to append", id, seq)
	}
	now := s.now()
	for _, t := range arm {
		if t.Table != id {
			return fmt.Errorf("store: session %d: move %d: a timer of table %d armed with it", id, seq, t.Table)
		}
	}
	if s.d.engine == EnginePostgres && len(rounds) == 0 {
		return s.writeStmt(ctx, appendMovesPostgres(id, seq, moves, now, arm))
	}
	return s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE sessions SET moves = moves + ?, version = version + ?, updated_at = ?
			WHERE id = ? AND moves = ? AND `+playable, len(moves), len(moves), now, id, seq)
		if err != nil {
			return fmt.Errorf("store: session %d: append move: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return moveRefused(ctx, tx, id, seq)
		}
		for i, m := range moves {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO moves (session_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)`,
				id, seq+i, int(m.Seat), m.Move, now); err != nil {
				return appendFailed(id, seq+i, err, tx.d)
			}
		}
		if len(arm) > 0 {
			st := timerStmt(arm...)
			if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
				return st.result(err, 0)
			}
		}
		if len(rounds) == 0 {
			return nil
		}
		seats, _, err := roundsRecorded(ctx, tx, id)
		if err != nil {
			return err
		}
		return putRounds(ctx, tx, id, seats, 0, rounds)
	})
}

// appendMovesPostgres is AppendMoves' write as one statement, so one
// round trip to the server instead of two or more, and one of a pipelined
// batch (pipeline.go): a round trip is what a busy process waits longest
// for. The moves go as three arrays (their indexes, seats and words), so
// a run of any length is the one prepared statement. The same checks: the
// count must be seq (the UPDATE, which READ COMMITTED re-checks after
// waiting for another writer's commit), and the moves' keys must be free.
// A refused run changes nothing and is no error of the statement's: its
// row says why (the table as it was when the statement began: a
// data-modifying WITH's changes are not seen by the statement's own
// SELECT). The timers arm are armed by the same statement, when the
// moves are made (from the UPDATE's row, so not otherwise).
func appendMovesPostgres(id int64, seq int, moves []games.Entry, now int64, arm []Timer) *stmtWrite {
	var (
		made           int
		have           sql.NullInt64 // the count before this statement; NULL: no table
		status, broken sql.NullString
	)
	seqs, seats, words := make([]int32, len(moves)), make([]int32, len(moves)), make([]string, len(moves))
	for i, m := range moves {
		seqs[i], seats[i], words[i] = int32(seq+i), int32(m.Seat), m.Move
	}
	args := []any{len(moves), len(moves), now, id, seq, now, seqs, seats, words}
	armed := ""
	if len(arm) > 0 {
		kinds, dues, versions := make([]string, len(arm)), make([]int64, len(arm)), make([]int32, len(arm))
		for i, t := range arm {
			kinds[i], dues[i], versions[i] = t.Kind, t.Due.UnixNano(), int32(t.Version)
		}
		armed = `,
		armed AS (
			INSERT INTO timers (session_id, kind, due_at, version)
			SELECT bump.id, t.kind, t.due, t.version
			FROM bump, unnest(CAST(? AS TEXT[]), CAST(? AS BIGINT[]), CAST(? AS INTEGER[])) AS t(kind, due, version)
			ON CONFLICT (session_id, kind) DO UPDATE SET due_at = excluded.due_at, version = excluded.version,
				claimed_by = '', claimed_until = 0, attempts = 0)`
		args = append(args, kinds, dues, versions)
	}
	return &stmtWrite{
		q: `WITH bump AS (
			UPDATE sessions SET moves = moves + CAST(? AS INTEGER), version = version + CAST(? AS INTEGER), updated_at = ?
			WHERE id = ? AND moves = ? AND ` + playable + ` RETURNING id),
		made AS (
			INSERT INTO moves (session_id, seq, seat, move, at)
			SELECT bump.id, m.seq, m.seat, m.move, CAST(? AS BIGINT)
			FROM bump, unnest(CAST(? AS INTEGER[]), CAST(? AS INTEGER[]), CAST(? AS TEXT[])) AS m(seq, seat, move)
			RETURNING 1)` + armed + `
		SELECT (SELECT COUNT(*) FROM made), s.moves, s.status, s.broken
		FROM (SELECT 1) AS one LEFT JOIN sessions s ON s.id = ?`,
		args: append(args, id),
		row:  []any{&made, &have, &status, &broken},
		result: func(err error, _ int64) error {
			switch {
			case err != nil:
				return appendFailed(id, seq, err, postgresDialect)
			case made == len(moves):
				return nil
			case !have.Valid:
				return notFound(id)
			case have.Int64 == int64(seq) && status.String == StatusPlaying.String() && broken.String == "":
				// The count was seq when the statement began, and another
				// writer's move, committed while this one waited for it,
				// took the index.
				return fmt.Errorf("store: session %d: move %d was made meanwhile by another writer: %w", id, seq, ErrConflict)
			}
			return refused(id, seq, int(have.Int64), status.String, broken.String)
		},
	}
}

func moveRefused(ctx context.Context, tx *txn, id int64, seq int) error {
	var (
		have           int
		status, broken string
	)
	err := tx.QueryRowContext(ctx, `SELECT moves, status, broken FROM sessions WHERE id = ?`, id).Scan(&have, &status, &broken)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return notFound(id)
	case err != nil:
		return fmt.Errorf("store: session %d: append move: %w", id, err)
	}
	return refused(id, seq, have, status, broken)
}

// refused is the ErrConflict of a move at index seq that a table with
// have moves, status and broken did not take, saying why.
func refused(id int64, seq, have int, status, broken string) error {
	switch {
	case broken != "":
		return fmt.Errorf("store: session %d: move %d, but the table is kept unreplayable: %w", id, seq, ErrConflict)
	case status != StatusPlaying.String():
		return fmt.Errorf("store: session %d: move %d, but the table is %s: %w", id, seq, status, ErrConflict)
	}
	return fmt.Errorf("store: session %d: move %d, but the log has %d: %w", id, seq, have, ErrConflict)
}

// appendFailed is the error of an append whose statement failed.
func appendFailed(id int64, seq int, err error, d *dialect) error {
	if d.uniqueViolation(err) {
		// Another process's move took the index: the key decides.
		return fmt.Errorf("store: session %d: move %d is already in the log: %w", id, seq, ErrConflict)
	}
	return fmt.Errorf("store: session %d: append move: %w", id, err)
}

// Moves returns the table's move log in order (empty, not nil, when there
// are no moves), or ErrNotFound.
func (s *Store) Moves(ctx context.Context, id int64) ([]games.Entry, error) {
	var moves []games.Entry
	err := s.read(ctx, func(tx *txn) error {
		var n int
		if err := sessionRow(ctx, tx, id, "moves", `moves`, &n); err != nil {
			return err
		}
		var err error
		moves, err = readMoves(ctx, tx, id, n)
		return err
	})
	return moves, err
}

// movesQuery reads a table's move log.
const movesQuery = `SELECT seat, move FROM moves WHERE session_id = ? ORDER BY seq`

func readMoves(ctx context.Context, tx *txn, id int64, n int) ([]games.Entry, error) {
	rows, err := tx.QueryContext(ctx, movesQuery, id)
	if err != nil {
		return nil, fmt.Errorf("store: session %d: moves: %w", id, err)
	}
	defer rows.Close()
	return scanMoves(rows, id, n)
}

// scanMoves reads rows of (seat, move), n of them likely; its caller
// closes them.
func scanMoves(rows rowIter, id int64, n int) ([]games.Entry, error) {
	moves := make([]games.Entry, 0, n)
	for rows.Next() {
		var e games.Entry
		if err := rows.Scan(&e.Seat, &e.Move); err != nil {
			return nil, fmt.Errorf("store: session %d: moves: %w", id, err)
		}
		moves = append(moves, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: session %d: moves: %w", id, err)
	}
	return moves, nil
}
