package web

import (
	"context"
	"strconv"

	"github.com/dealer/dealer/store"
)

// A board's season, as the pages read it from ?season=: "" the current
// season (all time without seasons), "all" all time, or a past season's
// key ("2026-11", "2026-Q4").

// seasonAll is the season parameter of all time.
const seasonAll = "all"

// season reads a season parameter: a 400 for one not written as a season,
// a 404 for one yet to come.
func (s *Server) season(param string) (store.Season, error) {
	now := s.now()
	switch param {
	case "":
		return s.seasons.Of(now), nil
	case seasonAll:
		return store.Season{}, nil
	}
	se, err := store.ParseSeason(param)
	if err != nil {
		return store.Season{}, badRequest("A season is written like 2026-11 (a month) or 2026-Q4 (a quarter), or all.")
	}
	if se.Start.After(now) {
		return store.Season{}, notFound("That season has not begun yet.")
	}
	return se, nil
}

// seasonChoices are the season selector's options: this season, all time
// and the server's past seasons, newest first; param is the one shown.
func (s *Server) seasonChoices(ctx context.Context, guild, param string) ([]choice, error) {
	past, err := s.st.PastSeasons(ctx, guild, s.seasons, s.now())
	if err != nil {
		return nil, err
	}
	var out []choice
	if s.seasons != store.SeasonsNone {
		out = append(out, choice{"", "This season (" + s.seasons.Of(s.now()).Title() + ")", param == ""})
	}
	all := seasonAll
	if s.seasons == store.SeasonsNone {
		all = "" // all time is the default
	}
	out = append(out, choice{all, "All time", param == all})
	for _, se := range past {
		out = append(out, choice{se.Key, se.Title(), param == se.Key})
	}
	return out, nil
}

// byStreak is the daily-streak board's order parameter.
const byStreak = "streak"

// streakLines are the rows of b's daily-streak board page (the best runs
// of daily deals won over its season), and how many players it ranks.
func (s *Server) streakLines(ctx context.Context, b boardPage) ([]leaderLine, int, error) {
	rows, err := s.st.StreakBoard(ctx, b.guild, b.g.Name, b.season, 0)
	if err != nil {
		return nil, 0, err
	}
	from := min((b.page-1)*pageSize, len(rows))
	out := []leaderLine{}
	for i, r := range rows[from:min(from+pageSize, len(rows))] {
		out = append(out, leaderLine{Rank: from + i + 1, Name: displayName(r.Name, r.UserID), URL: s.p.player(b.guild, r.UserID),
			Metric: strconv.Itoa(r.Best)})
	}
	return out, len(rows), nil
}
