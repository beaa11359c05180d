package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// playOptions are the flags of `dealer play`.
type playOptions struct {
	game    string
	deal    uint64
	dealOK  bool
	resume  bool
	moves   string
	json    bool
	seats   string
	players int
	config  string
	db      string
}

func parsePlayFlags(args []string, stderr io.Writer) (playOptions, error) {
	var o playOptions
	fs := flag.NewFlagSet("dealer play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deal := fs.String("deal", "", "deal number (default: a random one)")
	fs.BoolVar(&o.resume, "resume", false, "continue your last unfinished game")
	fs.StringVar(&o.moves, "moves", "", "apply the moves in FILE (one per line, # comments) instead of playing")
	fs.BoolVar(&o.json, "json", false, "with --moves: print the resulting state as JSON")
	fs.StringVar(&o.seats, "seats", "", "multiplayer: who sits where, such as you,ai,ai,ai")
	fs.IntVar(&o.players, "players", 0, "multiplayer: how many players (default: the game's fewest, or as many as --seats names)")
	fs.StringVar(&o.config, "config", "", "config file (default config.yaml if present)")
	fs.StringVar(&o.db, "db", "", "SQLite file (default: the config's database)")
	// Accept the game name before or after the flags.
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		o.game, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		if o.game != "" || fs.NArg() > 1 {
			return o, fmt.Errorf("unexpected %q", strings.Join(fs.Args(), " "))
		}
		o.game = fs.Arg(0)
	}
	if *deal != "" {
		n, err := strconv.ParseUint(*deal, 10, 64)
		if err != nil || n == 0 {
			return o, fmt.Errorf("--deal must be a whole number from 1 (got %q)", *deal)
		}
		o.deal, o.dealOK = n, true
	}
	return o, nil
}

// playWith is `dealer play` over the games of reg.
func playWith(reg *render.Registry, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	o, err := parsePlayFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	names := strings.Join(reg.Engines().Names(), ", ")
	if o.game == "" && !o.resume {
		fmt.Fprintf(stderr, "dealer play: name a game: %s\n", names)
		return 2
	}
	if o.game != "" {
		if _, ok := reg.Lookup(o.game); !ok {
			fmt.Fprintf(stderr, "dealer play: no game called %q (try one of: %s)\n", o.game, names)
			return 2
		}
	}
	if o.moves != "" {
		return playScripted(reg, o, stdout, stderr)
	}
	if o.json {
		return playComputersOnly(reg, o, stdout, stderr)
	}
	return playTerminal(reg, o, stdin, stdout, stderr, getenv)
}

// seatsFor reads --players and --seats ("you,ai,ai,ai") for a game;
// solitaires are "you"; without --seats, you sit first and computers fill
// the other seats.
func seatsFor(info games.Info, spec string, players int) ([]bool, error) {
	if players != 0 && (players < info.MinSeats || players > info.MaxSeats) {
		if info.Solitaire() {
			return nil, fmt.Errorf("%s is a solitaire, not for %d players", info.Title, players)
		}
		return nil, fmt.Errorf("%s is for %s, not %d", info.Title, info.SeatsText(), players)
	}
	if spec == "" {
		n := info.MinSeats
		if players != 0 {
			n = players
		}
		comp := make([]bool, n)
		for i := 1; i < len(comp); i++ {
			comp[i] = true
		}
		return comp, nil
	}
	parts := strings.Split(spec, ",")
	if players != 0 && players != len(parts) {
		return nil, fmt.Errorf("--players %d but --seats names %d", players, len(parts))
	}
	if len(parts) < info.MinSeats || len(parts) > info.MaxSeats {
		return nil, fmt.Errorf("%s seats %d to %d players, --seats names %d", info.Title, info.MinSeats, info.MaxSeats, len(parts))
	}
	comp := make([]bool, len(parts))
	for i, p := range parts {
		switch strings.TrimSpace(strings.ToLower(p)) {
		case "you", "me", "human":
		case "ai", "computer", "cpu":
			if info.Computer == nil {
				return nil, fmt.Errorf("%s has no computer players", info.Title)
			}
			comp[i] = true
		default:
			return nil, fmt.Errorf("--seats: %q is neither you nor ai", p)
		}
	}
	return comp, nil
}

