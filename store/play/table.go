// Package play is a game at a table, kept in the store: the one logic
// the bot's tables and the terminal's games share. A table's move log is
// the truth: a move is appended to the store before anything reports it,
// and a game is rebuilt by replaying its log.
package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// ErrNotSaved is a move the store refused: it was not made, and the game
// was rebuilt from the store.
var ErrNotSaved = errors.New("the move could not be saved, so it was not made: try again")

// ErrMovedOn is a change the store refused because the table moved on
// since this copy of it was read (another process, or another window,
// changed it: a player joined, the game started, a move was made, it
// ended). Nothing was written, and the Table is now the store's: answer
// from it.
var ErrMovedOn = errors.New("the table moved on")

// Unreplayable is the error of a table whose move log no longer replays
// under its rules (an engine that changed without a new rules version, a
// log written by hand): the table is kept as it is (store.MarkBroken),
// never played on, resumed or counted.
type Unreplayable struct {
	Row    store.TableRow // the table, as stored (Broken set)
	Reason string         // why it does not replay
	// Found is true when this load found it out, and marked it: the first
	// to meet it tells its players and the admin; later loads only answer.
	Found bool
}

// Error says which table and why.
func (u *Unreplayable) Error() string {
	return fmt.Sprintf("table %d (%s) can no longer be replayed: %s", u.Row.ID, u.Row.Game, u.Reason)
}

// Table is a table as stored (Row) and its game. It is not safe for concurrent use: its
// owner orders what is done to it (the bot holds a lock per table).
type Table struct {
	Info games.Info
	Row  store.TableRow
	// Options are the table's house rules (nil for the standard game), read
	// from Sess.Options.
	Options games.Options
	// Game is nil while a multiplayer table is a lobby.
	Game games.Game
	// Clock, when set, is what the table waits on once a change is saved
	// (a turn's clock): given the table as it will be, it returns the
	// timers to arm with the change, in its write (the deal, a run of
	// moves), so that no process's death between the two leaves a table
	// waiting on nobody. Nil or empty: nothing is armed.
	Clock func(next *Table) []store.Timer

	st  *store.Store
	reg *games.Registry
	// log is the moves saved so far: the game is rebuilt from it when the
	// store refuses a move and cannot be read either (a closed store).
	log []games.Entry
}

// Open deals game sess.Game from sess.Deal for sess.Seats under house rules
// sess.Options (as games.Info.FormatOptions writes them; "" for the
// standard game) and creates its table in the store: a daily deal's (one
// attempt a player, always the standard game) when sess.Daily is set. A
// lobby (Status Lobby) is created without a game.
func Open(ctx context.Context, st *store.Store, reg *games.Registry, sess store.TableRow) (*Table, error) {
	info, opts, err := reg.LookupOptions(sess.Game, sess.Options)
	if err != nil {
		return nil, err
	}
	if sess.Daily != "" && opts != nil {
		return nil, errors.New("the daily deal is played under the standard rules: no options")
	}
	sess.Options = info.FormatOptions(opts)
	sess.Rules = info.NewestRules() // a new table plays the newest rules
	t := &Table{Info: info, Options: opts, st: st, reg: reg}
	if sess.Status != store.StatusLobby {
		g, err := reg.NewUnder(info.Name, sess.Deal, sess.Seats, opts, sess.Rules)
		if err != nil {
			return nil, err
		}
		t.Game = g
		sess.Status = store.StatusPlaying
	}
	if sess.Daily != "" {
		sess.ID, err = st.CreateDaily(ctx, sess, sess.Daily)
	} else {
		sess.ID, err = st.CreateTable(ctx, sess)
	}
	if err != nil {
		return nil, err
	}
	t.Row = sess
	return t, nil
}

