//go:build ignore

// make_rules1 writes theagents-rules1.db, a SQLite database (schema 2) as
// the dealer of commit 0cf7b05 (2f8b801^, the last under The Agents' rules
// version 1: every seat starts with 0 IP) left it, holding tables of The
// Agents in mid-play and two finished ones, and theagents-rules1.json, its
// manifest: each session as stored and, for a table in mid-play, the moves
// that finish it as that engine played on (its computer player, Choose, for
// every seat) and the status, scores and winners it reached.
// upgrade_test.go opens a copy with today's store and plays them on under
// rules version 1.
//
// It was run in a worktree of commit 0cf7b05, from the repository's root:
//
//	git worktree add --detach /tmp/old-agents 2f8b801^
//	# this file copied to /tmp/old-agents/store/session/testdata/upgrade/
//	cd /tmp/old-agents
//	go run ./store/session/testdata/upgrade/make_rules1.go -dir store/session/testdata/upgrade
//
// (Go 1.26, a few seconds; store/session is store/play today, and this file
// keeps that commit's names), and both files copied here. The store's clock
// is fixed at 2026-11-23T12:00:00Z, before the rules changed (17:58:26
// that day), so schema 9's migration labels every table rules version 1.
// Moves are picked deterministically by that commit's computer players:
// Choose for computer seats (that store knows no levels), and for people
// Choose or, on some tables, Easy or Hard (theagents.ComputerSeeded).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// now is the store's clock for every write.
var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// Manifest says what theagents-rules1.db holds.
type Manifest struct {
	Commit   string    `json:"commit"`
	Now      string    `json:"now"`
	Schema   int       `json:"schema"`
	Sessions []Session `json:"sessions"`
}

// Session is one table of the manifest.
type Session struct {
	ID        int64          `json:"id"`
	What      string         `json:"what"`
	Game      string         `json:"game"`
	Deal      uint64         `json:"deal"`
	Seats     int            `json:"seats"`
	GuildID   string         `json:"guild_id"`
	ChannelID string         `json:"channel_id"`
	MessageID string         `json:"message_id"`
	OwnerID   string         `json:"owner_id"`
	Status    string         `json:"status"`
	Options   string         `json:"options"`
	Players   []Player       `json:"players"`
	Moves     []games.Entry  `json:"moves"`
	Results   []store.Result `json:"results,omitempty"`
	// Finish is how the old engine played an unfinished table on to its
	// end: the moves after Moves, and where they led.
	Finish *Finish `json:"finish,omitempty"`
}

// Player is a seated player.
type Player struct {
	Seat     int         `json:"seat"`
	UserID   string      `json:"user_id"`
	Name     string      `json:"name"`
	Computer bool        `json:"computer"`
	Level    games.Level `json:"level"`
}

// Finish is the rest of a game as the old engine played it.
type Finish struct {
	Moves   []games.Entry `json:"moves"`
	Status  games.Status  `json:"status"`
	Scores  []int         `json:"scores"`
	Winners []games.Seat  `json:"winners"`
}

var (
	ctx   = context.Background()
	reg   = games.NewRegistry(theagents.Info)
	st    *store.Store
	whats = map[int64]string{}
)

// table is a table to make: its players ("" a computer), how people play
// in it, and how many moves to make (0: to the end).
type table struct {
	deal   uint64
	guild  string
	people []string
	level  games.Level
	moves  int
}

func main() {
	dir := flag.String("dir", ".", "where to write theagents-rules1.db and theagents-rules1.json")
	flag.Parse()
	db := filepath.Join(*dir, "theagents-rules1.db")
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		_ = os.Remove(f)
	}
	var err error
	st, err = store.Open(db)
	check(err)
	st.Now = func() time.Time { return now }

	for _, tb := range []table{
		{2101, "g-1", []string{"u-ann", ""}, games.Normal, 12},
		{2102, "g-1", []string{"u-ann", "u-bob"}, games.Easy, 30},
		{2103, "g-2", []string{"", "u-cid", ""}, games.Normal, 20},
		{2104, "g-2", []string{"u-bob", "u-cid", "u-dee"}, games.Hard, 45},
		{2105, "g-3", []string{"u-ann", "", "", ""}, games.Normal, 35},
		{2106, "g-3", []string{"u-ann", "u-bob", "", "u-dee"}, games.Easy, 60},
		{2107, "g-1", []string{"u-cid", "", "", "", ""}, games.Hard, 25},
		{2108, "g-2", []string{"u-ann", "u-bob", "u-cid", "u-dee", ""}, games.Normal, 80},
		{2109, "g-3", []string{"u-dee", ""}, games.Hard, 50},
		{2110, "g-1", []string{"u-bob", "", "u-ann", ""}, games.Normal, 3},
		{2111, "g-2", []string{"", "u-dee", "", "u-ann", ""}, games.Easy, 100},
		{2112, "", []string{"terminal:ann", "", ""}, games.Normal, 15},
		{2113, "g-3", []string{"u-cid", ""}, games.Normal, 0},
		{2114, "g-1", []string{"u-ann", "", "u-bob"}, games.Normal, 0},
	} {
		open(tb)
	}
	writeManifest(filepath.Join(*dir, "theagents-rules1.json"))
	check(st.Close())
	for _, f := range []string{db + "-wal", db + "-shm"} {
		if _, err := os.Stat(f); err == nil {
			check(fmt.Errorf("%s left behind", f))
		}
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "make_rules1:", err)
		os.Exit(1)
	}
}

