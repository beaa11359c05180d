package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store/play"
)

// maxScriptLine is the longest line a moves file may have.
const maxScriptLine = 4096

// playScripted applies a file of moves (--moves FILE, or - for standard
// input) and prints the state as JSON (or, without --json, as the first
// seat sees it).
func playScripted(e env, o playOptions) int {
	rg, _ := e.reg.Lookup(o.game)
	seats, err := seatsFor(rg.Info, o.seats, o.players)
	if err != nil {
		return usageError(e.stderr, "play", "%v", err)
	}
	name, script := o.moves, e.stdin
	if o.moves == "-" {
		name = "standard input"
	} else {
		f, err := os.Open(o.moves)
		if err != nil {
			return usageError(e.stderr, "play", "cannot read --moves %s: %v", o.moves, plainPathError(err))
		}
		defer f.Close()
		script = f
	}
	g, err := e.reg.Engines().NewWith(rg.Name, o.deal.n, len(seats), o.rules)
	if err != nil {
		return usageError(e.stderr, "play", "%v", err)
	}
	if code := playScript(g, rg.Info, computers(rg.Info, seats), name, script, e.stderr); code != exitOK {
		return code
	}
	if !o.json {
		fmt.Fprint(e.stdout, textOf(rg, g, 0, false, nil))
		return exitOK
	}
	return writeJSONTo(games.FullState(g), e.stdout, e.stderr)
}

// playScript applies the moves of script (name, for messages), one a line
// with # comments, the computer players taking their turns between them.
// It returns 0, or the exit status of the first failure, said in one line
// on stderr.
func playScript(g games.Game, info games.Info, comp []games.Computer, name string, script io.Reader, stderr io.Writer) int {
	in := newLineReader(script, maxScriptLine)
	for n := 1; ; n++ {
		l, ok, err := in.next()
		if err != nil {
			fmt.Fprintf(stderr, "dealer play: reading %s: %v\n", name, err)
			return exitFail
		}
		if !ok {
			break
		}
		if l.long {
			fmt.Fprintf(stderr, "%s:%d: line too long (%d characters)\n", name, n, l.runes)
			return exitFail
		}
		text, _, _ := strings.Cut(l.text, "#")
		if text = strings.TrimSpace(text); text == "" {
			continue
		}
		if err := playComputers(g, comp); err != nil {
			fmt.Fprintf(stderr, "%s:%d: %v\n", name, n, err)
			return exitFail
		}
		seat, move := seatOf(g, text)
		if err := games.Play(g, seat, move); err != nil {
			fmt.Fprintf(stderr, "%s:%d: %s: %s\n", name, n, clip(move, 60), clip(err.Error(), 200))
			return exitFail
		}
	}
	if err := playComputers(g, comp); err != nil {
		fmt.Fprintln(stderr, "dealer play:", err)
		return exitFail
	}
	return exitOK
}

// playComputersOnly plays a whole game among computer players and prints
// its summary as JSON: `dealer play secretagent --deal 7 --seats ai,ai,ai,ai --json`.
func playComputersOnly(e env, o playOptions) int {
	info, _ := e.reg.Engines().Lookup(o.game)
	seats, err := seatsFor(info, o.seats, o.players)
	if err == nil && (o.seats == "" || !allComputers(seats) || !o.deal.ok) {
		err = errors.New("--json without --moves plays a whole game among computer players: give --deal N and --seats ai,…")
	}
	if err != nil {
		return usageError(e.stderr, "play", "%v", err)
	}
	g, err := e.reg.Engines().NewWith(info.Name, o.deal.n, len(seats), o.rules)
	if err != nil {
		return usageError(e.stderr, "play", "%v", err)
	}
	if err := playComputers(g, computers(info, seats)); err != nil {
		fmt.Fprintln(e.stderr, "dealer play:", err)
		return exitFail
	}
	var out any = games.FullState(g)
	// A multi-deal game's summary (deal by deal, totals, winner) says more
	// than its final position.
	if s, ok := g.(games.Summarizer); ok {
		out = s.GameSummary()
	}
	return writeJSONTo(out, e.stdout, e.stderr)
}

// allComputers reports whether every seat is a computer player's.
func allComputers(seats []seat) bool {
	for _, s := range seats {
		if !s.computer {
			return false
		}
	}
	return true
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

// playComputers lets g's computer seats (comp[seat] not nil) take their
// turns, with no store: the terminal's scripted and computers-only modes.
func playComputers(g games.Game, comp []games.Computer) error {
	computer := func(s games.Seat) games.Computer {
		if s >= 0 && int(s) < len(comp) {
			return comp[s]
		}
		return nil
	}
	return play.PlayComputers(g, computer, g.Apply)
}

// textOf draws what seat sees of g as text for the terminal, as the game's
// presentation rg writes it. names are the players by seat; seats without
// one are named by the game.
func textOf(rg render.Game, g games.Game, seat games.Seat, color bool, names []string) string {
	return rg.Text(g.View(seat), names, color)
}

// clip cuts s to n characters, marking the cut: input is never echoed
// whole.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
