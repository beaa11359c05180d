package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/pgtest"
)

// secret is the password the redaction tests hide.
const secret = "Hunter2-s3cret"

// Redact hides a password wherever it sits: the user part of a URL, any
// parameter whose name says it is a secret (in any case, escaped or not),
// a user part whose password has an unescaped character, a port that is
// not a number, and key=value settings; a file path is left alone.
func TestRedactEveryPlace(t *testing.T) {
	cases := []struct{ in, want string }{
		{"dealer.db", "dealer.db"},
		{"/var/lib/dealer/dealer.db", "/var/lib/dealer/dealer.db"},
		{"  dealer.db", "  dealer.db"},
		{"postgres://u@h/db?sslmode=require", "postgres://u@h/db?sslmode=require"},
		{"postgres://u:" + secret + "@h:5432/db", "postgres://u:xxxxx@h:5432/db"},
		{"postgres://u:pw@h:5432/db", "postgres://u:xxxxx@h:5432/db"},
		{"postgresql://u@h/db?sslmode=require", "postgresql://u@h/db?sslmode=require"},
		{"postgres://u:p%40ss@h/db", "postgres://u:xxxxx@h/db"},
		{"postgresql://u:" + secret + "@h/db", "postgresql://u:xxxxx@h/db"},
		{"POSTGRES://u:" + secret + "@h/db", "POSTGRES://u:xxxxx@h/db"},
		{"postgres://u:p%40" + secret + "@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u@h/db?password=" + secret, "postgres://u@h/db?password=xxxxx"},
		{"postgres://u@h/db?sslmode=require&password=" + secret + "&application_name=x",
			"postgres://u@h/db?sslmode=require&password=xxxxx&application_name=x"},
		{"postgres://u@h/db?PASSWORD=" + secret, "postgres://u@h/db?PASSWORD=xxxxx"},
		{"postgres://u@h/db?Password=" + secret, "postgres://u@h/db?Password=xxxxx"},
		{"postgres://u@h/db?pass%77ord=" + secret, "postgres://u@h/db?pass%77ord=xxxxx"},
		{"postgres://u@h/db?sslpassword=" + secret, "postgres://u@h/db?sslpassword=xxxxx"},
		{"postgres://u@h/db?oauth_client_secret=" + secret, "postgres://u@h/db?oauth_client_secret=xxxxx"},
		{"postgres://u:" + secret + "@h/db?password=" + secret + "&sslpassword=" + secret,
			"postgres://u:xxxxx@h/db?password=xxxxx&sslpassword=xxxxx"},
		{"postgres://u@h/db?application_name=a@b&password=" + secret, "postgres://u@h/db?application_name=a@b&password=xxxxx"},
		{"postgres://u@h:5432/db?application_name=a@b", "postgres://u@h:5432/db?application_name=a@b"},
		{"postgres://u:pa?ss" + secret + "@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u:pa/ss" + secret + "@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u:pa/ss?x" + secret + "@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://a@u:" + secret + ":x@h/db", "postgres://a@u:xxxxx@h/db"},
		{"postgres://dealer:" + secret, "postgres://dealer:xxxxx"},
		{"postgres://u@h1:5432,h2:" + secret + "/db", "postgres://u@h1:5432,h2:xxxxx/db"},
		{"postgres://u@[::1]:5432/db", "postgres://u@[::1]:5432/db"},
		{"postgres:u:" + secret + "@h/db", "postgres:u:xxxxx@h/db"},
		{"postgres:/u:" + secret + "@h/db", "postgres:/u:xxxxx@h/db"},
		{"host=db user=u password=" + secret + " dbname=d", "host=db user=u password=xxxxx dbname=d"},
		{"host=db password='" + secret + " and more' dbname=d", "host=db password=xxxxx dbname=d"},
		{"host=db PASSWORD = " + secret, "host=db PASSWORD = xxxxx"},
		{"host=db sslpassword=" + secret, "host=db sslpassword=xxxxx"},
		{"mysql://u:" + secret + "@h/db", "mysql://u:xxxxx@h/db"},
		{"dealer.db?password=" + secret, "dealer.db?password=xxxxx"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got := Redact(tc.in)
			assert.Equal(t, tc.want, got)
			assert.NotContains(t, got, secret)
			_, secrets := redact(tc.in)
			if strings.Contains(tc.in, secret) {
				assert.NotEmpty(t, secrets, "what was hidden is known, to scrub it elsewhere")
			}
		})
	}
}

// Open refuses key=value settings, and a URL without its slashes, in one
// line that shows no password; it would otherwise make a SQLite file of
// that name.
func TestOpenRefusesSettingsAndBrokenURLs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	cases := []struct{ database, want string }{
		{"host=db user=u password=" + secret + " dbname=d", "key=value settings are not a database here"},
		{"  dbname=d password=" + secret, "key=value settings are not a database here"},
		{"postgres:u:" + secret + "@h/db", "begins postgres://"},
		{"PostgreSQL:/u:" + secret + "@h/db", "begins postgres://"},
		{"mysql://u:" + secret + "@h/db", "not a mysql:// URL"},
		{"dealer.db?password=" + secret, "may not contain '?' or '#'"},
	}
	for _, tc := range cases {
		t.Run(tc.database, func(t *testing.T) {
			s, err := Open(tc.database)
			if err == nil {
				s.Close()
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "xxxxx")
			assert.NotContains(t, err.Error(), secret)
			assert.NotContains(t, err.Error(), "\n")
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, entries, "nothing was created")
		})
	}
}