var names = map[string]string{"u-ann": "Ann", "u-bob": "Bob", "u-cid": "Cid", "u-dee": "Dee", "terminal:ann": "ann"}

// open makes tb's table: a lobby started, as the bot did, or a terminal
// game; then its moves.
func open(tb table) {
	var players []store.Player
	for _, u := range tb.people {
		players = append(players, store.Player{UserID: u, Name: names[u], Computer: u == ""})
	}
	players = session.Seat(players)
	var t *session.Table
	var err error
	if tb.guild == "" {
		t, err = session.Open(ctx, st, reg, store.Session{Game: "theagents", Deal: tb.deal, Seats: len(players),
			OwnerID: tb.people[0], Players: players})
		check(err)
	} else {
		t, err = session.Open(ctx, st, reg, store.Session{Game: "theagents", Deal: tb.deal, Seats: theagents.MaxPlayers,
			GuildID: tb.guild, ChannelID: "c-" + tb.guild, OwnerID: tb.people[0], Status: store.StatusLobby})
		check(err)
		msg := "m-" + strconv.FormatUint(tb.deal, 10)
		check(st.SetMessage(ctx, t.Sess.ID, "c-"+tb.guild, msg))
		t.Sess.ChannelID, t.Sess.MessageID = "c-"+tb.guild, msg
		check(t.Start(ctx, players))
	}
	whats[t.Sess.ID] = fmt.Sprintf("The Agents, %d players, people at %s, %d moves", len(players), tb.level, tb.moves)
	if tb.moves == 0 {
		whats[t.Sess.ID] = fmt.Sprintf("The Agents, %d players, finished", len(players))
	}
	people := theagents.ComputerSeeded(tb.level, tb.deal)
	for tb.moves == 0 || t.Game.Moves() < tb.moves {
		if t.Game.Status().Finished() {
			check(t.Finish(ctx))
			return
		}
		seat := t.Game.ToAct()[0]
		c := theagents.Choose
		if !t.Player(seat).Computer {
			c = people
		}
		m := c(t.Game, seat)
		if m == nil {
			check(fmt.Errorf("deal %d: seat %d found no move", tb.deal, seat))
		}
		check(t.Apply(ctx, seat, m.String()))
	}
}

// playOn plays the game of sess on to its end in memory, Choose for every
// seat, the old engine's way (PlayOut).
func playOn(rec games.Record) *Finish {
	g0, err := reg.Replay(rec)
	check(err)
	g := g0.(*theagents.Game)
	f := &Finish{Moves: []games.Entry{}}
	choose := func(g games.Game, seat games.Seat) games.Move {
		m := theagents.Choose(g, seat)
		if m != nil {
			f.Moves = append(f.Moves, games.Entry{Seat: seat, Move: m.String()})
		}
		return m
	}
	players := make([]games.Computer, rec.Seats)
	for s := range players {
		players[s] = choose
	}
	check(theagents.PlayOut(g, players...))
	f.Status, f.Scores, f.Winners = g.Status(), g.Scores(), g.Winners()
	return f
}

// writeManifest reads every session back from the store and writes the
// manifest.
func writeManifest(path string) {
	man := Manifest{Commit: "0cf7b05", Now: now.Format(time.RFC3339), Schema: 2}
	for id := int64(1); ; id++ {
		s, err := st.Session(ctx, id)
		if err != nil {
			break
		}
		rec, err := st.Record(ctx, id)
		check(err)
		m := Session{ID: id, What: whats[id], Game: s.Game, Deal: s.Deal, Seats: s.Seats, GuildID: s.GuildID,
			ChannelID: s.ChannelID, MessageID: s.MessageID, OwnerID: s.OwnerID, Status: s.Status.String(),
			Moves: rec.Moves}
		for _, p := range s.Players {
			m.Players = append(m.Players, Player{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer})
		}
		if s.FinishedAt.IsZero() {
			m.Finish = playOn(rec)
		} else {
			m.Results, err = st.Results(ctx, id)
			check(err)
		}
		man.Sessions = append(man.Sessions, m)
	}
	b, err := json.MarshalIndent(man, "", " ")
	check(err)
	check(os.WriteFile(path, append(b, '\n'), 0o644))
}
