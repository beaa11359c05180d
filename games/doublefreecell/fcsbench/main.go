// Command fcsbench compares the Double FreeCell solver with Freecell Solver
// (fc-solve) on the same deals, each with the same time per deal, and
// prints one table. Run it through run.sh, which installs fc-solve.
//
// fc-solve plays an easier game on the same layout: "--decks-num 2" gives
// it eight foundations (each suit twice, A→K), where ours has four that are
// built A→K twice, so the second copy of a card waits a whole round. It
// runs under a wall-clock limit (the process is killed at the limit); its
// "I could not solve this game" counts as lost, though it is a proof only
// when its scan is complete. Our solutions are replayed through games.Play
// and counted only if they win.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	dfc "github.com/dealer/dealer/games/doublefreecell"
)

// outcome is one solver's result on one deal.
type outcome struct {
	status dfc.Status
	time   time.Duration
	failed bool // fc-solve crashed or could not run
}

func main() {
	from := flag.Int("from", 1, "first deal")
	to := flag.Int("to", 200, "last deal")
	limit := flag.Duration("time", 2*time.Second, "time per deal for each solver")
	fcs := flag.String("fc-solve", "fc-solve", "the fc-solve program")
	dir := flag.String("moves", "", "a directory to write our solutions to, DEAL.txt, for dealer play --moves")
	verbose := flag.Bool("v", false, "print each deal")
	flag.Parse()
	runtime.GOMAXPROCS(1)

	var ours, theirs []outcome
	for d := *from; d <= *to; d++ {
		o := solveOurs(uint64(d), *limit, *dir)
		f := solveFCS(uint64(d), *limit, *fcs)
		ours, theirs = append(ours, o), append(theirs, f)
		if *verbose {
			fmt.Fprintf(os.Stderr, "deal %3d  ours %-7v %6.3fs  fc-solve %-7v %6.3fs%s\n", d, o.status, o.time.Seconds(), f.status, f.time.Seconds(), map[bool]string{true: " (crashed)"}[f.failed])
		}
	}
	fmt.Printf("Deals %d–%d, %v per deal, one core (GOMAXPROCS=1; fc-solve is single-threaded).\n\n", *from, *to, *limit)
	fmt.Printf("| solver | solved | lost | undecided | median time | mean time |\n")
	fmt.Printf("| --- | ---: | ---: | ---: | ---: | ---: |\n")
	row("dealer solver (4 foundations ×2)", ours)
	row("fc-solve --decks-num 2 (8 foundations)", theirs)
	if n := count(theirs, func(o outcome) bool { return o.failed }); n > 0 {
		fmt.Printf("\nfc-solve crashed (counted undecided) on %d deal(s).\n", n)
	}
	fmt.Println("\nTimes are wall-clock per deal over all deals, undecided ones included.")
}

func row(name string, os []outcome) {
	var ts []time.Duration
	var sum time.Duration
	for _, o := range os {
		ts = append(ts, o.time)
		sum += o.time
	}
	slices.Sort(ts)
	med := time.Duration(0)
	if len(ts) > 0 {
		med = ts[(len(ts)-1)/2]
	}
	solved := count(os, func(o outcome) bool { return o.status == dfc.Solved })
	lost := count(os, func(o outcome) bool { return o.status == dfc.Lost })
	fmt.Printf("| %s | %d | %d | %d | %.3f s | %.3f s |\n", name, solved, lost, len(os)-solved-lost,
		med.Seconds(), (sum / time.Duration(max(1, len(os)))).Seconds())
}

func count(os []outcome, f func(outcome) bool) int {
	n := 0
	for _, o := range os {
		if f(o) {
			n++
		}
	}
	return n
}

// solveOurs runs Solve and checks a solution by replaying its text.
func solveOurs(deal uint64, limit time.Duration, dir string) outcome {
	r := dfc.Solve(dfc.New(deal), dfc.Budget{Time: limit})
	o := outcome{status: r.Status, time: r.Elapsed}
	if r.Status != dfc.Solved {
		return o
	}
	g := dfc.New(deal)
	var text strings.Builder
	for _, m := range r.Moves {
		text.WriteString(m.String() + "\n")
		if err := games.Play(g, 0, m.String()); err != nil {
			fmt.Fprintf(os.Stderr, "deal %d: our solution does not replay: %v\n", deal, err)
			o.status = dfc.Unknown
			return o
		}
	}
	if g.Status() != games.Won {
		fmt.Fprintf(os.Stderr, "deal %d: our solution does not win\n", deal)
		o.status = dfc.Unknown
		return o
	}
	if dir != "" {
		path := filepath.Join(dir, fmt.Sprintf("%d.txt", deal))
		if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	return o
}

// solveFCS runs fc-solve on the deal's layout, killed at the limit.
func solveFCS(deal uint64, limit time.Duration, prog string) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, "--decks-num", "2", "--stacks-num", "10", "--freecells-num", "6", "-")
	cmd.Stdin = strings.NewReader(dfc.ExportFCSolve(dfc.New(deal)))
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	err := cmd.Run()
	o := outcome{time: time.Since(start)}
	switch {
	case ctx.Err() != nil:
		o.time = limit
	case bytes.Contains(out.Bytes(), []byte("This game is solveable.")):
		o.status = dfc.Solved
	case bytes.Contains(out.Bytes(), []byte("I could not solve this game.")):
		o.status = dfc.Lost
	default:
		o.failed = true
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			fmt.Fprintf(os.Stderr, "fc-solve: %v\n", err)
			os.Exit(1)
		}
	}
	return o
}
