package cli

import (
	"errors"
	"fmt"
	"time"

	"github.com/dealer/dealer/store"
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
