package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The exit statuses, the same for every subcommand.
const (
	exitOK    = 0 // done: help, a game played or left, a decided solve
	exitFail  = 1 // failed: a refused scripted move, an undecided solve, a database error
	exitUsage = 2 // a usage error, said in one line on stderr
)

// newFlags is a command's flag set that prints nothing itself: the command
// says the one line of a usage error, or its usage when asked.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args with fs, flags and other arguments in any order
// (dealer play --deal 3 doublets, dealer play doublets --deal 3), and
// returns the other arguments. "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest, args = append(rest, args[0]), args[1:]
	}
}

// parseOptions parses args with fs for command cmd, which takes options
// only: a flag error, or any other argument (said as unexpected, then
// hint), is a usage error said on w. It reports whether args were good.
func parseOptions(w io.Writer, cmd string, fs *flag.FlagSet, args []string, hint string) bool {
	rest, err := parseFlags(fs, args)
	switch {
	case err != nil:
		usageError(w, cmd, "%s", flagError(err))
		return false
	case len(rest) > 0:
		usageError(w, cmd, "unexpected %q%s", clip(strings.Join(rest, " "), 40), hint)
		return false
	}
	return true
}

// usageError says a usage error in one line, pointing at the command's
// usage, and returns exitUsage.
func usageError(w io.Writer, cmd, format string, a ...any) int {
	msg := fmt.Sprintf(format, a...)
	if cmd == "" {
		fmt.Fprintf(w, "dealer: %s (see dealer help)\n", msg)
		return exitUsage
	}
	fmt.Fprintf(w, "dealer %s: %s (see dealer help %s)\n", cmd, msg, cmd)
	return exitUsage
}

// flagError words a flag package error for usageError, without the flag
// package's raw detail.
func flagError(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "flag provided but not defined: ") {
		return "no option " + strings.TrimPrefix(msg, "flag provided but not defined: ")
	}
	if strings.HasPrefix(msg, "flag needs an argument: ") {
		return strings.TrimPrefix(msg, "flag needs an argument: ") + " needs a value"
	}
	if i := strings.Index(msg, ": parse error"); i >= 0 {
		msg = msg[:i] + ": not understood"
	}
	return strings.Replace(msg, " for flag -", " for --", 1)
}

// dealFlag is a --deal N flag: a whole number from 1.
type dealFlag struct {
	n  uint64
	ok bool
}

// String is the deal number given, "" for none.
func (d *dealFlag) String() string {
	if d == nil || !d.ok {
		return ""
	}
	return strconv.FormatUint(d.n, 10)
}

// Set reads a deal number, from 1.
func (d *dealFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return errors.New("a deal is a whole number from 1")
	}
	d.n, d.ok = n, true
	return nil
}
