package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

const (
	// hintBudget is how long the solver may think for a hint.
	hintBudget = 2 * time.Second
	// maxMoveLine is the longest line read as a move: a move is a few words.
	maxMoveLine = 100
	// width is the columns the terminal's text is written for.
	width = 80
)

// terminalOwner identifies the terminal's player in the store, so that
// --resume finds this user's games and no one else's.
func terminalOwner(getenv func(string) string) string {
	u := getenv("USER")
	if u == "" {
		u = "player"
	}
	return "terminal:" + u
}

// terminalGame is a game played at the terminal and kept in the store: a
// session's table, drawn as text. One person plays every human seat: with
// several (hot seat), the screen is handed over between them.
type terminalGame struct {
	e     env
	rg    render.Game
	table *play.Table
	st    *store.Store
	in    *lineReader
	out   io.Writer
	color bool
	// fourColour recolours the cards four ways, when color (--four-colour).
	fourColour bool
	// screen: out is a terminal, whose screen is cleared between the
	// players of a hot seat.
	screen bool
	// viewer is whose eyes the screen is for: a seat, or games.Spectator
	// while it is handed over.
	viewer games.Seat
	// drawn is the move count when the table was last drawn; -1 draws it.
	drawn int
	// news are the computer players' moves not yet shown.
	news      []string
	conflicts int
}

// playTerminal runs an interactive game, every move saved before it is shown.
func playTerminal(e env, o playOptions) int {
	ctx := context.Background()
	owner := terminalOwner(e.getenv)
	var players []store.Player
	if !o.resume.on {
		rg, _ := e.reg.Lookup(o.game)
		seats, err := seatsFor(rg.Info, o.seats, o.players)
		if err == nil {
			players, err = seatPlayers(seats, owner)
		}
		if err != nil {
			return usageError(e.stderr, "play", "%v", err)
		}
	}
	st, code := openStore(e, "play", o.db, o.config)
	if st == nil {
		return code
	}
	defer st.Close()
	t := &terminalGame{e: e, st: st, in: newLineReader(e.stdin, maxMoveLine), out: e.stdout,
		color: colorTerminal(e.stdout, e.getenv), fourColour: o.fourColour, screen: isTerminal(e.stdout), drawn: -1}
	var err error
	if o.resume.on {
		err = t.resume(ctx, o, owner)
	} else {
		err = t.start(ctx, o, owner, players)
	}
	if err != nil {
		// A replay's error may quote a move as the store holds it.
		fmt.Fprintln(e.stderr, "dealer play:", safeText(err.Error()))
		return exitFail
	}
	return t.loop(ctx)
}

// seatPlayers names the players of seats: computer players by seat, a
// named seat by its name, the first "you" as the terminal's user and the
// others "Player 2", "Player 3"… by their order among the people.
func seatPlayers(seats []seat, owner string) ([]store.Player, error) {
	players := make([]store.Player, len(seats))
	you, people := false, 0
	seen := map[string]bool{}
	for i, s := range seats {
		players[i].Computer, players[i].Level = s.computer, s.level
		if s.computer {
			continue
		}
		people++
		name := s.name
		switch {
		case name == "" && !you:
			you, name = true, strings.TrimPrefix(owner, "terminal:")
			players[i].UserID, players[i].Name = owner, name
		case name == "":
			name = fmt.Sprintf("Player %d", people)
			fallthrough
		default:
			players[i].UserID, players[i].Name = "terminal:"+name, name
		}
		if seen[strings.ToLower(name)] {
			return nil, fmt.Errorf("--seats: %s sits twice: give each player a different name", name)
		}
		seen[strings.ToLower(name)] = true
	}
	return play.Seat(players), nil
}

// start deals a new game for players.
func (t *terminalGame) start(ctx context.Context, o playOptions, owner string, players []store.Player) error {
	rg, _ := t.e.reg.Lookup(o.game)
	deal := o.deal.n
	if !o.deal.ok {
		deal = play.RandomDeal()
	}
	table, err := play.Open(ctx, t.st, t.e.reg.Engines(), store.TableRow{
		Game: rg.Name, Deal: deal, Seats: len(players), OwnerID: owner, Players: players, Status: store.StatusPlaying,
		Options: rg.FormatOptions(o.rules),
	})
	if err != nil {
		return fmt.Errorf("starting the game in %s: %w", t.st.Path(), err)
	}
	t.sit(rg, table)
	rules := ""
	if r := table.Rules(); r != "" {
		rules = ", house rules: " + r
	}
	fmt.Fprintf(t.out, "%s, deal %d%s (game %d). Type help for the rules and the commands.\n", rg.Title, deal, rules, table.Row.ID)
	return nil
}