// Replay rebuilds the table of sess from its move log (a lobby has none).
// A table kept as unreplayable, or whose moves do not replay, is an
// *Unreplayable (with Found false: Replay marks nothing; see Restore).
func Replay(st *store.Store, reg *games.Registry, sess store.TableRow, moves []games.Entry) (*Table, error) {
	info, ok := reg.Lookup(sess.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", sess.Game)
	}
	if sess.Broken != "" {
		return nil, &Unreplayable{Row: sess, Reason: sess.Broken}
	}
	opts, err := info.ParseOptions(sess.Options)
	if err != nil {
		return nil, fmt.Errorf("session %d: %w", sess.ID, err)
	}
	t := &Table{Info: info, Row: sess, Options: opts, st: st, reg: reg, log: append([]games.Entry(nil), moves...)}
	if sess.Status == store.StatusLobby {
		return t, nil
	}
	g, err := reg.Replay(t.record(moves))
	var bad *games.MoveError
	if errors.As(err, &bad) {
		return nil, &Unreplayable{Row: sess, Reason: bad.Error()}
	}
	if err != nil {
		// Not the moves: a game or rules version this dealer does not know
		// (a newer dealer's table, during a rolling upgrade). Not marked.
		return nil, fmt.Errorf("session %d: %w", sess.ID, err)
	}
	t.Game = g
	return t, nil
}

// Restore is Replay that keeps a table whose moves no longer replay: the
// first to find it out marks it in the store (store.MarkBroken), and its
// Unreplayable says Found.
func Restore(ctx context.Context, st *store.Store, reg *games.Registry, sess store.TableRow, moves []games.Entry) (*Table, error) {
	t, err := Replay(st, reg, sess, moves)
	var u *Unreplayable
	if !errors.As(err, &u) || sess.Broken != "" {
		return t, err
	}
	v, merr := st.MarkBroken(ctx, sess.ID, sess.Version, u.Reason)
	if merr != nil {
		return nil, fmt.Errorf("%w (keeping it failed: %w)", u, merr)
	}
	u.Row.Broken, u.Row.Version, u.Found = u.Reason, v, true
	return nil, u
}

// Load reads table id and its move log from the store, from one
// snapshot, and restores it (Restore).
func Load(ctx context.Context, st *store.Store, reg *games.Registry, id int64) (*Table, error) {
	sess, moves, err := st.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	return Restore(ctx, st, reg, sess, moves)
}

// Sync brings the table up to the store when another writer changed it
// since it was read (its version moved on): one cheap read when it is
// current. Use it before answering from a copy kept in memory.
func (t *Table) Sync(ctx context.Context) error {
	v, err := t.st.Version(ctx, t.Row.ID)
	if err != nil {
		return err
	}
	if v == t.Row.Version {
		return nil
	}
	return t.reload(ctx)
}

// reload makes the table the store's again.
func (t *Table) reload(ctx context.Context) error {
	fresh, err := Load(ctx, t.st, t.reg, t.Row.ID)
	if err != nil {
		return err
	}
	fresh.Clock = t.Clock // the owner's, not the store's
	*t = *fresh
	return nil
}

// refused is the error of a change the store refused: on a conflict the
// table is read again, and the error is ErrMovedOn.
func (t *Table) refused(ctx context.Context, err error) error {
	if !errors.Is(err, store.ErrConflict) {
		return err
	}
	if rerr := t.reload(ctx); rerr != nil {
		return fmt.Errorf("%w (%w); reading it again failed: %w", ErrMovedOn, err, rerr)
	}
	return fmt.Errorf("%w (%w)", ErrMovedOn, err)
}

// ErrNoHints is a hint asked of a game that has no solver to give one.
var ErrNoHints = errors.New("this game has no hints")

// Hint counts one more hint used at the table, whatever the solver advised
// (the caller asks it: Info.Solve), and returns how many it has used. A
// game without a solver is ErrNoHints, and nothing is counted.
func (t *Table) Hint(ctx context.Context) (int, error) {
	if t.Info.Solve == nil {
		return 0, ErrNoHints
	}
	n, err := t.st.AddHint(ctx, t.Row.ID)
	if err != nil {
		return 0, err
	}
	t.Row.Hints = n
	return n, nil
}

// rebuild takes back a move the store refused: the table is read again
// from the store, the truth, or, when the store cannot be read (it may
// yet have taken the move: Sync finds out at the next use), the game is
// replayed from the moves it took so far.
func (t *Table) rebuild(ctx context.Context) {
	if t.reload(ctx) == nil {
		return
	}
	if g, err := t.reg.Replay(t.record(t.log)); err == nil {
		t.Game = g
	}
}

// record is the table's record with moves: what replays it exactly.
func (t *Table) record(moves []games.Entry) games.Record {
	return games.Record{Game: t.Info.Name, Deal: t.Row.Deal, Seats: t.Row.Seats, Options: t.Row.Options, Rules: t.Row.Rules, Moves: moves}
}

// Rules says the table's house rules for people ("free cells 8"), "" for
// the standard game.
func (t *Table) Rules() string { return t.Info.DescribeOptions(t.Options) }

