package cli

// `dealer ratings rebuild`: every skill rating made again from the
// stored results (store.RebuildRatings).

import (
	"context"
	"fmt"
	"strings"
	"time"
)

func ratingsUsage(env) string {
	return `usage: dealer ratings rebuild [--db FILE-or-URL] [--config FILE]

rebuild: makes every skill rating of the multiplayer games, and each
player's rating history, again from the stored results, game by game in the
order they finished, as the bot rated them: the same numbers. Ratings are
kept per server, game and house rules; only people are rated, in games
with two people or more (a seat a computer player took over is its
person's last place; an abandoned game counts for no one). It is one
transaction, all or nothing: stop the bot first on a large database.

  --db DB         a SQLite file or a postgres:// URL (default: the
                  config's, dealer.db); the password may come from
                  DEALER_DATABASE_PASSWORD
  --config FILE   the config file (default: config.yaml if present)
`
}

// rebuildTimeout bounds a rebuild: a year-old bot's results take seconds.
const rebuildTimeout = 30 * time.Minute

// ratingsCmd is `dealer ratings rebuild`.
func ratingsCmd(e env, args []string) int {
	fset := newFlags("dealer ratings")
	db := fset.String("db", "", "")
	config := fset.String("config", "", "")
	rest, code, ok := verbArgs(e, "ratings", "rebuild", fset, args)
	if !ok {
		return code
	}
	switch {
	case rest[0] != "rebuild":
		return usageError(e.stderr, "ratings", "unknown %q: ratings does rebuild", clip(rest[0], 20))
	case len(rest) > 1:
		return usageError(e.stderr, "ratings", "unexpected %q: rebuild takes only options", clip(strings.Join(rest[1:], " "), 40))
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "dealer ratings rebuild:", safeText(strings.ReplaceAll(err.Error(), "store: ", "")))
		return exitFail
	}
	path, password, err := chooseDatabase(*db, *config, e.getenv)
	if err != nil {
		fmt.Fprintln(e.stderr, "dealer ratings rebuild:", err)
		return exitUsage
	}
	st, err := openExisting(path, password)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	ctx, cancel := context.WithTimeout(context.Background(), rebuildTimeout)
	defer cancel()
	if err := st.RebuildRatings(ctx); err != nil {
		return fail(err)
	}
	fmt.Fprintf(e.stdout, "rebuilt the ratings in %s from its results\n", st.Path())
	return exitOK
}
