package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
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

// terminalGame is a game played at the terminal and kept in the store.
type terminalGame struct {
	info     games.Info
	g        games.Game
	st       *store.Store
	id       int64
	computer []bool
	out      io.Writer
	color    bool
}

// playTerminal runs an interactive game, every move saved before it is shown.
func playTerminal(reg *games.Registry, o playOptions, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
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

func (t *terminalGame) start(ctx context.Context, reg *games.Registry, o playOptions, owner string) error {
	info, _ := reg.Lookup(o.game)
	comp, err := seatsFor(info, o.seats, o.players)
	if err != nil {
		return err
	}
	deal := o.deal
	if !o.dealOK {
		deal = randomDeal()
	}
	g, err := reg.New(info.Name, deal, len(comp))
	if err != nil {
		return err
	}
	players := make([]store.Player, len(comp))
	for i, c := range comp {
		players[i] = store.Player{Seat: i, Computer: c, Name: "computer"}
		if !c {
			players[i].UserID, players[i].Name = owner, strings.TrimPrefix(owner, "terminal:")
		}
	}
	id, err := t.st.CreateSession(ctx, store.Session{Game: info.Name, Deal: deal, Seats: len(comp), OwnerID: owner, Players: players, Status: "playing"})
	if err != nil {
		return err
	}
	t.info, t.g, t.id, t.computer = info, g, id, comp
	fmt.Fprintf(t.out, "%s, deal %d. Type help for the commands.\n", info.Title, deal)
	return nil
}

func (t *terminalGame) resume(ctx context.Context, reg *games.Registry, game, owner string) error {
	sess, err := t.st.LastUnfinished(ctx, game, "", owner)
	if err != nil {
		return fmt.Errorf("no unfinished game to resume (%v)", err)
	}
	moves, err := t.st.Moves(ctx, sess.ID)
	if err != nil {
		return err
	}
	g, err := reg.Replay(games.Record{Game: sess.Game, Deal: sess.Deal, Seats: sess.Seats, Moves: moves})
	if err != nil {
		return fmt.Errorf("replaying game %d: %w", sess.ID, err)
	}
	info, _ := reg.Lookup(sess.Game)
	comp := make([]bool, sess.Seats)
	for _, p := range sess.Players {
		if p.Seat >= 0 && p.Seat < len(comp) {
			comp[p.Seat] = p.Computer
		}
	}
	t.info, t.g, t.id, t.computer = info, g, sess.ID, comp
	fmt.Fprintf(t.out, "%s, deal %d, resumed after %d moves.\n", info.Title, sess.Deal, len(moves))
	return nil
}

// names are the players by seat: "you" and the computer players.
func (t *terminalGame) names() []string {
	names := make([]string, len(t.computer))
	for i, c := range t.computer {
		names[i] = "you"
		if c {
			names[i] = computerName(i)
		}
	}
	return names
}

// computerName names the computer player at seat i.
func computerName(i int) string {
	return [...]string{"Ace", "Bond", "Cipher", "Dagger", "Echo"}[i%5]
}

// apply makes a move and commits it to the store before anything reports it.
// If the store refuses, the game is rebuilt from the store, so what is shown
// is always what is saved.
func (t *terminalGame) apply(ctx context.Context, seat games.Seat, m games.Move) error {
	seq := t.g.Moves()
	if err := t.g.Apply(seat, m); err != nil {
		return err
	}
	if err := t.st.AppendMove(ctx, t.id, seq, int(seat), m.String()); err != nil {
		return fmt.Errorf("could not save the move, so it was not made: %w", err)
	}
	return nil
}

func (t *terminalGame) loop(ctx context.Context, stdin io.Reader) error {
	in := bufio.NewScanner(stdin)
	me := games.Seat(0)
	for i, c := range t.computer {
		if !c {
			me = games.Seat(i)
			break
		}
	}
	for {
		if err := playComputers(t.g, t.info, t.computer, func(s games.Seat, m games.Move) error {
			if err := t.st.AppendMove(ctx, t.id, t.g.Moves()-1, int(s), m.String()); err != nil {
				return err
			}
			fmt.Fprintf(t.out, "%s: %s\n", computerName(int(s)), m)
			return nil
		}); err != nil {
			return err
		}
		fmt.Fprintln(t.out, textOf(t.g, me, t.color, t.names()...))
		if t.g.Status().Finished() {
			return t.finish(ctx)
		}
		fmt.Fprint(t.out, "> ")
		if !in.Scan() {
			fmt.Fprintf(t.out, "\nSaved. Continue with: dealer play --resume\n")
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "q", "exit":
			fmt.Fprintf(t.out, "Saved. Continue with: dealer play --resume\n")
			return nil
		case "help", "?":
			fmt.Fprintln(t.out, t.help())
			continue
		case "hint":
			fmt.Fprintln(t.out, hintText(t.info, t.g))
			if t.info.Solve != nil {
				if _, err := t.st.AddHint(ctx, t.id); err != nil {
					return err
				}
			}
			continue
		case "moves", "legal":
			fmt.Fprintln(t.out, legalText(t.g, me))
			continue
		}
		if !games.CanAct(t.g, me) {
			fmt.Fprintln(t.out, "It is not your turn.")
			continue
		}
		m, err := t.g.Parse(line)
		if err == nil {
			err = t.apply(ctx, me, m)
		}
		if err != nil {
			fmt.Fprintln(t.out, "✗", err)
			if strings.HasPrefix(err.Error(), "could not save") {
				return err
			}
		}
	}
}

func (t *terminalGame) help() string {
	return t.info.Summary + "\n\nCommands: a move in the notation above, or moves (list the legal ones), undo, auto, hint, resign, quit (saves; continue with dealer play --resume)."
}

func (t *terminalGame) finish(ctx context.Context) error {
	scores, winners := t.g.Scores(), t.g.Winners()
	won := map[games.Seat]bool{}
	for _, w := range winners {
		won[w] = true
	}
	sess, err := t.st.Session(ctx, t.id)
	if err != nil {
		return err
	}
	var results []store.Result
	for _, p := range sess.Players {
		results = append(results, store.Result{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Score: scores[p.Seat], Won: won[games.Seat(p.Seat)]})
	}
	if err := t.st.Finish(ctx, t.id, t.g.Status().String(), results); err != nil {
		return err
	}
	fmt.Fprintf(t.out, "Game over: %s, score %v.\n", t.g.Status(), scores)
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
