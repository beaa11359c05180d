package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// openPostgres opens the PostgreSQL database of rawURL: its schema
// migrated on a connection of its own, then the writer's connection and
// the readers' pool.
func openPostgres(rawURL string, o options) (*Store, error) {
	op, cfg, err := pgConfig(rawURL, o)
	if err != nil {
		return nil, err
	}
	if err := op.migrate(cfg); err != nil {
		return nil, err
	}
	// The server bounds what the dealer's own deadlines may miss: a
	// statement or a wait for a lock that runs too long is ended, and so is
	// a transaction left open by a client that froze (its rows' locks
	// would hold up every other process). Settings in the URL win.
	for k, v := range serverLimits {
		if cfg.RuntimeParams[k] == "" {
			cfg.RuntimeParams[k] = v
		}
	}
	w := stdlib.OpenDB(*cfg)
	oneConnection(w)
	if err := op.ping(w, cfg); err != nil {
		w.Close()
		return nil, err
	}
	rcfg := cfg.Copy()
	rcfg.RuntimeParams["default_transaction_read_only"] = "on"
	r := stdlib.OpenDB(*rcfg)
	readPool(r)
	if err := op.ping(r, cfg); err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	st := newStore(postgresDialect, w, r, op.shown)
	st.listen = cfg
	return st, nil
}

// pgOpening is a PostgreSQL database being opened: its URL as shown, and
// the secrets scrubbed from everything said of it, pgx's and the
// server's words included.
type pgOpening struct {
	shown   string
	secrets []string
}

// fail is the error of an opening that failed, saying why.
func (op *pgOpening) fail(why string, err error) error {
	return &openError{msg: "store: open " + op.shown + ": " + scrub(why, op.secrets), err: err, secrets: op.secrets}
}

// pgConfig reads rawURL and the password given (o.password) into pgx's
// configuration, with every secret found noted.
func pgConfig(rawURL string, o options) (*pgOpening, *pgx.ConnConfig, error) {
	shown, secrets := redact(rawURL)
	if o.password != "" {
		secrets = append(secrets, o.password)
	}
	op := &pgOpening{shown: shown, secrets: secrets}
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		return nil, nil, op.fail("not a PostgreSQL URL that pgx reads ("+flatten(err)+")", err)
	}
	if o.password != "" {
		cfg.Password = o.password
	}
	if cfg.Password != "" { // pgx's own finds too: PGPASSWORD, ~/.pgpass
		op.secrets = append(op.secrets, cfg.Password)
	}
	for k, v := range cfg.RuntimeParams { // a secret misspelt is sent as a setting
		if secretParam(k) && v != "" {
			op.secrets = append(op.secrets, v)
		}
	}
	if cfg.RuntimeParams["application_name"] == "" {
		cfg.RuntimeParams["application_name"] = "dealer"
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = ConnectTimeout
	}
	return op, cfg, nil
}

// migrate brings the database's schema up to this dealer's. Migrations
// may take long on a big database: they run on a connection of their
// own, without the server's time limits.
func (op *pgOpening) migrate(cfg *pgx.ConnConfig) error {
	ms, err := postgresDialect.migrations()
	if err != nil {
		return err
	}
	m := stdlib.OpenDB(*cfg.Copy())
	oneConnection(m)
	defer m.Close()
	if err := op.ping(m, cfg); err != nil {
		return err
	}
	_, err = migrate(context.Background(), postgresDialect, m, ms)
	switch {
	case errors.Is(err, ErrNewerSchema):
		return &openError{msg: scrub(err.Error(), op.secrets) + " (database " + op.shown + ")", err: err, secrets: op.secrets}
	case err != nil:
		return op.fail(strings.TrimPrefix(flatten(err), "store: "), err)
	}
	return nil
}

// ping connects db, within ConnectTimeout, or says why it cannot.
func (op *pgOpening) ping(db *sql.DB, cfg *pgx.ConnConfig) error {
	ctx, cancel := context.WithTimeout(context.Background(), ConnectTimeout)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		return op.fail(explainConnect(cfg, err), err)
	}
	return nil
}

// serverLimits are the time limits each connection asks of the server.
var serverLimits = map[string]string{
	"statement_timeout":                   "15s",
	"lock_timeout":                        "10s",
	"idle_in_transaction_session_timeout": "30s",
}

// openError is an error of Open: a message fit to show, and the cause,
// which may name the password in its text (pgx's errors do not, but a
// server's may), so that its Error is scrubbed too.
type openError struct {
	msg     string
	err     error
	secrets []string
}

// Error is the message, fit to show.
func (e *openError) Error() string { return e.msg }

// Unwrap is the cause, to test with errors.Is and errors.As; its own
// Error is scrubbed of the password.
func (e *openError) Unwrap() error { return scrubbed{e.err, e.secrets} }

// scrubbed is an error whose text hides the password.
type scrubbed struct {
	err     error
	secrets []string
}

// Error is the cause's text, the password hidden.
func (e scrubbed) Error() string { return scrub(e.err.Error(), e.secrets) }

// Unwrap is the cause.
func (e scrubbed) Unwrap() error { return e.err }

// scrub replaces every secret in s with "xxxxx".
func scrub(s string, secrets []string) string {
	for _, p := range secrets {
		if p != "" {
			s = strings.ReplaceAll(s, p, "xxxxx")
			if esc := url.QueryEscape(p); esc != p {
				s = strings.ReplaceAll(s, esc, "xxxxx")
			}
			if esc := url.PathEscape(p); esc != p {
				s = strings.ReplaceAll(s, esc, "xxxxx")
			}
		}
	}
	return s
}

// flatten is err's text on one line.
func flatten(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// explainConnect says in words why the server could not be used.
func explainConnect(cfg *pgx.ConnConfig, err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01":
			return fmt.Sprintf("the server refused the password of user %q (give it in the URL, DEALER_DATABASE_PASSWORD or PGPASSWORD)", cfg.User)
		case "28000":
			return fmt.Sprintf("the server refused user %q: %s", cfg.User, pe.Message)
		case "3D000":
			return fmt.Sprintf("the server has no database %q", cfg.Database)
		}
		return pe.Message + " (" + pe.Code + ")"
	}
	where := cfg.Host
	if !strings.HasPrefix(where, "/") {
		where = net.JoinHostPort(cfg.Host, fmt.Sprint(cfg.Port))
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Sprintf("the server at %s did not answer within %s", where, ConnectTimeout)
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		cause := oe.Err
		var sc *os.SyscallError
		if errors.As(cause, &sc) {
			cause = sc.Err
		}
		return fmt.Sprintf("cannot reach the server at %s: %v", where, cause)
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		return fmt.Sprintf("cannot find the server %s: %s", de.Name, de.Err)
	}
	msg := flatten(err)
	if i := strings.Index(msg, "`: "); i >= 0 { // "failed to connect to `user=… database=…`: why"
		msg = msg[i+3:]
	}
	return fmt.Sprintf("cannot use the server at %s: %s", where, msg)
}

// copyFixups sets PostgreSQL's id sequence past the largest id copied in,
// so that the next table gets a new one.
func (d *dialect) copyFixups(ctx context.Context, tx *txn) error {
	if d.engine != EnginePostgres {
		return nil // SQLite's INTEGER PRIMARY KEY takes the largest id + 1
	}
	_, err := tx.ExecContext(ctx,
		`SELECT setval(pg_get_serial_sequence('sessions', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM sessions`)
	return err
}