// resume replays one of owner's unfinished games: game --resume ID, or the
// last one played (of o.game, if named).
func (t *terminalGame) resume(ctx context.Context, o playOptions, owner string) error {
	sess, err := t.unfinished(ctx, o, owner)
	if err != nil {
		return err
	}
	rg, ok := t.e.reg.Lookup(sess.Game)
	if !ok {
		return fmt.Errorf("game %d is of %q, which is not on offer", sess.ID, sess.Game)
	}
	moves, err := t.st.Moves(ctx, sess.ID)
	if err != nil {
		return fmt.Errorf("reading game %d from %s: %w", sess.ID, t.st.Path(), err)
	}
	table, err := play.Replay(t.st, t.e.reg.Engines(), sess, moves)
	if err != nil {
		return fmt.Errorf("replaying game %d: %w", sess.ID, err)
	}
	t.sit(rg, table)
	fmt.Fprintf(t.out, "%s, deal %d (game %d), resumed after %s.\n", rg.Title, sess.Deal, sess.ID, render.Plural(len(moves), "move"))
	return nil
}

// unfinished finds the game to resume, saying why when there is none.
func (t *terminalGame) unfinished(ctx context.Context, o playOptions, owner string) (store.TableRow, error) {
	if o.resume.id == 0 {
		sess, err := t.st.LastUnfinished(ctx, o.game, "", owner)
		if errors.Is(err, store.ErrNotFound) {
			return sess, fmt.Errorf("no unfinished game to resume in %s (dealer games --unfinished lists them)", t.st.Path())
		}
		if err != nil {
			return sess, fmt.Errorf("reading %s: %w", t.st.Path(), err)
		}
		return sess, nil
	}
	sess, err := t.st.TableRow(ctx, o.resume.id)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && sess.OwnerID != owner:
		return sess, fmt.Errorf("%s holds no game %d of yours (dealer games --unfinished lists them)", t.st.Path(), o.resume.id)
	case err != nil:
		return sess, fmt.Errorf("reading %s: %w", t.st.Path(), err)
	case sess.Status != store.StatusPlaying:
		return sess, fmt.Errorf("game %d is %s: there is nothing to resume", sess.ID, sess.Status)
	case o.game != "" && sess.Game != o.game:
		return sess, fmt.Errorf("game %d is %s, not %s", sess.ID, safeText(sess.Game), o.game)
	}
	return sess, nil
}

// sit takes the table, the screen for its first human seat.
func (t *terminalGame) sit(rg render.Game, table *play.Table) {
	t.rg, t.table = rg, table
	people := t.people()
	t.viewer = games.Spectator
	if len(people) == 1 {
		t.viewer = people[0]
	}
}

// people are the human seats.
func (t *terminalGame) people() []games.Seat {
	var out []games.Seat
	for s := 0; s < t.table.Row.Seats; s++ {
		if !t.table.Player(games.Seat(s)).Computer {
			out = append(out, games.Seat(s))
		}
	}
	return out
}

// hotSeat reports whether several people play at this terminal.
func (t *terminalGame) hotSeat() bool { return len(t.people()) > 1 }

// names are the players by seat: computer players by their names, the one
// person at the terminal as "you", and in a hot seat each by name.
func (t *terminalGame) names() []string {
	names := make([]string, t.table.Row.Seats)
	single := !t.hotSeat()
	for s := range names {
		p := t.table.Player(games.Seat(s))
		switch {
		case p.Computer:
			names[s] = play.ComputerName(s)
		case single:
			names[s] = "you"
		default:
			names[s] = clip(safeText(p.Name), maxName)
		}
	}
	return names
}

// name is one seat's name.
func (t *terminalGame) name(s games.Seat) string {
	if n := t.names(); s >= 0 && int(s) < len(n) {
		return n[s]
	}
	return "?"
}

// colorTerminal reports whether to write ANSI colour to w: to a terminal
// that shows it, or anywhere with CLICOLOR_FORCE set (a pipe into less -R);
// never with NO_COLOR set (no-color.org).
func colorTerminal(w io.Writer, getenv func(string) string) bool {
	if getenv("NO_COLOR") != "" {
		return false
	}
	if f := getenv("CLICOLOR_FORCE"); f != "" && f != "0" {
		return true
	}
	return isTerminal(w) && getenv("TERM") != "dumb"
}

// text is the table as the viewer sees it, for the terminal: in ANSI
// colour when it shows colour, the cards coloured four ways with
// --four-colour.
func (t *terminalGame) text(g games.Game) string {
	s := textOf(t.rg, g, t.viewer, t.color, t.names())
	if t.color && t.fourColour {
		s = render.FourColourText(s)
	}
	return s
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
