package cli

import (
	"bufio"
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
	"github.com/dealer/dealer/store/session"
)

// hintBudget is how long the solver may think for a hint.
const hintBudget = 2 * time.Second

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
// session's table, drawn as text.
type terminalGame struct {
	rg    render.Game
	table *session.Table
	st    *store.Store
	// me is the terminal player's seat: the first human one.
	me    games.Seat
	out   io.Writer
	color bool
}

// playTerminal runs an interactive game, every move saved before it is shown.
func playTerminal(reg *render.Registry, o playOptions, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	ctx := context.Background()
	st, err := openStore(o, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	defer st.Close()
	owner := terminalOwner(getenv)
	t := &terminalGame{st: st, out: stdout, color: colorTerminal(stdout, getenv)}
	if o.resume {
		err = t.resume(ctx, reg, o.game, owner)
	} else {
		err = t.start(ctx, reg, o, owner)
	}
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 1
	}
	if err := t.loop(ctx, stdin); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 1
	}
	return 0
}

// start deals a new game: the terminal's user in the human seats, computer
// players in the others.
func (t *terminalGame) start(ctx context.Context, reg *render.Registry, o playOptions, owner string) error {
	rg, _ := reg.Lookup(o.game)
	comp, err := seatsFor(rg.Info, o.seats, o.players)
	if err != nil {
		return err
	}
	deal := o.deal
	if !o.dealOK {
		deal = session.RandomDeal()
	}
	players := make([]store.Player, len(comp))
	for i, c := range comp {
		players[i].Computer = c
		if !c {
			players[i].UserID, players[i].Name = owner, strings.TrimPrefix(owner, "terminal:")
		}
	}
	table, err := session.Open(ctx, t.st, reg.Engines(), store.Session{
		Game: rg.Name, Deal: deal, Seats: len(comp), OwnerID: owner, Players: session.Seat(players), Status: store.StatusPlaying,
	})
	if err != nil {
		return err
	}
	t.sit(rg, table)
	fmt.Fprintf(t.out, "%s, deal %d. Type help for the commands.\n", rg.Title, deal)
	return nil
}

// resume replays owner's last unfinished game (of game, if named).
func (t *terminalGame) resume(ctx context.Context, reg *render.Registry, game, owner string) error {
	sess, err := t.st.LastUnfinished(ctx, game, "", owner)
	if err != nil {
		return fmt.Errorf("no unfinished game to resume (%v)", err)
	}
	moves, err := t.st.Moves(ctx, sess.ID)
	if err != nil {
		return err
	}
	rg, ok := reg.Lookup(sess.Game)
	if !ok {
		return fmt.Errorf("game %d is of %q, which is not on offer", sess.ID, sess.Game)
	}
	table, err := session.Replay(t.st, reg.Engines(), sess, moves)
	if err != nil {
		return fmt.Errorf("replaying game %d: %w", sess.ID, err)
	}
	t.sit(rg, table)
	fmt.Fprintf(t.out, "%s, deal %d, resumed after %d moves.\n", rg.Title, sess.Deal, len(moves))
	return nil
}

// sit takes the table, the terminal's player in its first human seat.
func (t *terminalGame) sit(rg render.Game, table *session.Table) {
	t.rg, t.table, t.me = rg, table, 0
	for s := 0; s < table.Sess.Seats; s++ {
		if !table.Player(games.Seat(s)).Computer {
			t.me = games.Seat(s)
			break
		}
	}
}

// names are the players by seat: "you" and the computer players.
func (t *terminalGame) names() []string {
	names := make([]string, t.table.Sess.Seats)
	for s := range names {
		names[s] = "you"
		if t.table.Player(games.Seat(s)).Computer {
			names[s] = session.ComputerName(s)
		}
	}
	return names
}

// loop plays until the game ends, the player quits or input ends; the
// computer players take their turns as they come.
func (t *terminalGame) loop(ctx context.Context, stdin io.Reader) error {
	in := bufio.NewScanner(stdin)
	for {
		if err := t.table.PlayComputers(ctx, func(s games.Seat, m games.Move) {
			fmt.Fprintf(t.out, "%s: %s\n", session.ComputerName(int(s)), m)
		}); err != nil {
			return err
		}
		g := t.table.Game
		fmt.Fprintln(t.out, textOf(t.rg, g, t.me, t.color, t.names()...))
		if g.Status().Finished() {
			return t.finish(ctx)
		}
		fmt.Fprint(t.out, "> ")
		if !in.Scan() {
			fmt.Fprintf(t.out, "\nSaved. Continue with: dealer play --resume\n")
			return in.Err()
		}
		if quit, err := t.command(ctx, strings.TrimSpace(in.Text())); quit || err != nil {
			return err
		}
	}
}

// command does one line of input, a command or a move, and reports
// whether the player quit. An error ends the session.
func (t *terminalGame) command(ctx context.Context, line string) (quit bool, err error) {
	switch strings.ToLower(line) {
	case "":
	case "quit", "q", "exit":
		fmt.Fprintf(t.out, "Saved. Continue with: dealer play --resume\n")
		return true, nil
	case "help", "?":
		fmt.Fprintln(t.out, t.help())
	case "hint":
		return false, t.hint(ctx)
	case "moves", "legal":
		fmt.Fprintln(t.out, legalText(t.table.Game, t.me))
	default:
		return false, t.move(ctx, line)
	}
	return false, nil
}

// move makes the player's move, saved before it is shown. A refused move
// is explained; one the store could not save ends the session, the game
// as the store has it.
func (t *terminalGame) move(ctx context.Context, line string) error {
	if !games.CanAct(t.table.Game, t.me) {
		fmt.Fprintln(t.out, "It is not your turn.")
		return nil
	}
	err := t.table.Apply(ctx, t.me, line)
	if err == nil {
		return nil
	}
	fmt.Fprintln(t.out, "✗", err)
	if errors.Is(err, session.ErrNotSaved) {
		return err
	}
	return nil
}

// hint says what the solver advises, and counts the hint.
func (t *terminalGame) hint(ctx context.Context) error {
	if t.rg.Solve == nil {
		fmt.Fprintln(t.out, "This game has no hints.")
		return nil
	}
	fmt.Fprintln(t.out, "Hint:", t.rg.Solve(t.table.Game, hintBudget).Advice())
	_, err := t.st.AddHint(ctx, t.table.Sess.ID)
	return err
}

func (t *terminalGame) help() string {
	return t.rg.Summary + "\n\nCommands: a move in the notation above, or moves (list the legal ones), undo, auto, hint, resign, quit (saves; continue with dealer play --resume)."
}

// finish records the result of the finished game.
func (t *terminalGame) finish(ctx context.Context) error {
	if err := t.table.Finish(ctx); err != nil {
		return err
	}
	g := t.table.Game
	fmt.Fprintf(t.out, "Game over: %s, score %v.\n", g.Status(), g.Scores())
	return nil
}

// legalText lists seat's legal moves.
func legalText(g games.Game, seat games.Seat) string {
	var s []string
	for _, m := range g.Legal(seat) {
		s = append(s, m.String())
	}
	if len(s) == 0 {
		return "No moves now."
	}
	return "Legal: " + strings.Join(s, ", ")
}

// colorTerminal reports whether w is a terminal that shows ANSI colour.
func colorTerminal(w io.Writer, getenv func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || getenv("NO_COLOR") != "" || getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
