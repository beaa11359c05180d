package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// dbBackupArgs checks `dealer db backup`'s arguments (after "backup") and
// flags given, then backs up.
func dbBackupArgs(e env, args, given []string, db, config string) int {
	if misplaced := notAmong(given, "--db", "--config"); len(misplaced) > 0 {
		return usageError(e.stderr, "db", "backup takes --db and --config, not %s", strings.Join(misplaced, " or "))
	}
	switch {
	case len(args) == 0:
		return usageError(e.stderr, "db", "backup needs the new file to write: dealer db backup FILE")
	case len(args) > 1:
		return usageError(e.stderr, "db", "unexpected %q: backup writes one FILE", clip(strings.Join(args[1:], " "), 40))
	case strings.Contains(args[0], "://"):
		return usageError(e.stderr, "db", "backup writes a file, not a URL")
	}
	return dbBackup(e, args[0], db, config)
}

// dbBackup is `dealer db backup FILE`: a checked copy of the SQLite
// database, written while the bot runs, and what it holds.
func dbBackup(e env, file, db, config string) int {
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "dealer db backup:", safeText(err.Error()))
		return exitFail
	}
	database, password, err := chooseDatabase(db, config, e.getenv)
	if err != nil {
		fmt.Fprintln(e.stderr, "dealer db backup:", err)
		return exitUsage
	}
	if store.IsURL(database) {
		why, line := pgDumpAdvice(database, password, file)
		fmt.Fprintln(e.stderr, "dealer db backup:", safeText(why))
		fmt.Fprintln(e.stderr, "  "+safeText(line))
		return exitFail
	}
	target, err := backupTarget(file)
	if err != nil {
		return fail(err)
	}
	st, err := openExisting(database, password)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	info, err := st.Backup(context.Background(), target)
	if errors.Is(err, store.ErrBackupExists) {
		return fail(fmt.Errorf("%s exists: a backup never overwrites a file; name a new one", target))
	}
	if err != nil {
		return fail(fmt.Errorf("nothing was written: %s", strings.ReplaceAll(err.Error(), "store: ", "")))
	}
	if len(info.Removed) > 0 {
		fmt.Fprintf(e.stdout, "removed %s that a stopped backup to it had left: %s\n",
			render.Plural(len(info.Removed), "temporary file"), safeText(strings.Join(info.Removed, ", ")))
	}
	fmt.Fprintf(e.stdout, "backed up %s to %s: %s, %s, %s; schema version %d; %s\n", st.Path(), info.Path,
		render.Plural(int(info.Tables), "table"), render.Plural(int(info.Moves), "move"), render.Plural(int(info.Results), "result"),
		info.SchemaVersion, sizeText(info.Bytes))
	return exitOK
}

// backupTarget is file's absolute path, once it is known to be new and
// its folder to exist: said before the database is opened.
func backupTarget(file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	if _, err := os.Lstat(abs); err == nil {
		return "", fmt.Errorf("%s exists: a backup never overwrites a file; name a new one", abs)
	}
	dir := filepath.Dir(abs)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("cannot write %s: the folder %s does not exist", abs, dir)
	case err != nil:
		return "", fmt.Errorf("cannot write %s: %v", abs, plainPathError(err))
	case !fi.IsDir():
		return "", fmt.Errorf("cannot write %s: %s is not a folder", abs, dir)
	}
	return abs, nil
}

// pgDumpAdvice says why a PostgreSQL database is not backed up here, and
// the pg_dump command line that backs up database to file: its URL
// without the password, which pg_dump then reads from PGPASSWORD (or
// ~/.pgpass), and without the parameters libpq does not take (pgx passes
// them to the server), a search_path becoming --schema: the dealer's
// tables are those of its schema.
func pgDumpAdvice(database, password, file string) (why, line string) {
	shown, schema, hasPassword := pgDumpURL(database)
	flags := "--format=custom --file=" + shellQuote(file)
	if schema != "" {
		flags += " --schema=" + shellQuote(schema)
	}
	line = fmt.Sprintf("pg_dump %s %s", flags, shellQuote(shown))
	if hasPassword || password != "" {
		line = "PGPASSWORD=… " + line
	}
	why = fmt.Sprintf("%s is a PostgreSQL database: the dealer backs up only SQLite files; back it up with pg_dump (restore with pg_restore):",
		store.Redact(database))
	return why, line
}

// libpqParams are the URL parameters libpq (so pg_dump) takes; pgx takes
// others, and sends the server those it does not know as settings.
var libpqParams = strings.Fields(`host hostaddr port dbname user passfile require_auth channel_binding
	connect_timeout client_encoding options application_name fallback_application_name keepalives
	keepalives_idle keepalives_interval keepalives_count tcp_user_timeout gssencmode sslmode
	sslnegotiation sslcompression sslcert sslkey sslcertmode sslrootcert sslcrl sslcrldir sslsni
	requirepeer ssl_min_protocol_version ssl_max_protocol_version krbsrvname gsslib gssdelegation
	service target_session_attrs load_balance_hosts`)

// pgDumpURL is the URL database as pg_dump takes it — without its
// password or the parameters libpq does not take — the schema its
// search_path names (if one), and whether a password was taken out. A
// URL that does not parse cleanly, or that keeps a secret, is shown as
// store.Redact shows it.
func pgDumpURL(database string) (shown, schema string, hadPassword bool) {
	u, err := url.Parse(strings.TrimSpace(database))
	if err != nil {
		return store.Redact(database), "", true
	}
	pw, inUser := u.User.Password()
	if inUser {
		u.User = url.User(u.User.Username())
	}
	had := store.Redact(database) != strings.TrimSpace(database) // a password anywhere
	q := u.Query()
	if sp := q.Get("search_path"); sp != "" && !strings.Contains(sp, ",") {
		schema = strings.TrimSpace(sp)
	}
	for k := range q {
		if !slices.Contains(libpqParams, k) {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	s := u.String()
	if store.Redact(s) != s || (pw != "" && strings.Contains(s, pw)) {
		return store.Redact(database), "", true
	}
	return s, schema, had
}

// shellQuote is s quoted for a POSIX shell.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@=,+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sizeText is a file's size for people: bytes, kB or MB.
func sizeText(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
