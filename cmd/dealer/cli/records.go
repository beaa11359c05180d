package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

func statsUsage(env) string {
	return `usage: dealer stats [--user NAME] [--server ID] [--db FILE]

A player's record at each game: games, wins, best score, fastest win, the
daily deals' streak, and at multiplayer games their rating. Without
--user, yours at this terminal. NAME is a name the leaderboards show (a
terminal's user, or a Discord player's name in a database the bot shares),
or a Discord user id.

  --user NAME     whose record
  --server ID     whose ratings: a Discord server's id (default: the
                  terminal's games); ratings are kept per server
  --db FILE       the database (default: the config's, dealer.db)
  --config FILE   the config file (default: config.yaml if present)
`
}

func leaderboardUsage(e env) string {
	return `usage: dealer leaderboard GAME [--by ORDER] [--season S] [--top N] [--db FILE]

The best players of GAME, from every game the database holds (at the
terminal and, if the bot shares the database, in Discord), this season
unless told otherwise. The games: ` + gameNames(e.reg) + `.

  --by ORDER      wins (the default), points, score, rate, fastest, moves,
                  rating (multiplayer games: today's ratings, or those
                  kept at a past season's end) or streak (the daily
                  deals' best runs of days won)
  --server ID     a Discord server's board (default: every game; for
                  ratings and streaks, the terminal's own)
  --season S      current (the default: this month, or quarter, as the
                  config's seasons says), all (all time), or a past one:
                  2026-11 (a month), 2026-Q3 (a quarter)
  --top N         how many players (default 10)
  --db FILE       the database (default: the config's, dealer.db)
  --config FILE   the config file (default: config.yaml if present)
`
}

// recordFlags are the flags stats and leaderboard share.
type recordFlags struct{ db, config string }

// statsCmd is `dealer stats [--user NAME]`: the bot's /stats, from the
// same store query, for any player in the database.
func statsCmd(e env, args []string) int {
	fs := newFlags("dealer stats")
	var rf recordFlags
	user := fs.String("user", "", "")
	server := fs.String("server", "", "")
	fs.StringVar(&rf.db, "db", "", "")
	fs.StringVar(&rf.config, "config", "", "")
	if !parseOptions(e.stderr, "stats", fs, args, ": name a player with --user NAME") {
		return exitUsage
	}
	if !validServer(*server) {
		return usageError(e.stderr, "stats", "--server takes a Discord server's id (digits), not %q", clip(*server, 24))
	}
	st, code := openStore(e, "stats", rf.db, rf.config)
	if st == nil {
		return code
	}
	defer st.Close()
	if err := writeStats(e, st, *user, *server); err != nil {
		fmt.Fprintf(e.stderr, "dealer stats: reading %s: %v\n", st.Path(), err)
		return exitFail
	}
	return exitOK
}

// writeStats writes a player's record: the terminal's user's, or name's;
// their ratings in server ("" for the terminal's games).
func writeStats(e env, st *store.Store, name, server string) error {
	ctx := context.Background()
	id, shown := terminalOwner(e.getenv), "you"
	if name != "" {
		var err error
		if id, err = findUser(ctx, st, name); err != nil {
			return err
		}
		shown = safeText(name)
	}
	rows, err := st.Stats(ctx, "", id)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Statistics of %s\n", shown)
	if cur, best, err := st.Streak(ctx, id, "", time.Now().UTC().Format(time.DateOnly)); err == nil && best > 0 {
		fmt.Fprintf(e.stdout, "Daily deals: a streak of %s won (best %d).\n", render.Plural(cur, "day"), best)
	}
	if len(rows) == 0 {
		fmt.Fprintln(e.stdout, "No finished games yet.")
	}
	for _, r := range rows {
		title := safeText(r.Game)
		if rg, ok := e.reg.Lookup(r.Game); ok {
			title = rg.TitleUnder(r.Options)
		}
		line := fmt.Sprintf("%s: %s, %s, best score %d", title, render.Plural(r.Games, "game"), render.Plural(r.Wins, "win"), r.BestScore)
		if r.FastestWin > 0 {
			line += ", fastest win " + shortDuration(r.FastestWin)
		}
		if rg, ok := e.reg.Lookup(r.Game); ok && !rg.Solitaire() && r.Options == "" {
			note, err := ratingNote(ctx, st, server, r.Game, id)
			if err != nil {
				return err
			}
			if note != "" {
				line += ", " + note
			}
		}
		fmt.Fprintln(e.stdout, render.TermWrap(line, width, "  "))
	}
	return nil
}

