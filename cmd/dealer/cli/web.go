package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/web"
)

func webUsage(env) string {
	return `usage: dealer web --listen HOST:PORT [--database FILE-or-URL] [--public-url URL]

Serves the web pages alone, beside a bot that runs elsewhere on the same
database: every server's leaderboards, players, daily deals, and tables
(live while played, replays after), with /livez, /readyz and /metrics.
It only reads the database (players sign in and play only on the pages
that dealer run serves). Until SIGINT (Ctrl-C) or SIGTERM.

  --listen HOST:PORT   the address to serve on, such as :8080
  --database DB        a SQLite file or a postgres:// URL (default: the
                       config's, dealer.db); the password may come from
                       DEALER_DATABASE_PASSWORD
  --public-url URL     the pages' address as people reach them, when a
                       proxy serves them under a path (default: the root)
  --config FILE        the config file (default: config.yaml if present)
`
}

// webOptions are the flags of `dealer web`.
type webOptions struct {
	listen, database, publicURL, config string
}

// webCmd is `dealer web`: the web pages alone.
func webCmd(e env, args []string) int {
	var o webOptions
	fs := newFlags("dealer web")
	fs.StringVar(&o.listen, "listen", "", "")
	fs.StringVar(&o.database, "database", "", "")
	fs.StringVar(&o.publicURL, "public-url", "", "")
	fs.StringVar(&o.config, "config", "", "")
	if !parseOptions(e.stderr, "web", fs, args, "") {
		return exitUsage
	}
	if o.listen == "" {
		return usageError(e.stderr, "web", "give the address to serve on: --listen :8080")
	}
	if err := checkAddress(o.listen); err != nil {
		return usageError(e.stderr, "web", "--listen %v", err)
	}
	path, explicit := o.config, o.config != ""
	if !explicit {
		path = defaultConfigPath
	}
	cfg, err := loadConfig(path, explicit, e.getenv)
	if err != nil {
		fmt.Fprintln(e.stderr, "dealer web:", err)
		return exitUsage
	}
	if o.database != "" {
		cfg.Database = o.database
	}
	cfg.Web.Listen = o.listen
	if o.publicURL != "" {
		if _, err := web.NewURLs(o.publicURL); err != nil {
			return usageError(e.stderr, "web", "--public-url: %v", strings.TrimPrefix(err.Error(), "web: "))
		}
		cfg.Web.PublicURL = o.publicURL
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveWebAlone(ctx, e.reg, cfg, e.stderr)
}

// serveWebAlone serves the pages of cfg's database on cfg.Web.Listen until
// ctx ends.
func serveWebAlone(ctx context.Context, reg *render.Registry, cfg Config, stderr io.Writer) int {
	log := newLogger(cfg, stderr) // no secret, nor a table's token, in a line
	st, err := openDatabase(cfg.Database, cfg.DatabasePassword)
	if err != nil {
		fmt.Fprintln(stderr, "dealer web:", err)
		return exitFail
	}
	defer st.Close()
	r, err := render.New()
	if err != nil {
		fmt.Fprintln(stderr, "dealer web:", err)
		return exitFail
	}
	// Alone, the pages only read: no signing in, no play (no bot here
	// would redraw a move in Discord).
	pages, err := startWeb(ctx, cfg, st, reg, r, newMetricsRegistry(thisRelease(reg)), log, nil, nil, nil)
	if err != nil {
		fmt.Fprintln(stderr, "dealer web:", err)
		return exitFail
	}
	defer pages.Close()
	log.Info("the web pages are up", "database", st.Path())
	<-ctx.Done()
	log.Info("shutting down")
	return exitOK
}