// playScripted applies a file of moves and prints the state as JSON (or,
// without --json, as the first seat sees it).
func playScripted(reg *render.Registry, o playOptions, stdout, stderr io.Writer) int {
	rg, _ := reg.Lookup(o.game)
	if !o.dealOK {
		fmt.Fprintln(stderr, "dealer play: --moves needs --deal N, so that the moves have a deal to apply to")
		return 2
	}
	comp, err := seatsFor(rg.Info, o.seats, o.players)
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	f, err := os.Open(o.moves)
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	defer f.Close()
	g, err := reg.Engines().New(rg.Name, o.deal, len(comp))
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	if code := playScript(g, rg.Info, comp, o.moves, f, stderr); code != 0 {
		return code
	}
	if !o.json {
		fmt.Fprintln(stdout, textOf(rg, g, games.Seat(0), false))
		return 0
	}
	return writeJSON(games.FullState(g), stdout, stderr)
}

// playScript applies the moves of script (file name, for messages), one a
// line with # comments, the computer players taking their turns between
// them. It returns 0, or the exit status of the first failure, said on
// stderr.
func playScript(g games.Game, info games.Info, comp []bool, name string, script io.Reader, stderr io.Writer) int {
	sc := bufio.NewScanner(script)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
		if text == "" {
			continue
		}
		if err := playComputers(g, info, comp); err != nil {
			fmt.Fprintf(stderr, "%s:%d: %v\n", name, line, err)
			return 1
		}
		seat, move := seatOf(g, text)
		if err := games.Play(g, seat, move); err != nil {
			fmt.Fprintf(stderr, "%s:%d: %s: %v\n", name, line, move, err)
			return 1
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	if err := playComputers(g, info, comp); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 1
	}
	return 0
}

// playComputersOnly plays a whole game among computer players and prints
// its summary as JSON: `dealer play secretagent --deal 7 --seats ai,ai,ai,ai --json`.
func playComputersOnly(reg *render.Registry, o playOptions, stdout, stderr io.Writer) int {
	info, _ := reg.Engines().Lookup(o.game)
	comp, err := seatsFor(info, o.seats, o.players)
	if err == nil && (o.seats == "" || strings.Contains(strings.ToLower(o.seats), "you") || !o.dealOK) {
		err = errors.New("--json without --moves plays a whole game among computer players: give --deal N and --seats ai,ai,…")
	}
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	g, err := reg.Engines().New(info.Name, o.deal, len(comp))
	if err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	if err := playComputers(g, info, comp); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 1
	}
	var out any = games.FullState(g)
	// A multi-deal game's summary (deal by deal, totals, winner) says more
	// than its final position.
	if s, ok := g.(games.Summarizer); ok {
		out = s.GameSummary()
	}
	return writeJSON(out, stdout, stderr)
}

// writeJSON prints v as indented JSON: exit status 0, or 2 if it cannot.
func writeJSON(v any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return 2
	}
	return 0
}

// seatOf reads an optional "N:" seat prefix of a scripted move ("2: play QH");
// without one, the move is for the first seat to act.
func seatOf(g games.Game, text string) (games.Seat, string) {
	if i := strings.IndexByte(text, ':'); i > 0 {
		if n, err := strconv.Atoi(strings.TrimSpace(text[:i])); err == nil {
			return games.Seat(n), strings.TrimSpace(text[i+1:])
		}
	}
	if act := g.ToAct(); len(act) > 0 {
		return act[0], text
	}
	return 0, text
}

// playComputers lets g's computer seats (comp[seat]) take their turns,
// with no store: the terminal's scripted and computers-only modes.
func playComputers(g games.Game, info games.Info, comp []bool) error {
	computer := func(s games.Seat) bool { return s >= 0 && int(s) < len(comp) && comp[s] }
	return session.PlayComputers(g, info, computer, g.Apply)
}

// openStore opens the configured database for terminal play.
func openStore(o playOptions, getenv func(string) string) (*store.Store, error) {
	path := o.db
	if path == "" {
		cfgPath, explicit := o.config, o.config != ""
		if !explicit {
			cfgPath = defaultConfigPath
		}
		cfg, err := loadConfig(cfgPath, explicit, getenv)
		if err != nil {
			return nil, err
		}
		path = cfg.Database
	}
	return store.Open(path)
}
