// Command fcsbench compares the Double FreeCell solver with Freecell Solver
// (fc-solve) on the same deals, each with the same CPU time per deal, and
// prints one table: solved, lost, undecided, median and mean time, and the
// deals ours left undecided. Run it through run.sh, which installs
// fc-solve; -solvers runs one of the two alone. Times are CPU time, not
// wall-clock time, so that other work on a shared machine does not count
// against either solver: ours reads the process's CPU time as its clock
// (Budget.Clock, with GOMAXPROCS 1), fc-solve runs under ulimit -t.
//
// fc-solve plays an easier game on the same layout: "--decks-num 2" gives
// it eight foundations (each suit twice, A→K), where ours has four that are
// built A→K twice, so the second copy of a card waits a whole round. It
// runs under a CPU-time limit (the process is killed at the limit); its
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
	"syscall"
	"time"

	"github.com/dealer/dealer/games"
	dfc "github.com/dealer/dealer/games/doublefreecell"
)

// outcome is one solver's result on one deal.
type outcome struct {
	status dfc.Status
	time   time.Duration // CPU time
	states int           // positions ours expanded
	failed bool          // fc-solve crashed or could not run
}

// cpuTime is the process's CPU time so far, user and system: what our
// solver spends (GOMAXPROCS is 1, so it is one core's work, the garbage
// collector's included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	from := flag.Int("from", 1, "first deal")
	to := flag.Int("to", 1000, "last deal")
	limit := flag.Duration("time", 10*time.Second, "CPU time per deal for each solver")
	fcs := flag.String("fc-solve", "fc-solve", "the fc-solve program")
	dir := flag.String("moves", "", "a directory to write our solutions to, DEAL.txt, for dealer play --moves")
	verbose := flag.Bool("v", false, "print each deal")
	which := flag.String("solvers", "ours,fc-solve", "the solvers to run, comma-separated: ours, fc-solve")
	flag.Parse()
	runtime.GOMAXPROCS(1)
	runOurs, runFCS := false, false
	for _, s := range strings.Split(*which, ",") {
		switch s {
		case "ours":
			runOurs = true
		case "fc-solve":
			runFCS = true
		default:
			fmt.Fprintf(os.Stderr, "fcsbench: no solver %q (ours, fc-solve)\n", s)
			os.Exit(2)
		}
	}

	var ours, theirs []outcome
	var undecided []int
	for d := *from; d <= *to; d++ {
		var o, f outcome
		if runOurs {
			o = solveOurs(uint64(d), *limit, *dir)
			ours = append(ours, o)
			if o.status == dfc.Unknown {
				undecided = append(undecided, d)
			}
		}
		if runFCS {
			f = solveFCS(uint64(d), *limit, *fcs)
			theirs = append(theirs, f)
		}
		if *verbose {
			fmt.Fprintf(os.Stderr, "deal %4d  ours %-7v %6.3fs %9d states  fc-solve %-7v %6.3fs%s\n", d, o.status, o.time.Seconds(), o.states, f.status, f.time.Seconds(), map[bool]string{true: " (crashed)"}[f.failed])
		}
	}
	fmt.Printf("Deals %d–%d, %v of CPU time per deal, one core (GOMAXPROCS=1; fc-solve is single-threaded).\n\n", *from, *to, *limit)
	fmt.Printf("| solver | solved | lost | undecided | median time | mean time |\n")
	fmt.Printf("| --- | ---: | ---: | ---: | ---: | ---: |\n")
	if runOurs {
		row("dealer solver (4 foundations ×2)", ours)
	}
	if runFCS {
		row("fc-solve --decks-num 2 (8 foundations)", theirs)
	}
	if len(undecided) > 0 {
		fmt.Printf("\nOurs undecided: %v.\n", undecided)
	}
	if n := count(theirs, func(o outcome) bool { return o.failed }); n > 0 {
		fmt.Printf("\nfc-solve crashed (counted undecided) on %d deal(s).\n", n)
	}
	fmt.Println("\nTimes are CPU time (user + system) per deal over all deals, undecided ones included.")
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
	r := dfc.Solve(dfc.New(deal), dfc.Budget{Time: limit, Clock: cpuTime})
	o := outcome{status: r.Status, time: r.Elapsed, states: r.States}
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

// solveFCS runs fc-solve on the deal's layout, under a CPU-time limit
// (ulimit -t, whole seconds, rounded up; the kernel kills it at the limit)
// and, should it sleep, a wall-clock one of three times as long.
func solveFCS(deal uint64, limit time.Duration, prog string) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), 3*limit)
	defer cancel()
	secs := int((limit + time.Second - 1) / time.Second)
	cmd := exec.CommandContext(ctx, "sh", "-c", fmt.Sprintf(`ulimit -t %d && exec "$0" "$@"`, secs),
		prog, "--decks-num", "2", "--stacks-num", "10", "--freecells-num", "6", "-")
	cmd.Stdin = strings.NewReader(dfc.ExportFCSolve(dfc.New(deal)))
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	o := outcome{}
	killed := false // by the CPU limit
	if ps := cmd.ProcessState; ps != nil {
		o.time = ps.UserTime() + ps.SystemTime()
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			killed = ws.Signal() == syscall.SIGXCPU || ws.Signal() == syscall.SIGKILL
		}
	}
	switch {
	case ctx.Err() != nil || killed || o.time >= limit:
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
