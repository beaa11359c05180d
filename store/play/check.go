package play

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// Problem is a table that can no longer be replayed, and why.
type Problem struct {
	ID     int64
	Game   string
	Deal   uint64
	Status games.Status
	// Reason says why, in words: the reason the table was marked broken
	// with, the move that no longer applies, or how its replay differs
	// from its stored end ("replays to other scores: …").
	Reason string
}

// Report is what Check found: how many tables it replayed, and those that
// do not replay, in the order of their ids.
type Report struct {
	Checked  int
	Problems []Problem
}

// Check replays every table of st but lobbies, under its rules version and
// house rules, with the games of reg, and reports those that no longer
// replay: a table marked broken (with its recorded reason), a table whose
// log does not replay, and a finished game (won, lost, over) whose replay
// ends with another status or other scores than its stored results. It
// reads the store a page at a time (store.EachReplayable), so a big
// database is never held in memory at once. An error is the store's: the
// problems found until then are returned with it.
func Check(ctx context.Context, st *store.Store, reg *games.Registry) (Report, error) {
	var rep Report
	err := st.EachReplayable(ctx, func(r store.Replayable) error {
		rep.Checked++
		if why := CheckOne(reg, r); why != "" {
			s := r.Session
			rep.Problems = append(rep.Problems, Problem{ID: s.ID, Game: s.Game, Deal: s.Deal, Status: s.Status, Reason: why})
		}
		return ctx.Err()
	})
	return rep, err
}

// CheckOne says why one table does not replay, "" when it does (see
// Check).
func CheckOne(reg *games.Registry, r store.Replayable) string {
	s := r.Session
	if s.Broken != "" {
		return "marked broken: " + s.Broken
	}
	if len(r.Log) != s.Moves {
		return fmt.Sprintf("its log holds %d moves, and the table counts %d", len(r.Log), s.Moves)
	}
	g, err := reg.Replay(games.Record{Game: s.Game, Deal: s.Deal, Seats: s.Seats, Options: s.Options, Rules: s.Rules, Moves: r.Log})
	if err != nil {
		return err.Error()
	}
	if !s.Status.Finished() {
		return ""
	}
	if g.Status() != s.Status {
		return fmt.Sprintf("replays to other scores: the replay ends %s, the table is stored %s", g.Status(), s.Status)
	}
	scores, winners := g.Scores(), g.Winners()
	var differ []string
	for _, res := range r.Results {
		score := 0
		if res.Seat >= 0 && res.Seat < len(scores) {
			score = scores[res.Seat]
		}
		won := slices.Contains(winners, games.Seat(res.Seat))
		switch {
		case res.Score != score:
			differ = append(differ, fmt.Sprintf("seat %d scores %d, stored %d", res.Seat+1, score, res.Score))
		case res.Won != won:
			differ = append(differ, fmt.Sprintf("seat %d %s", res.Seat+1, wonText(won)))
		}
	}
	if len(differ) > 0 {
		return "replays to other scores: " + strings.Join(differ, "; ")
	}
	return ""
}

// wonText says how a seat's replay ends against its stored result.
func wonText(won bool) string {
	if won {
		return "wins, stored as a loss"
	}
	return "loses, stored as a win"
}
