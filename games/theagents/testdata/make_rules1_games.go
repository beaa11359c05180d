//go:build ignore

// make_rules1_games writes rules1_games.json: whole games of The Agents as
// the engine played them before its rules changed (rules version 1: every
// seat starts with 0 IP), with the status, scores and winners that engine
// reached. The test TestRules1Games replays them under version 1.
//
// It was run in a worktree of commit 0cf7b05 (2f8b801^, the last commit of
// rules version 1), from the repository's root:
//
//	git worktree add --detach /tmp/old-agents 2f8b801^
//	# this file copied to /tmp/old-agents/games/theagents/testdata/
//	cd /tmp/old-agents
//	go run ./games/theagents/testdata/make_rules1_games.go > games/theagents/testdata/rules1_games.json
//
// (Go 1.26, about two minutes), and its output copied here. It
// uses only that commit's engine and computer players (theagents.New,
// ComputerSeeded, Choose); that commit has no house rules, so no game has
// options.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/theagents"
)

// played is one game: its record, the levels that played it, and how the
// engine ended it.
type played struct {
	Record  games.Record  `json:"record"`
	Levels  []games.Level `json:"levels"`
	Status  games.Status  `json:"status"`
	Scores  []int         `json:"scores"`
	Winners []games.Seat  `json:"winners"`
}

func main() {
	var out []played
	levels := []games.Level{games.Normal, games.Easy, games.Hard}
	for players := 2; players <= 5; players++ {
		for k := range 12 {
			deal := uint64(players*100_003 + k*7919 + 1)
			ls := make([]games.Level, players)
			for s := range ls {
				// all at Normal in a third of the games, else a mix
				if k%3 != 0 {
					ls[s] = levels[(s+k)%len(levels)]
				}
			}
			p, err := play(deal, players, ls)
			if err != nil {
				fmt.Fprintf(os.Stderr, "deal %d, %d players: %v\n", deal, players, err)
				os.Exit(1)
			}
			out = append(out, p)
		}
	}
	// one game a line
	fmt.Println("[")
	for i, p := range out {
		b, err := json.Marshal(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sep := ","
		if i == len(out)-1 {
			sep = ""
		}
		fmt.Printf("%s%s\n", b, sep)
	}
	fmt.Println("]")
}

// play plays deal for players computer players at levels ls, recording
// every move, as PlayOut plays (others' Mercenaries asked first).
func play(deal uint64, players int, ls []games.Level) (played, error) {
	g, err := theagents.New(deal, players)
	if err != nil {
		return played{}, err
	}
	rec := games.Record{Game: "theagents", Deal: deal, Seats: players}
	cs := make([]games.Computer, players)
	for s := range cs {
		c := theagents.ComputerSeeded(ls[s], deal)
		cs[s] = func(g games.Game, seat games.Seat) games.Move {
			m := c(g, seat)
			if m != nil {
				rec.Moves = append(rec.Moves, games.Entry{Seat: seat, Move: m.String()})
			}
			return m
		}
	}
	if err := theagents.PlayOut(g, cs...); err != nil {
		return played{}, err
	}
	return played{Record: rec, Levels: ls, Status: g.Status(), Scores: g.Scores(), Winners: g.Winners()}, nil
}
