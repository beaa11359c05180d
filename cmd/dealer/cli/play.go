package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store/play"
)

// playOptions are the flags of `dealer play`.
type playOptions struct {
	game    string
	deal    dealFlag
	resume  resumeFlag
	moves   string
	json    bool
	seats   string
	players int
	config  string
	db      string
	// fourColour colours the cards four ways at the terminal (♦ blue, ♣
	// green), when it shows colour.
	fourColour bool
	// option is each --option name=value; rules is what they choose, read
	// by the game once it is known.
	option optionFlag
	rules  games.Options
	// set names the flags given, for the messages that refuse them.
	set []string
}

// optionFlag is --option name=value, repeatable.
type optionFlag []string

// String is the options given, space-separated.
func (o *optionFlag) String() string { return strings.Join(*o, " ") }

// Set adds one option, name=value.
func (o *optionFlag) Set(s string) error {
	*o = append(*o, s)
	return nil
}

// resumeFlag is --resume, alone (the last unfinished game) or with a
// game's number (--resume=12, or --resume 12).
type resumeFlag struct {
	on bool
	id int64
}

// String is "true" when --resume is given, else "false".
func (r *resumeFlag) String() string {
	if r == nil || !r.on {
		return "false"
	}
	return "true"
}

// IsBoolFlag lets --resume stand alone.
func (r *resumeFlag) IsBoolFlag() bool { return true }

// Set reads --resume's value: a boolean, or a game's number.
func (r *resumeFlag) Set(s string) error {
	if b, err := strconv.ParseBool(s); err == nil {
		r.on = b
		return nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return errors.New("--resume takes a game's number, as dealer games --unfinished lists them")
	}
	r.on, r.id = true, id
	return nil
}

func playUsage(e env) string {
	return `usage: dealer play GAME [--deal N] [--seats LIST] [--players N] [--option NAME=VALUE]...
       dealer play [GAME] --resume [ID]
       dealer play GAME --deal N --moves FILE [--json]
       dealer play GAME --deal N --seats ai,ai,... --json

Plays GAME in the terminal, every move saved. The games: ` + gameNames(e.reg) + `.

  --deal N        deal number N, the same deal everywhere (default: random)
  --seats LIST    multiplayer: who sits where, such as you,ai,ai:hard,ai:easy
                  (computer players: ai is normal; ai:easy, ai:hard). Name
                  several players (ann,bob,ai,ai) to take turns at this
                  terminal; each hand is hidden until its player is ready
  --players N     multiplayer: how many players (default: the fewest)
  --option N=V    a house rule (repeatable; the list is below), such as
                  --option deals=2
  --resume [ID]   continue your last unfinished game, or game ID (see
                  dealer games --unfinished)
  --moves FILE    apply the moves in FILE (- for standard input), one a line,
                  # comments; print the state, and stop at a refused move
                  with exit status 1 and the file's line
  --json          with --moves, print the state as JSON; with --seats ai,…
                  and no --moves, play a whole game among computer players
  --four-colour   a four-colour deck: diamonds blue, clubs green (hearts red,
                  spades plain). Colour is shown on a terminal, unless
                  NO_COLOR is set; CLICOLOR_FORCE=1 shows it in a pipe too
  --db FILE       the database (default: the config's, dealer.db)
  --config FILE   the config file (default: config.yaml if present)

At the table, type a move in the game's notation (help shows it), or:
  moves    the legal moves now          help    the short rules and moves
  rules    the full rules               table   the table again
  hint     the solver's advice (solitaires), undo, auto, resign: where the
           game has them (help lists the ones it has)
  abandon  end a multiplayer game for everyone (it counts for nobody)
  quit     stop; continue later with dealer play --resume

House rules, --option NAME=VALUE (kept with the game; the leaderboards keep
games under house rules apart):
` + optionsUsage(e.reg)
}

// parsePlay reads the arguments of `dealer play`; a usage error is
// returned as its message.
func parsePlay(reg *render.Registry, args []string) (playOptions, error) {
	var o playOptions
	fs := newFlags("dealer play")
	fs.Var(&o.deal, "deal", "")
	fs.Var(&o.resume, "resume", "")
	fs.StringVar(&o.moves, "moves", "", "")
	fs.BoolVar(&o.json, "json", false, "")
	fs.StringVar(&o.seats, "seats", "", "")
	fs.IntVar(&o.players, "players", 0, "")
	fs.StringVar(&o.config, "config", "", "")
	fs.StringVar(&o.db, "db", "", "")
	fs.BoolVar(&o.fourColour, "four-colour", false, "")
	fs.Var(&o.option, "option", "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return o, errors.New(flagError(err))
	}
	o.set = setFlags(fs)
	for _, a := range rest {
		if o.resume.on && o.resume.id == 0 && strings.Trim(a, "0123456789") == "" {
			if err := o.resume.Set(a); err != nil {
				return o, err
			}
			continue
		}
		if o.game != "" {
			return o, fmt.Errorf("unexpected %q", clip(a, 40))
		}
		o.game = a
	}
	return o, checkPlay(reg, o)
}

