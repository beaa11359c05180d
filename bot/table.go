package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"sync"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// table is a game at a table in a channel: the session in the store and the
// game rebuilt from its move log. mu orders everything done to one table;
// different tables run in parallel.
type table struct {
	mu   sync.Mutex
	sess store.Session
	info games.Info
	game games.Game // nil while a multiplayer table is a lobby

	// Multiplayer tables only:
	dmClosed    map[games.Seat]bool // players whose DMs could not be delivered
	roundsSaved int                 // rounds already in the store
	clock       *time.Timer         // the turn timeout
	notice      string              // a word for the channel, such as a timeout or a hint

	daily string // the day, for a daily deal's table
}

// seatOf returns the seat of a Discord user, or false.
func (t *table) seatOf(userID string) (games.Seat, bool) {
	for _, p := range t.sess.Players {
		if !p.Computer && p.UserID == userID {
			return games.Seat(p.Seat), true
		}
	}
	return 0, false
}

// resumeTables rebuilds every unfinished table by replaying its move log.
func (b *Bot) resumeTables(ctx context.Context) error {
	open, err := b.store.UnfinishedWithMoves(ctx)
	if err != nil {
		return fmt.Errorf("loading unfinished tables: %w", err)
	}
	for _, o := range open {
		if o.GuildID == "" { // a terminal game
			continue
		}
		if o.Status == store.StatusLobby {
			if info, ok := b.games.Lookup(o.Game); ok {
				b.tables[o.ID] = &table{sess: o.Session, info: info}
			}
			continue
		}
		t, err := b.replay(o.Session, o.Log)
		if err != nil {
			b.log.Error("a table could not be resumed", "table", o.ID, "game", o.Game, "err", err)
			continue
		}
		if t.game.Status().Finished() { // it ended before its result was saved
			b.finish(ctx, t)
			continue
		}
		b.tables[o.ID] = t
		if !t.info.Solitaire() {
			// Rounds already recorded are recorded again: RecordRound replaces.
			b.armTurnClock(t)
		}
	}
	if len(open) > 0 {
		b.log.Info("tables resumed", "count", len(b.tables))
	}
	return nil
}

// loadTable replays a session from the store.
func (b *Bot) loadTable(ctx context.Context, s store.Session) (*table, error) {
	moves, err := b.store.Moves(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	return b.replay(s, moves)
}

// replay rebuilds a table from its session and move log.
func (b *Bot) replay(s store.Session, moves []games.Entry) (*table, error) {
	info, ok := b.games.Lookup(s.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", s.Game)
	}
	g, err := b.games.Replay(games.Record{Game: s.Game, Deal: s.Deal, Seats: s.Seats, Moves: moves})
	if err != nil {
		return nil, err
	}
	return &table{sess: s, info: info, game: g, daily: s.Daily}, nil
}

// table finds a table in play.
func (b *Bot) table(id int64) *table {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.tables[id]
}

// apply makes a move at t (whose lock the caller holds) and commits it to the
// store before anything reports it. If the store refuses, the table is
// rebuilt from the store, so memory never holds a move the log lacks.
func (b *Bot) apply(ctx context.Context, t *table, seat games.Seat, move string) error {
	seq := t.game.Moves()
	m, err := t.game.Parse(move)
	if err != nil {
		return err
	}
	if err := t.game.Apply(seat, m); err != nil {
		return err
	}
	if err := b.store.AppendMove(ctx, t.sess.ID, seq, int(seat), m.String()); err != nil {
		b.log.Error("saving a move failed; rebuilding the table from the store", "table", t.sess.ID, "err", err)
		if fresh, lerr := b.loadTable(ctx, t.sess); lerr == nil {
			t.game = fresh.game
		}
		return fmt.Errorf("the move could not be saved, so it was not made: try again")
	}
	t.sess.Moves = seq + 1
	if t.game.Status().Finished() {
		b.finish(ctx, t)
	}
	return nil
}

// finish records a finished game's result and closes the table.
func (b *Bot) finish(ctx context.Context, t *table) {
	scores, won := t.game.Scores(), map[games.Seat]bool{}
	for _, w := range t.game.Winners() {
		won[w] = true
	}
	var results []store.Result
	for _, p := range t.sess.Players {
		results = append(results, store.Result{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Score: scores[p.Seat], Won: won[games.Seat(p.Seat)]})
	}
	status := t.game.Status().String()
	if err := b.store.Finish(ctx, t.sess.ID, status, results); err != nil {
		// The moves are all saved: the result is recomputed at the next start.
		b.log.Error("recording a result failed", "table", t.sess.ID, "err", err)
		return
	}
	t.sess.Status = status
	if t.clock != nil {
		t.clock.Stop()
	}
	b.log.Info("game over", "table", t.sess.ID, "game", t.sess.Game, "status", status, "scores", scores)
	b.mu.Lock()
	delete(b.tables, t.sess.ID)
	b.mu.Unlock()
}

// randomDeal picks a deal number for a new table.
func randomDeal() uint64 {
	var buf [8]byte
	_, _ = rand.Read(buf[:])
	return binary.LittleEndian.Uint64(buf[:])%1_000_000 + 1
}