// Open's errors, and the errors they wrap, never show a password, wherever
// it was: in the user part, in a parameter, in the environment, or
// misspelt as a setting the server does not know.
func TestOpenErrorsHidePasswordsEverywhere(t *testing.T) {
	cases := []struct {
		name     string
		database func(t *testing.T) string
		env      map[string]string
		password string
		want     string
	}{
		{name: "user part, unreachable", database: func(*testing.T) string {
			return "postgres://dealer:" + secret + "@127.0.0.1:1/dealer"
		}, want: "cannot reach the server"},
		{name: "parameter, unreachable", database: func(*testing.T) string {
			return "postgres://dealer@127.0.0.1:1/dealer?password=" + secret
		}, want: "postgres://dealer@127.0.0.1:1/dealer?password=xxxxx"},
		{name: "sslpassword, unreachable", database: func(*testing.T) string {
			return "postgres://dealer@127.0.0.1:1/dealer?sslmode=disable&sslpassword=" + secret
		}, want: "sslpassword=xxxxx"},
		{name: "a parameter pgx cannot read", database: func(*testing.T) string {
			return "postgres://dealer@127.0.0.1:1/dealer?password=" + secret + "&connect_timeout=soon"
		}, want: "not a PostgreSQL URL"},
		{name: "an unescaped slash in the password", database: func(*testing.T) string {
			return "postgres://dealer:ab/" + secret + "@127.0.0.1:1/dealer"
		}, want: "xxxxx"},
		{name: "PGPASSWORD, wrong", database: func(t *testing.T) string { return pgtest.PasswordURL(t, "right-one") },
			env: map[string]string{"PGPASSWORD": secret}, want: "refused the password"},
		{name: "parameter, wrong", database: func(t *testing.T) string {
			return pgtest.PasswordURL(t, "right-one") + "&password=" + url.QueryEscape(secret)
		}, want: "refused the password"},
		{name: "misspelt as a setting", database: func(t *testing.T) string {
			return pgtest.URL(t) + "&Password=" + url.QueryEscape(secret)
		}, want: "Password=xxxxx"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			s, err := Open(c.database(t), WithPassword(c.password))
			if err == nil {
				s.Close()
			}
			require.Error(t, err)
			for e := err; e != nil; e = errors.Unwrap(e) {
				assert.NotContains(t, e.Error(), secret, "%T", e)
			}
			assert.NotContains(t, fmt.Sprintf("%v %+v %s", err, err, err.Error()), secret)
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, 1, len(strings.Split(err.Error(), "\n")), "one line: %s", err)
		})
	}
}

// A store that opened with a password in every place shows none: not by
// Path, and not in the errors of a connection lost while it runs (pgx's
// "failed to connect to `user=… database=…`").
func TestPasswordHiddenWhenTheServerGoesAway(t *testing.T) {
	base := pgtest.PasswordURL(t, secret)
	u, err := url.Parse(base)
	require.NoError(t, err)
	socket := u.Query().Get("host") + "/.s.PGSQL." + u.Query().Get("port")
	proxy := startProxy(t, socket)
	q := u.Query()
	q.Set("host", "127.0.0.1")
	q.Set("port", proxy.port())
	q.Set("password", secret)
	q.Set("sslmode", "disable")
	u.User = url.UserPassword(u.User.Username(), secret)
	u.RawQuery = q.Encode()

	s, err := Open(u.String())
	require.NoError(t, err)
	defer s.Close()
	assert.NotContains(t, s.Path(), secret)
	assert.Contains(t, s.Path(), "xxxxx")
	ctx := context.Background()
	id, err := s.CreateTable(ctx, TableRow{Game: "doublets", Seats: 1})
	require.NoError(t, err)

	proxy.stop()
	_, err = s.TableRow(ctx, id)
	require.Error(t, err, "the server is gone")
	for e := err; e != nil; e = errors.Unwrap(e) {
		assert.NotContains(t, e.Error(), secret, "%T", e)
	}
	err = s.AppendMove(ctx, id, 0, 0, "1")
	require.Error(t, err)
	assert.NotContains(t, fmt.Sprintf("%v", err), secret)
}

// proxy forwards TCP connections on loopback to a Unix socket, until
// stopped: a server that can go away under a store.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	wg    sync.WaitGroup
}

// startProxy listens on a loopback port for the socket's server.
func startProxy(t *testing.T, socket string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &proxy{ln: ln}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("unix", socket)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(s, c); s.Close() }()
			go func() { _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
	t.Cleanup(p.stop)
	return p
}

// port is the port the proxy listens on.
func (p *proxy) port() string {
	_, port, _ := net.SplitHostPort(p.ln.Addr().String())
	return port
}

// stop closes the listener and every connection.
func (p *proxy) stop() {
	p.ln.Close()
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