// findUser finds the user id of a player named name: a user id itself, a
// terminal's user, or the name of a player on the leaderboards (the
// latest name each player played under).
func findUser(ctx context.Context, st *store.Store, name string) (string, error) {
	board, err := st.Leaderboard(ctx, "", "", "", 0)
	if err != nil {
		return "", err
	}
	for _, r := range board {
		if r.UserID == name || r.UserID == "terminal:"+name {
			return r.UserID, nil
		}
	}
	for _, r := range board {
		if strings.EqualFold(r.Name, name) {
			return r.UserID, nil
		}
	}
	return "terminal:" + name, nil
}

// leaderboardCmd is `dealer leaderboard GAME`: the bot's /leaderboard,
// from the same store query, over the whole database (or one server's).
func leaderboardCmd(e env, args []string) int {
	fs := newFlags("dealer leaderboard")
	var rf recordFlags
	by := fs.String("by", store.ByWins, "")
	seasonFlag := fs.String("season", "", "")
	server := fs.String("server", "", "")
	top := fs.Int("top", 10, "")
	fs.StringVar(&rf.db, "db", "", "")
	fs.StringVar(&rf.config, "config", "", "")
	rg, code, ok := gameArg(e, "leaderboard", fs, args)
	if !ok {
		return code
	}
	switch {
	case !validOrder(*by) && *by != byRating && *by != byStreak:
		return usageError(e.stderr, "leaderboard", "--by takes wins, points, score, rate, fastest, moves, rating or streak, not %q", clip(*by, 20))
	case *by == byRating && rg.Solitaire():
		return usageError(e.stderr, "leaderboard", "--by rating is for multiplayer games: %s is a solitaire", rg.Name)
	case *by == byStreak && rg.Solve == nil:
		return usageError(e.stderr, "leaderboard", "--by streak is for games with a daily deal: %s has none", rg.Name)
	case *top < 1:
		return usageError(e.stderr, "leaderboard", "--top takes a number from 1")
	case !validServer(*server):
		return usageError(e.stderr, "leaderboard", "--server takes a Discord server's id (digits), not %q", clip(*server, 24))
	}
	season, err := terminalSeason(*seasonFlag, rf.config, e.getenv)
	if err != nil {
		return usageError(e.stderr, "leaderboard", "%s", err)
	}
	st, code := openStore(e, "leaderboard", rf.db, rf.config)
	if st == nil {
		return code
	}
	defer st.Close()
	q := store.LeaderQuery{Guild: *server, Game: rg.Name, By: *by, Limit: *top, Season: season}
	switch *by {
	case byRating:
		err = writeRatings(e, st, rg, q)
	case byStreak:
		err = writeStreaks(e, st, rg, q)
	default:
		var page store.LeaderPage
		if page, err = st.LeaderboardPage(context.Background(), q); err == nil {
			writeLeaderboard(e, rg, *by, season, page.Rows)
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "dealer leaderboard: reading %s: %v\n", st.Path(), err)
		return exitFail
	}
	return exitOK
}

// validOrder reports whether by is one of the store's orders.
func validOrder(by string) bool {
	switch by {
	case store.ByWins, store.ByPoints, store.ByScore, store.ByRate, store.ByFastest, store.ByMoves:
		return true
	}
	return false
}

// writeLeaderboard writes the rows as the bot words them, a line a player.
func writeLeaderboard(e env, rg render.Game, by string, season store.Season, rows []store.LeaderRow) {
	head := rg.Title + ": leaderboard, " + season.Title()
	if by != store.ByWins {
		head += " (by " + by + ")"
	}
	fmt.Fprintln(e.stdout, head)
	switch {
	case len(rows) == 0 && !season.AllTime():
		fmt.Fprintf(e.stdout, "No finished games this season (--season all: all time). Start one: dealer play %s\n", rg.Name)
	case len(rows) == 0:
		fmt.Fprintf(e.stdout, "No finished games yet. Be the first: dealer play %s\n", rg.Name)
	}
	for n, r := range rows {
		line := fmt.Sprintf("%2d. %s: %s, %s (%.0f%%), best score %d", n+1, clip(safeText(r.Name), 24), render.Plural(r.Games, "game"),
			render.Plural(r.Wins, "win"), 100*r.WinRate, r.BestScore)
		if !rg.Solitaire() {
			line += fmt.Sprintf(", %d points", r.TotalPoints)
		}
		if r.FastestWin > 0 {
			line += ", fastest win " + shortDuration(r.FastestWin)
		}
		fmt.Fprintln(e.stdout, render.TermWrap(line, width, "    "))
	}
}

// shortDuration is bot.ShortDuration, the bot's way of saying a game's
// time, but for a win in under a second (a scripted game): "<1s".
func shortDuration(d time.Duration) string {
	if d > 0 && d < time.Second {
		return "<1s"
	}
	return bot.ShortDuration(d)
}
