package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/dealer/dealer/store"
)

// openStore opens the database for the terminal's command cmd ("play",
// "db check"): db if given, else the config's (config, or config.yaml if
// present); a SQLite file or a postgres:// URL, whose password may come
// from DEALER_DATABASE_PASSWORD. When it cannot, it says why on stderr in
// one line, "dealer CMD: …", naming the file or the URL (never its
// password), and returns a nil store with the exit status: 2 (usage) for a
// config that cannot be read, 1 for a database that cannot be opened.
func openStore(e env, cmd, db, config string) (*store.Store, int) {
	path, password, err := chooseDatabase(db, config, e.getenv)
	if err != nil {
		fmt.Fprintf(e.stderr, "dealer %s: %s\n", cmd, err)
		return nil, exitUsage
	}
	st, err := openDatabase(path, password)
	if err != nil {
		fmt.Fprintf(e.stderr, "dealer %s: %s\n", cmd, err)
		return nil, exitFail
	}
	return st, exitOK
}

// chooseDatabase is the database the terminal's commands use, and its
// password: db if given, else the config's (config, or config.yaml if
// present). The error is the config's, which cannot be read.
func chooseDatabase(db, config string, getenv func(string) string) (path, password string, err error) {
	if db != "" {
		return db, getenv(databasePasswordEnv), nil
	}
	cfgPath, explicit := config, config != ""
	if !explicit {
		cfgPath = defaultConfigPath
	}
	cfg, err := loadConfig(cfgPath, explicit, getenv)
	if err != nil {
		return "", "", err
	}
	return cfg.Database, cfg.DatabasePassword, nil
}

// openDatabase opens database (a file or a URL) with password (for
// PostgreSQL; "" for none), explaining a failure in one line.
func openDatabase(database, password string) (*store.Store, error) {
	st, err := store.Open(database, store.WithPassword(password))
	if err != nil {
		return nil, explainOpen(database, err)
	}
	return st, nil
}

// openExisting is openDatabase for a database that must be there already:
// Open would make a missing SQLite file, and a typo must not back up,
// copy or rebuild an empty one. A file that cannot be found is refused
// naming it; a URL, or key=value settings (which Open refuses in words of
// its own), are opened as they are.
func openExisting(database, password string) (*store.Store, error) {
	if !store.IsURL(database) && !store.IsKeywordValue(database) {
		if _, err := os.Stat(database); err != nil {
			return nil, fmt.Errorf("%s: %v", store.Redact(database), plainPathError(err))
		}
	}
	return openDatabase(database, password)
}

// explainOpen says why the database at path could not be opened, in the
// player's words: SQLite's own ("unable to open database file: no such
// file or directory") names neither the file nor the cause.
func explainOpen(path string, err error) error {
	if strings.Contains(path, "://") || store.Redact(path) != path || store.IsKeywordValue(path) {
		// A URL, or anything else that may hold a password: shown only
		// as Redact shows it, never made a path.
		return explainOpenURL(path, err)
	}
	abs, aerr := filepath.Abs(path)
	if aerr != nil {
		abs = path
	}
	dir := filepath.Dir(abs)
	fi, serr := os.Stat(abs)
	switch {
	case errors.Is(err, store.ErrNewerSchema):
		return newerSchema(abs, err)
	case serr == nil && fi.IsDir():
		return fmt.Errorf("cannot use %s as the database: it is a folder", abs)
	case strings.Contains(err.Error(), "file is not a database"):
		return fmt.Errorf("%s is not a database (it is not an SQLite file): choose another with --db FILE", abs)
	}
	if at, werr := writable(dir); werr != nil {
		if errors.Is(serr, fs.ErrNotExist) {
			return fmt.Errorf("cannot create the database %s: the folder %s is not writable (%v)", abs, at, werr)
		}
		return fmt.Errorf("cannot open the database %s: the folder %s is not writable, and the database writes beside its file there (%v)", abs, at, werr)
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, " (file "); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.ReplaceAll(msg, "store: ", "")
	return fmt.Errorf("cannot open the database %s: %s", abs, msg)
}

// explainOpenURL says why the database of a URL could not be opened: the
// store's reason, without its prefixes, and the URL without its password.
func explainOpenURL(database string, err error) error {
	shown := store.Redact(database)
	if errors.Is(err, store.ErrNewerSchema) {
		return newerSchema(shown, err)
	}
	msg := err.Error()
	if i := strings.Index(msg, shown+": "); i >= 0 {
		msg = msg[i+len(shown)+2:]
	}
	msg = strings.ReplaceAll(msg, "store: ", "")
	return fmt.Errorf("cannot open the database %s: %s", shown, msg)
}

// schemaVersions finds the versions in ErrNewerSchema's message.
var schemaVersions = regexp.MustCompile(`schema version (\d+), this dealer knows up to (\d+)`)

// newerSchema says that the database shown was written by a newer dealer,
// with the schema versions when the store says them.
func newerSchema(shown string, err error) error {
	versions := ""
	if m := schemaVersions.FindStringSubmatch(err.Error()); m != nil {
		versions = fmt.Sprintf(" (its schema is version %s; this dealer knows up to %s)", m[1], m[2])
	}
	return fmt.Errorf("the database %s was written by a newer version of the dealer%s: update the dealer", shown, versions)
}

// writable checks that files can be created in dir, or in its nearest
// folder that exists (where dir would be made), by creating one; it
// returns the folder it checked, and the system's reason when it is not
// writable, such as "permission denied".
func writable(dir string) (string, error) {
	for {
		if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	f, err := os.CreateTemp(dir, ".dealer-check-*")
	if err != nil {
		return dir, plainPathError(err)
	}
	name := f.Name()
	f.Close()
	return dir, os.Remove(name)
}

// plainPathError is a file error's reason alone ("permission denied"),
// for messages that name the file themselves.
func plainPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
