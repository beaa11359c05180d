package store

import (
	"fmt"
	"strconv"
	"time"
)

// Seasons: every board (wins, points, best score, daily streaks, ratings)
// can be read over a season, the results finished in a span of time
// (UTC), rather than all time. A season is computed from the results'
// finish times, so no result is ever rewritten for one; when it ends,
// each server's final board is archived (seasonboards.go).

// SeasonLength is how long a season lasts: a calendar month, a quarter,
// or no seasons at all (config `seasons:`).
type SeasonLength string

// The season lengths.
const (
	SeasonsMonth   SeasonLength = "month"
	SeasonsQuarter SeasonLength = "quarter"
	SeasonsNone    SeasonLength = "none"
)

// ParseSeasonLength reads a season length: month, quarter or none ("" is
// month, the default).
func ParseSeasonLength(s string) (SeasonLength, error) {
	switch l := SeasonLength(s); l {
	case "":
		return SeasonsMonth, nil
	case SeasonsMonth, SeasonsQuarter, SeasonsNone:
		return l, nil
	}
	return "", fmt.Errorf("store: seasons: %q is not month, quarter or none", s)
}

// Season is a span of time, from Start (included) to End (excluded), both
// at midnight UTC of a first of the month. Its Key names it: "2026-11"
// for a month, "2026-Q4" for a quarter. The zero Season is all time.
type Season struct {
	Key        string
	Start, End time.Time
}

// AllTime reports whether s is the zero Season: no bounds.
func (s Season) AllTime() bool { return s.Key == "" }

// Of is the season of length l that holds t; the zero Season (all time)
// when l is SeasonsNone.
func (l SeasonLength) Of(t time.Time) Season {
	t = t.UTC()
	switch l {
	case SeasonsNone:
		return Season{}
	case SeasonsQuarter:
		q := (int(t.Month()) - 1) / 3
		start := time.Date(t.Year(), time.Month(3*q+1), 1, 0, 0, 0, 0, time.UTC)
		return Season{Key: fmt.Sprintf("%d-Q%d", t.Year(), q+1), Start: start, End: start.AddDate(0, 3, 0)}
	}
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return Season{Key: start.Format("2006-01"), Start: start, End: start.AddDate(0, 1, 0)}
}

// Length is the length of season s: a month or a quarter, read from its
// key (SeasonsNone for all time).
func (s Season) Length() SeasonLength {
	switch {
	case s.AllTime():
		return SeasonsNone
	case len(s.Key) == len("2006-Q1") && s.Key[5] == 'Q':
		return SeasonsQuarter
	}
	return SeasonsMonth
}

// Title is the season in English, as the web pages and the terminal say
// it: "November 2026", "Q4 2026", "all time" (the bot says it in the
// players' languages).
func (s Season) Title() string {
	switch s.Length() {
	case SeasonsNone:
		return "all time"
	case SeasonsQuarter:
		return fmt.Sprintf("Q%d %d", (int(s.Start.Month())+2)/3, s.Start.Year())
	}
	return s.Start.Format("January 2006")
}

// Previous is the season of the same length just before s (all time for
// all time).
func (s Season) Previous() Season {
	if s.AllTime() {
		return s
	}
	return s.Length().Of(s.Start.Add(-time.Nanosecond))
}

// ParseSeason reads a season's key, a month ("2026-11") or a quarter
// ("2026-Q4") whatever the configured length, so that a season archived
// before the length changed is still read. Years run from 2000 to 9999.
func ParseSeason(key string) (Season, error) {
	bad := fmt.Errorf("store: season %.20q: want a month (2026-11) or a quarter (2026-Q4)", key)
	if len(key) != len("2006-01") || key[4] != '-' {
		return Season{}, bad
	}
	year, err := strconv.Atoi(key[:4])
	if err != nil || year < 2000 {
		return Season{}, bad
	}
	if key[5] == 'Q' {
		q, err := strconv.Atoi(key[6:])
		if err != nil || q < 1 || q > 4 || key[6] == '+' {
			return Season{}, bad
		}
		return SeasonsQuarter.Of(time.Date(year, time.Month(3*q-2), 1, 0, 0, 0, 0, time.UTC)), nil
	}
	month, err := strconv.Atoi(key[5:])
	if err != nil || month < 1 || month > 12 || key[5] < '0' || key[5] > '9' {
		return Season{}, bad
	}
	return SeasonsMonth.Of(time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)), nil
}

// seasonTerms are the terms over results (finished_at) that keep a
// season's, and their arguments; none for all time. prefix qualifies the
// column ("n." for n.finished_at).
func seasonTerms(s Season, prefix string) ([]string, []any) {
	if s.AllTime() {
		return nil, nil
	}
	return []string{prefix + "finished_at >= ?", prefix + "finished_at < ?"}, []any{s.Start.UnixNano(), s.End.UnixNano()}
}