// checkPlay refuses options that do not go together.
func checkPlay(reg *render.Registry, o playOptions) error {
	if o.game != "" {
		if _, ok := reg.Lookup(o.game); !ok {
			return fmt.Errorf("no game called %q (try one of: %s)", clip(o.game, 40), gameNames(reg))
		}
	}
	if o.resume.on {
		var dropped []string
		for _, f := range o.set {
			if f != "--resume" && f != "--db" && f != "--config" && f != "--four-colour" {
				dropped = append(dropped, f)
			}
		}
		if len(dropped) > 0 {
			return fmt.Errorf("--resume continues a saved game as it was, so %s would be ignored: give one or the other",
				strings.Join(dropped, " and "))
		}
		return nil
	}
	switch {
	case o.game == "":
		return fmt.Errorf("name a game: %s", gameNames(reg))
	case o.moves != "" && !o.deal.ok:
		return errors.New("--moves needs --deal N, so that the moves have a deal to apply to")
	}
	return nil
}

// playCmd is `dealer play`.
func playCmd(e env, args []string) int {
	o, err := parsePlay(e.reg, args)
	if err != nil {
		return usageError(e.stderr, "play", "%v", err)
	}
	if len(o.option) > 0 {
		// A house rule the game does not have, or a value out of its
		// range, is a refused game (exit 1), answered with what is allowed.
		info, _ := e.reg.Engines().Lookup(o.game)
		if o.rules, err = info.ParseOptions(o.option...); err != nil {
			fmt.Fprintln(e.stderr, "dealer play:", err)
			return exitFail
		}
	}
	switch {
	case o.moves != "":
		return playScripted(e, o)
	case o.json:
		return playComputersOnly(e, o)
	}
	return playTerminal(e, o)
}

// seat is one seat of --seats: a computer player, or a person, with the
// name given ("" for you).
type seat struct {
	computer bool
	level    games.Level // a computer player's
	name     string
}

// maxName is the longest player name, in characters: tables stay within
// 80 columns.
const maxName = 12

// seatsFor reads --players and --seats ("you,ai,ai,ai", "ann,bob,ai,ai")
// for a game; solitaires are "you"; without --seats, you sit first and
// computers fill the other seats.
func seatsFor(info games.Info, spec string, players int) ([]seat, error) {
	if players != 0 && (players < info.MinSeats || players > info.MaxSeats) {
		if info.Solitaire() {
			return nil, fmt.Errorf("%s is a solitaire, not for %d players", info.Title, players)
		}
		return nil, fmt.Errorf("%s is for %s, not %d", info.Title, info.SeatsText(), players)
	}
	if spec == "" {
		out := make([]seat, max(players, info.MinSeats))
		for i := 1; i < len(out); i++ {
			out[i].computer = true
		}
		return out, nil
	}
	parts := strings.Split(spec, ",")
	if players != 0 && players != len(parts) {
		return nil, fmt.Errorf("--players %d but --seats names %d", players, len(parts))
	}
	if len(parts) < info.MinSeats || len(parts) > info.MaxSeats {
		return nil, fmt.Errorf("%s seats %s, --seats names %d", info.Title, info.SeatsText(), len(parts))
	}
	out := make([]seat, len(parts))
	seen := map[string]bool{}
	for i, p := range parts {
		s, err := readSeat(info, strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		if key := strings.ToLower(s.name); s.name != "" && seen[key] {
			return nil, fmt.Errorf("--seats: %s sits twice: give each player a different name", s.name)
		} else {
			seen[key] = true
		}
		out[i] = s
	}
	for i, s := range out {
		if name := play.ComputerName(i); s.computer && seen[strings.ToLower(name)] {
			return nil, fmt.Errorf("--seats: %s is the computer player's name at seat %d: choose another", name, i+1)
		}
	}
	return out, nil
}

// readSeat reads one seat of --seats: you, ai (ai:easy, ai:hard for a
// level; ai is normal) or a player's name.
func readSeat(info games.Info, p string) (seat, error) {
	kind, level, leveled := strings.Cut(strings.ToLower(p), ":")
	switch kind {
	case "you", "me", "human":
		if leveled {
			break
		}
		return seat{}, nil
	case "ai", "computer", "cpu":
		if info.Computer == nil {
			return seat{}, fmt.Errorf("%s has no computer players", info.Title)
		}
		s := seat{computer: true}
		if leveled {
			l, err := games.ParseLevel(level)
			if err != nil {
				return seat{}, fmt.Errorf("--seats: %q: a computer player is ai, ai:easy, ai:normal or ai:hard", p)
			}
			if !info.HasLevels() && l != games.Normal {
				return seat{}, fmt.Errorf("--seats: %s's computer players have one level: ai", info.Title)
			}
			s.level = l
		}
		return s, nil
	}
	ok := p != "" && utf8.RuneCountInString(p) <= maxName
	for _, r := range p {
		ok = ok && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_')
	}
	if !ok {
		return seat{}, fmt.Errorf("--seats: %q is not you, ai or a name (letters and digits, at most %d)", p, maxName)
	}
	return seat{name: p}, nil
}

// computers gives each seat's computer player, at its level (nil for a
// person).
func computers(info games.Info, seats []seat) []games.Computer {
	out := make([]games.Computer, len(seats))
	for i, s := range seats {
		if s.computer {
			out[i] = info.ComputerFor(s.level)
		}
	}
	return out
}

// writeJSONTo prints v as indented JSON: exit status 0, or 1 if it cannot.
func writeJSONTo(v any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return exitFail
	}
	return exitOK
}

// optionsUsage lists every game's house rules for the usage text, a game
// a line: "  doublets        passes=1–3 (default 3)".
func optionsUsage(reg *render.Registry) string {
	var b strings.Builder
	for _, g := range reg.All() {
		if len(g.Options) > 0 {
			fmt.Fprintf(&b, "  %-15s %s\n", g.Name, g.OptionsHelp())
		}
	}
	return b.String()
}
