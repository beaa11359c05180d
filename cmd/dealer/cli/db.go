package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dealer/dealer/store"
)

func dbUsage(env) string {
	return `usage: dealer db copy --from FILE --to URL

Copies a bot's SQLite file into an empty PostgreSQL database: every session
with its players, moves, rounds and results, the daily deals and the
servers' settings, with their ids. It prints each table's rows read and written, and fails (exit
status 1) if they differ. The file is first brought up to this version's
schema, as dealer run would. Stop the bot first: what it writes during the
copy is not copied.

  --from FILE   the bot's SQLite file, such as dealer.db
  --to URL      the PostgreSQL database, postgres://user@host/name; it must
                hold no data. The password may be in the URL or in
                DEALER_DATABASE_PASSWORD.
`
}

// dbCmd is `dealer db copy`.
func dbCmd(e env, args []string) int {
	if wantsHelp(args) {
		printUsage(e, dbUsage(e))
		return exitOK
	}
	fset := newFlags("dealer db")
	from := fset.String("from", "", "")
	to := fset.String("to", "", "")
	rest, err := parseFlags(fset, args)
	switch {
	case err != nil:
		return usageError(e.stderr, "db", "%s", flagError(err))
	case len(rest) == 0:
		return usageError(e.stderr, "db", "name what to do: copy")
	case rest[0] != "copy":
		return usageError(e.stderr, "db", "unknown %q: db does copy", clip(rest[0], 20))
	case len(rest) > 1:
		return usageError(e.stderr, "db", "unexpected %q: copy takes --from FILE --to URL", clip(strings.Join(rest[1:], " "), 40))
	case *from == "" || *to == "":
		return usageError(e.stderr, "db", "copy needs --from FILE and --to URL")
	case strings.Contains(*from, "://"):
		return usageError(e.stderr, "db", "--from is the SQLite file, not a URL")
	case !store.IsURL(*to):
		return usageError(e.stderr, "db", "--to is a postgres:// URL")
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "dealer db copy:", err)
		return exitFail
	}
	// Open would make a missing file: a typo must not copy an empty one.
	if _, err := os.Stat(*from); err != nil {
		return fail(fmt.Errorf("%s: %v", *from, plainPathError(err)))
	}
	src, err := openDatabase(*from, "")
	if err != nil {
		return fail(err)
	}
	defer src.Close()
	dst, err := openDatabase(*to, e.getenv(databasePasswordEnv))
	if err != nil {
		return fail(err)
	}
	defer dst.Close()

	counts, err := src.CopyTo(context.Background(), dst)
	if errors.Is(err, store.ErrNotEmpty) {
		return fail(fmt.Errorf("%s: %s; db copy fills only an empty database", dst.Path(),
			strings.TrimPrefix(err.Error(), "store: ")))
	}
	if err != nil {
		return fail(fmt.Errorf("nothing was copied: %s", strings.ReplaceAll(err.Error(), "store: ", "")))
	}
	fmt.Fprintf(e.stdout, "copied %s to %s\n\n", src.Path(), dst.Path())
	if err := reportCopy(e.stdout, counts); err != nil {
		return fail(err)
	}
	return exitOK
}

// reportCopy prints each table's rows read and written, and fails if any
// differ.
func reportCopy(w io.Writer, counts []store.CopyCount) error {
	fmt.Fprintf(w, "%-15s %10s %10s\n", "table", "read", "written")
	var differ []string
	for _, c := range counts {
		fmt.Fprintf(w, "%-15s %10d %10d\n", c.Table, c.Read, c.Written)
		if c.Read != c.Written {
			differ = append(differ, fmt.Sprintf("%s: %d read, %d written", c.Table, c.Read, c.Written))
		}
	}
	if len(differ) > 0 {
		return fmt.Errorf("the counts differ (%s)", strings.Join(differ, "; "))
	}
	return nil
}
