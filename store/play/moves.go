package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealer/dealer/games"
)

// ErrIllegal is a move the game does not take now: one it cannot read,
// or one its rules refuse. Apply's error is both ErrIllegal and the game's
// own (a games.Refusal where the game gives one, for callers to word in
// the player's language), and says the game's words. Nothing was changed.
var ErrIllegal = errors.New("not a legal move now")

// illegal is a move the game refused: ErrIllegal, with the game's reason.
type illegal struct{ reason error }

// Error is the game's reason, as the game words it.
func (e illegal) Error() string { return e.reason.Error() }

// Unwrap is ErrIllegal and the game's reason.
func (e illegal) Unwrap() []error { return []error{ErrIllegal, e.reason} }

// ErrComputer is a computer player's move the game refused (a bug): the
// moves before it are saved (the person's too, in Play), and the computer
// players stop there.
var ErrComputer = errors.New("a computer player's move failed")

// Apply makes a move for seat and appends it to the log before anything
// reports it: the one check of a move's legality. An illegal move changes
// nothing and is ErrIllegal (with the game's reason). A move that finishes
// a round of a game played in rounds (games.Rounder) is saved with the
// rounds' scores. A move the store refuses is taken back by rebuilding
// the game from the store, and ErrNotSaved is returned, wrapping the
// store's error (store.ErrConflict when another writer had moved the game
// on: the game is then as that writer left it), so memory never holds a
// move the log lacks.
func (t *Table) Apply(ctx context.Context, seat games.Seat, move string) error {
	return t.play(ctx, seat, move, false, nil)
}

// Play is Apply, then the computer players' moves while one is to act
// (PlayComputers), all saved in one write: a person's click waits for one
// commit, however many computer players answer it. The moves are saved
// all or none; each (when not nil) is then passed the computer players'
// moves. A computer move that fails (a bug: the game refused it) ends the
// computers' run: the moves before it are saved, and the error is
// ErrComputer.
func (t *Table) Play(ctx context.Context, seat games.Seat, move string, each func(games.Seat, games.Move)) error {
	return t.play(ctx, seat, move, true, each)
}

// play is Apply, and Play when computers is set.
func (t *Table) play(ctx context.Context, seat games.Seat, move string, computers bool, each func(games.Seat, games.Move)) error {
	if t.Game == nil {
		return illegal{errors.New("the game has not started: a lobby takes no move")}
	}
	m, err := t.Game.Parse(move)
	if err != nil {
		return illegal{err}
	}
	run := t.begin()
	if err := run.take(seat, m); err != nil {
		return err
	}
	var failed error
	if computers {
		failed = run.computers()
	}
	if err := t.save(ctx, run); err != nil {
		return err
	}
	run.report(1, each)
	return failed
}

// PlayComputers lets computer players move while one is to act, their
// moves saved in one write (all or none, as Play saves them) and then
// passed to each (when not nil).
func (t *Table) PlayComputers(ctx context.Context, each func(games.Seat, games.Move)) error {
	if t.Game == nil {
		return nil
	}
	run := t.begin()
	failed := run.computers()
	if err := t.save(ctx, run); err != nil {
		return err
	}
	run.report(0, each)
	return failed
}

// run is moves the game took in memory that the store has not yet: they
// are saved together (Table.save).
type run struct {
	t           *Table
	seq, rounds int // the game's move count and finished rounds before the run
	seats       []games.Seat
	moves       []games.Move
}

// begin starts a run of moves at the game as it is.
func (t *Table) begin() *run {
	return &run{t: t, seq: t.Game.Moves(), rounds: len(games.Rounds(t.Game))}
}

// take makes m for seat in the game, in memory: an illegal move changes
// nothing and is ErrIllegal.
func (r *run) take(seat games.Seat, m games.Move) error {
	if err := r.t.Game.Apply(seat, m); err != nil {
		return illegal{err}
	}
	r.seats, r.moves = append(r.seats, seat), append(r.moves, m)
	return nil
}

// computers takes the computer players' moves while one is to act. A
// move the game refuses ends them: ErrComputer.
func (r *run) computers() error {
	if err := PlayComputers(r.t.Game, r.t.ComputerAt, r.take); err != nil {
		return fmt.Errorf("%w: %w", ErrComputer, err)
	}
	return nil
}

// report passes each the run's moves from the index from on.
func (r *run) report(from int, each func(games.Seat, games.Move)) {
	if each == nil {
		return
	}
	for i := from; i < len(r.moves); i++ {
		each(r.seats[i], r.moves[i])
	}
}

// save appends the run's moves to the store in one write, with the game's
// rounds when a move of the run finished one, and the timers Clock arms.
// A run the store refuses is taken back by rebuilding the game from the
// store: ErrNotSaved.
func (t *Table) save(ctx context.Context, r *run) error {
	if len(r.moves) == 0 {
		return nil
	}
	entries := make([]games.Entry, len(r.moves))
	for i, m := range r.moves {
		entries[i] = games.Entry{Seat: r.seats[i], Move: m.String()}
	}
	var rounds [][]int
	if now := games.Rounds(t.Game); len(now) > r.rounds {
		rounds = now
	}
	next := *t
	next.Row.Moves = r.seq + len(entries)
	if err := t.st.AppendMoves(ctx, t.Row.ID, r.seq, entries, rounds, next.clock()...); err != nil {
		t.rebuild(ctx)
		return fmt.Errorf("%w (%w)", ErrNotSaved, err)
	}
	t.log = append(t.log, entries...)
	t.Row.Moves, t.Row.Version = r.seq+len(entries), t.Row.Version+len(entries)
	return nil
}
