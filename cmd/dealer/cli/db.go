package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

func dbUsage(env) string {
	return `usage: dealer db copy --from FILE --to URL
       dealer db check [--db FILE-or-URL] [--config FILE]
       dealer db backup FILE [--db FILE] [--config FILE]
       dealer db export USER [--db FILE-or-URL] [--config FILE]
       dealer db forget USER [--yes] [--db FILE-or-URL] [--config FILE]

copy: copies a bot's SQLite file into an empty PostgreSQL database: every
session with its players, moves, rounds and results, the ratings, the daily
deals and the servers' settings, with their ids. It prints each table's rows read and written, and fails (exit
status 1) if they differ. The file is first brought up to this version's
schema, as dealer run would. Stop the bot first: what it writes during the
copy is not copied.

  --from FILE   the bot's SQLite file, such as dealer.db
  --to URL      the PostgreSQL database, postgres://user@host/name; it must
                hold no data. The password may be in the URL or in
                DEALER_DATABASE_PASSWORD.

check: replays every table of the database but lobbies, under its rules
version and house rules, and lists each that can no longer be replayed,
with why: one the bot marked broken (with the reason it recorded), one whose
moves no longer apply, and a finished game whose replay ends with another
status or other scores than its stored results. Exit status 1 if it lists
one; 0, with "checked N tables: all replay", if not. It only reads, a page
of tables at a time: it may run beside the bot.

  --db DB         a SQLite file or a postgres:// URL (default: the
                  config's, dealer.db); the password may come from
                  DEALER_DATABASE_PASSWORD
  --config FILE   the config file (default: config.yaml if present)

backup: writes a consistent copy of a SQLite database to FILE, a new file,
while the bot runs: every move saved before it began is in it. It is
written under a temporary name beside FILE, checked (integrity and schema
version), and only then named FILE; an existing FILE is never overwritten.
It says the tables, moves and results it holds, and its size. To restore,
stop the bot and point the config's database at the backup (or a copy of
it); dealer db check then says whether every table replays. A PostgreSQL
database is backed up with pg_dump: backup prints the command line.

  --db FILE       the bot's SQLite file (default: the config's, dealer.db)
  --config FILE   the config file (default: config.yaml if present)

export: writes everything kept about a player (USER, their Discord id) as
JSON on standard output: their settings and language, the names they were
shown under, their tables with their own seats, moves and round scores,
their results, and their ratings with their history. It is the file
/privacy export sends them.

forget: erases a player (USER, their Discord id), as /privacy delete does:
their settings and language are deleted, and every table and result that
named them names a placeholder ("Player #1a2b3c4d") instead, so the other
players' games stay whole. Without --yes it only says what it would forget.
It may run beside the bot: the bot's copies of their tables are read again.
`
}

// dbCmd is `dealer db copy`, `check`, `backup`, `export` and `forget`.
func dbCmd(e env, args []string) int {
	fset := newFlags("dealer db")
	from := fset.String("from", "", "")
	to := fset.String("to", "", "")
	db := fset.String("db", "", "")
	config := fset.String("config", "", "")
	yes := fset.Bool("yes", false, "")
	rest, code, ok := verbArgs(e, "db", "copy, check, backup, export or forget", fset, args)
	if !ok {
		return code
	}
	switch {
	case rest[0] == "backup":
		return dbBackupArgs(e, rest[1:], setFlags(fset), *db, *config)
	case rest[0] == "export" || rest[0] == "forget":
		return dbPlayerArgs(e, rest[0], rest[1:], setFlags(fset), *db, *config, *yes)
	case rest[0] != "copy" && rest[0] != "check":
		return usageError(e.stderr, "db", "unknown %q: db does copy, check, backup, export or forget", clip(rest[0], 20))
	case len(rest) > 1:
		return usageError(e.stderr, "db", "unexpected %q: %s takes only options", clip(strings.Join(rest[1:], " "), 40), rest[0])
	}
	given := setFlags(fset)
	if rest[0] == "check" {
		if misplaced := notAmong(given, "--db", "--config"); len(misplaced) > 0 {
			return usageError(e.stderr, "db", "check takes --db and --config, not %s", strings.Join(misplaced, " or "))
		}
		return dbCheck(e, *db, *config)
	}
	if misplaced := notAmong(given, "--from", "--to"); len(misplaced) > 0 {
		return usageError(e.stderr, "db", "copy takes --from FILE and --to URL, not %s", strings.Join(misplaced, " or "))
	}
	return dbCopy(e, *from, *to)
}

// notAmong are the flags of given that are not among ok.
func notAmong(given []string, ok ...string) []string {
	var out []string
	for _, f := range given {
		if !slices.Contains(ok, f) {
			out = append(out, f)
		}
	}
	return out
}

// dbCopy is `dealer db copy --from FILE --to URL`.
func dbCopy(e env, from, to string) int {
	switch {
	case from == "" || to == "":
		return usageError(e.stderr, "db", "copy needs --from FILE and --to URL")
	case strings.Contains(from, "://"):
		return usageError(e.stderr, "db", "--from is the SQLite file, not a URL")
	case !store.IsURL(to):
		return usageError(e.stderr, "db", "--to is a postgres:// URL")
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "dealer db copy:", err)
		return exitFail
	}
	src, err := openExisting(from, "")
	if err != nil {
		return fail(err)
	}
	defer src.Close()
	dst, err := openDatabase(to, e.getenv(databasePasswordEnv))
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

// dbCheck is `dealer db check`: every table that no longer replays, a
// line each, and a summary.
func dbCheck(e env, db, config string) int {
	st, code := openStore(e, "db check", db, config)
	if st == nil {
		return code
	}
	defer st.Close()
	rep, err := play.Check(context.Background(), st, e.reg.Engines())
	for _, p := range rep.Problems {
		title := safeText(p.Game)
		if rg, ok := e.reg.Lookup(p.Game); ok {
			title = rg.Title
		}
		line := fmt.Sprintf("table %d (%s, deal %d, %s): %s", p.ID, title, p.Deal, p.Status, safeText(p.Reason))
		fmt.Fprintln(e.stdout, line) // one line a table, whole: for grep
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "dealer db check: reading %s after %s: %s\n", st.Path(), render.Plural(rep.Checked, "table"),
			safeText(strings.ReplaceAll(err.Error(), "store: ", "")))
		return exitFail
	}
	if len(rep.Problems) > 0 {
		fmt.Fprintf(e.stdout, "checked %s in %s: %d cannot be replayed\n", render.Plural(rep.Checked, "table"), st.Path(), len(rep.Problems))
		return exitFail
	}
	fmt.Fprintf(e.stdout, "checked %s: all replay\n", render.Plural(rep.Checked, "table"))
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
