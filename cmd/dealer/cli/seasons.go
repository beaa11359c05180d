package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/rating"
)

// terminalSeason reads `dealer leaderboard --season`: "" or "current" is
// the current season of the config's length (config, or config.yaml if
// present; a month by default), "all" all time, else a season's key
// (2026-11, 2026-Q3) that has begun.
func terminalSeason(flag, config string, getenv func(string) string) (store.Season, error) {
	switch flag {
	case "all":
		return store.Season{}, nil
	case "", "current":
		path, explicit := config, config != ""
		if !explicit {
			path = defaultConfigPath
		}
		cfg, err := loadConfig(path, explicit, getenv)
		if err != nil && explicit {
			return store.Season{}, err
		}
		if err != nil {
			// config.yaml, read only for its seasons: the database (--db)
			// needs nothing of it, and a month is the default.
			cfg.Seasons = store.SeasonsMonth
		}
		return cfg.Seasons.Of(time.Now()), nil
	}
	s, err := store.ParseSeason(flag)
	if err != nil {
		return store.Season{}, fmt.Errorf("--season takes current, all, a month (2026-11) or a quarter (2026-Q3), not %q", clip(flag, 20))
	}
	if s.Start.After(time.Now()) {
		return store.Season{}, errors.New("--season " + s.Key + " has not begun yet")
	}
	return s, nil
}

// byRating is `dealer leaderboard --by rating`.
const byRating = "rating"

// validServer reports whether s is "" (the terminal's own games) or a
// Discord server's id: 1 to 20 digits.
func validServer(s string) bool {
	if len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// writeRatings writes q's rating board: today's ratings of q.Guild's
// game (the terminal's own games for ""), or those kept at a past
// season's end; a rating goes on across seasons.
func writeRatings(e env, st *store.Store, rg render.Game, q store.LeaderQuery) error {
	ctx := context.Background()
	now := time.Now()
	current := q.Season.AllTime() || !now.Before(q.Season.Start) && now.Before(q.Season.End)
	var (
		rows []store.RatingRow
		kept = true
		err  error
	)
	when := "today"
	if current {
		rows, err = st.Ratings(ctx, q.Guild, q.Game, "", q.Limit)
	} else {
		rows, kept, err = st.SeasonRatings(ctx, q.Guild, q.Game, "", q.Season, q.Limit)
		when = "at the end of " + q.Season.Title()
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: ratings, %s\n", rg.Title, when)
	switch {
	case !kept:
		fmt.Fprintln(e.stdout, "No ratings were kept then: a server's are kept when its season ends.")
	case len(rows) == 0:
		fmt.Fprintln(e.stdout, "No one rated yet: a game of two people or more rates them.")
	}
	for _, r := range rows {
		line := fmt.Sprintf("%2d. %s: rating %.1f, %s", r.Rank, clip(safeText(r.Name), 24), r.Rating.Ordinal(), render.Plural(r.Games, "game"))
		fmt.Fprintln(e.stdout, render.TermWrap(line, width, "    "))
	}
	return nil
}

// ratingNote is what `dealer stats` says of a player's rating at a
// multiplayer game in server ("" the terminal's games): the rating, the
// rank and the change over the last ten games; "" when unrated.
func ratingNote(ctx context.Context, st *store.Store, server, game, user string) (string, error) {
	r, err := st.RatingOf(ctx, server, game, user)
	if err != nil || r.Games == 0 {
		return "", err
	}
	hist, err := st.RatingHistory(ctx, server, game, user, 11)
	if err != nil || len(hist) == 0 {
		return "", err
	}
	from, n := rating.New().Ordinal(), len(hist)
	if n > 10 {
		from, n = hist[0].Rating.Ordinal(), 10
	}
	return fmt.Sprintf("rating %.1f (#%d, %+.1f over the last %s)", r.Rating.Ordinal(), r.Rank,
		hist[len(hist)-1].Rating.Ordinal()-from, render.Plural(n, "game")), nil
}

// byStreak is `dealer leaderboard --by streak`.
const byStreak = "streak"

// writeStreaks writes q's daily-streak board: the best runs of daily
// deals won in q.Guild ("" the terminal's) over q.Season.
func writeStreaks(e env, st *store.Store, rg render.Game, q store.LeaderQuery) error {
	rows, err := st.StreakBoard(context.Background(), q.Guild, q.Game, q.Season, q.Limit)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: daily deal streaks, %s\n", rg.Title, q.Season.Title())
	if len(rows) == 0 {
		fmt.Fprintln(e.stdout, "No daily deal won yet (the bot's /daily; --server ID names a server).")
	}
	for n, r := range rows {
		line := fmt.Sprintf("%2d. %s: %s won in a row", n+1, clip(safeText(r.Name), 24), render.Plural(r.Best, "day"))
		fmt.Fprintln(e.stdout, render.TermWrap(line, width, "    "))
	}
	return nil
}