// ComputerAt is the computer player at seat, at its level (a stand-in's
// is Normal: standin.go); nil when a person plays there.
func (t *Table) ComputerAt(seat games.Seat) games.Computer {
	if p := t.Player(seat); p.Computer || p.StandIn {
		return t.Info.ComputerFor(p.Level)
	}
	return nil
}

// Finish records a finished game's result: every player's score, and who
// won.
// A table that moved on since it was read is ErrMovedOn (another writer
// finished it already, or it went on): nothing is written.
func (t *Table) Finish(ctx context.Context) error {
	status := t.Game.Status()
	v, err := t.st.Finish(ctx, t.Row.ID, t.Row.Version, status, Results(t.Row.Players, t.Game))
	if err != nil {
		return t.refused(ctx, err)
	}
	t.Row.Status, t.Row.Version = status, v
	return nil
}

// Results are each player's score and whether they won.
func Results(players []store.Player, g games.Game) []store.Result {
	scores, won := g.Scores(), map[games.Seat]bool{}
	for _, w := range g.Winners() {
		won[w] = true
	}
	var out []store.Result
	for _, p := range players {
		score := 0
		if p.Seat >= 0 && p.Seat < len(scores) {
			score = scores[p.Seat]
		}
		out = append(out, store.Result{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Score: score, Won: won[games.Seat(p.Seat)]})
	}
	return out
}

// Log returns the moves saved so far, in order.
func (t *Table) Log() []games.Entry { return append([]games.Entry(nil), t.log...) }

// Abandon closes the table (a lobby, or a game before it ended): its
// status becomes Abandoned and it counts on no leaderboard. A table that
// moved on since it was read is ErrMovedOn: nothing is written.
func (t *Table) Abandon(ctx context.Context) error {
	v, err := t.st.Finish(ctx, t.Row.ID, t.Row.Version, store.StatusAbandoned, nil)
	if err != nil {
		return t.refused(ctx, err)
	}
	t.Row.Status, t.Row.Version = store.StatusAbandoned, v
	return nil
}

// SetPlayers seats a lobby's players (seated by Seat). A lobby that moved
// on since it was read is ErrMovedOn: nothing is written, and the Table is
// the store's (perhaps a game that has started).
func (t *Table) SetPlayers(ctx context.Context, players []store.Player) error {
	v, err := t.st.SetPlayers(ctx, t.Row.ID, t.Row.Version, players)
	if err != nil {
		return t.refused(ctx, err)
	}
	t.Row.Players, t.Row.Version = players, v
	return nil
}

// clock is the timers Clock arms for the table as it is: none without
// a Clock.
func (t *Table) clock() []store.Timer {
	if t.Clock == nil {
		return nil
	}
	return t.Clock(t)
}

// Player returns the player at seat.
func (t *Table) Player(seat games.Seat) store.Player {
	for _, p := range t.Row.Players {
		if p.Seat == int(seat) {
			return p
		}
	}
	return store.Player{Seat: int(seat)}
}

// SeatOf returns the seat of a human player by user id, or false.
func (t *Table) SeatOf(userID string) (games.Seat, bool) {
	for _, p := range t.Row.Players {
		if !p.Computer && p.UserID == userID {
			return games.Seat(p.Seat), true
		}
	}
	return 0, false
}

// Names lists the players' names by seat, as pictures show them.
func (t *Table) Names() []string {
	out := make([]string, t.Row.Seats)
	for _, p := range t.Row.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = p.Name
		}
	}
	return out
}

// Start deals a lobby's game for players (seated by Fill or Seat) and
// saves the seating. A lobby that moved on since it was read is
// ErrMovedOn: nothing is written, and the Table is the store's.
func (t *Table) Start(ctx context.Context, players []store.Player) error {
	g, err := t.reg.NewUnder(t.Info.Name, t.Row.Deal, len(players), t.Options, t.Row.Rules)
	if err != nil {
		return err
	}
	next := *t
	next.Row.Players, next.Row.Seats, next.Row.Status, next.Game, next.log = players, len(players), store.StatusPlaying, g, nil
	v, err := t.st.StartTable(ctx, t.Row.ID, t.Row.Version, len(players), players, next.clock()...)
	if err != nil {
		return t.refused(ctx, err)
	}
	next.Row.Version = v
	*t = next
	return nil
}
