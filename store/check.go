package store

import (
	"context"
	"fmt"

	"github.com/dealer/dealer/games"
)

// Replayable is one table as a check of the whole database reads it:
// the table (its players left out), its move log and its recorded
// results, from one snapshot.
type Replayable struct {
	Session TableRow
	Log     []games.Entry
	Results []Result
}

// A page of EachReplayable holds at most this many tables, and their
// move logs at most this many moves (or one table, however long): a
// database of any size is read in pieces of a few megabytes. (Variables,
// for a test to make pages small.)
var (
	replayablePageTables = 256
	replayablePageMoves  = 50_000
)

// EachReplayable calls fn with every table but lobbies (which have no
// game yet), in the order of their ids, each with its move log and
// results. It reads a page of tables at a time, each page from one
// snapshot, and calls fn between reads, outside any transaction: a big
// database is never held in memory at once, and a table written
// meanwhile is read as it was or as it became. An error of fn stops it and
// is returned.
func (s *Store) EachReplayable(ctx context.Context, fn func(Replayable) error) error {
	var after int64
	for {
		page, err := s.replayablePage(ctx, after)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, r := range page {
			if err := fn(r); err != nil {
				return err
			}
		}
		after = page[len(page)-1].Session.ID
	}
}

// replayablePage reads the tables after id after (lobbies left out),
// with their moves and results, as EachReplayable pages them.
func (s *Store) replayablePage(ctx context.Context, after int64) ([]Replayable, error) {
	var page []Replayable
	err := s.read(ctx, func(tx *txn) error {
		page = nil
		rows, err := tx.QueryContext(ctx, `SELECT `+tableColumns+` FROM sessions
			WHERE id > ? AND status <> ? ORDER BY id LIMIT ?`, after, StatusLobby.String(), replayablePageTables)
		if err != nil {
			return fmt.Errorf("store: sessions after %d: %w", after, err)
		}
		defer rows.Close()
		moves := 0
		for rows.Next() {
			sess, err := scanTable(rows)
			if err != nil {
				return fmt.Errorf("store: sessions after %d: %w", after, err)
			}
			if len(page) > 0 && moves+sess.Moves > replayablePageMoves {
				break
			}
			moves += sess.Moves
			page = append(page, Replayable{Session: sess, Log: make([]games.Entry, 0, sess.Moves), Results: []Result{}})
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: sessions after %d: %w", after, err)
		}
		rows.Close()
		if len(page) == 0 {
			return nil
		}
		index := make(map[int64]int, len(page))
		for i, r := range page {
			index[r.Session.ID] = i
		}
		lo, hi := page[0].Session.ID, page[len(page)-1].Session.ID
		if err := readPageMoves(ctx, tx, lo, hi, func(id int64, e games.Entry) {
			if i, ok := index[id]; ok {
				page[i].Log = append(page[i].Log, e)
			}
		}); err != nil {
			return err
		}
		return readPageResults(ctx, tx, lo, hi, func(id int64, r Result) {
			if i, ok := index[id]; ok {
				page[i].Results = append(page[i].Results, r)
			}
		})
	})
	return page, err
}

// readPageMoves reads the moves of tables lo to hi, in order.
func readPageMoves(ctx context.Context, tx *txn, lo, hi int64, add func(int64, games.Entry)) error {
	rows, err := tx.QueryContext(ctx, `SELECT session_id, seat, move FROM moves
		WHERE session_id >= ? AND session_id <= ? ORDER BY session_id, seq`, lo, hi)
	if err != nil {
		return fmt.Errorf("store: moves of sessions %d to %d: %w", lo, hi, err)
	}
	err = eachRow(rows, func(r scanner) error {
		id, e, err := scanMove(r)
		if err == nil {
			add(id, e)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store: moves of sessions %d to %d: %w", lo, hi, err)
	}
	return nil
}

// readPageResults reads the results of tables lo to hi, by seat.
func readPageResults(ctx context.Context, tx *txn, lo, hi int64, add func(int64, Result)) error {
	rows, err := tx.QueryContext(ctx, `SELECT session_id, seat, user_id, name, computer, score, won FROM results
		WHERE session_id >= ? AND session_id <= ? ORDER BY session_id, seat`, lo, hi)
	if err != nil {
		return fmt.Errorf("store: results of sessions %d to %d: %w", lo, hi, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id            int64
			r             Result
			computer, won int
		)
		if err := rows.Scan(&id, &r.Seat, &r.UserID, &r.Name, &computer, &r.Score, &won); err != nil {
			return fmt.Errorf("store: results of sessions %d to %d: %w", lo, hi, err)
		}
		r.Computer, r.Won = computer != 0, won != 0
		add(id, r)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: results of sessions %d to %d: %w", lo, hi, err)
	}
	return nil
}
