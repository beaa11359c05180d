//go:build ignore

// make_schema8 writes schema8.db, a SQLite database as the dealer of
// commit c96ffdc (the last before schema 9) left it, and schema8.json, its
// manifest: what each session is. upgrade_test.go opens a copy with
// today's store, which migrates it, and checks that nothing was lost.
//
// It was run in a worktree of commit c96ffdc, from the repository's root:
//
//	git worktree add --detach /tmp/gen-today c96ffdc
//	# this file copied to /tmp/gen-today/store/session/testdata/upgrade/
//	cd /tmp/gen-today
//	go run ./store/session/testdata/upgrade/make_schema8.go -dir store/session/testdata/upgrade
//
// (Go 1.26, a few seconds; store/session is store/play today, and this file
// keeps that commit's names), and schema8.db and schema8.json copied here.
// It writes through that commit's store and store/session, as its bot and
// terminal did, with the store's clock fixed at 2026-11-25T12:00:00Z: tables
// of every game in mid-play, lobbies, finished, abandoned, a daily-deal
// attempt, a terminal game; house rules, computer players at every level,
// hints, Secret Agent's rounds, players' and servers' languages, players'
// settings, a turn timer and a lobby timer. Moves are picked by computer
// players for every seat of a multiplayer game (a seat's level; the
// game's Normal one for people), the first legal move on a solitaire, or,
// for the solitaires played to their end, the solver's line (found within
// a time budget: another machine may find another line; the files
// committed are those of the run described here).
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
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// now is the store's clock for every write.
var now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// Manifest says what schema8.db holds.
type Manifest struct {
	Commit string `json:"commit"`
	Now    string `json:"now"`
	Schema int    `json:"schema"`
	// Sessions by id.
	Sessions []Session `json:"sessions"`
	// PlayerLangs and GuildLangs: the languages kept, by user and server.
	PlayerLangs map[string]string `json:"player_langs"`
	GuildLangs  map[string]string `json:"guild_langs"`
	// Settings: the players' settings, by user.
	Settings map[string]Settings `json:"settings"`
	Timers   []Timer             `json:"timers"`
	// DailyDeals: the daily deals chosen, game → day → deal.
	DailyDeals map[string]map[string]uint64 `json:"daily_deals"`
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
	Daily     string         `json:"daily,omitempty"`
	Hints     int            `json:"hints"`
	Players   []Player       `json:"players"`
	Moves     []games.Entry  `json:"moves"`
	Rounds    [][]int        `json:"rounds"`
	Results   []store.Result `json:"results,omitempty"`
}

// Player is a seated player.
type Player struct {
	Seat     int         `json:"seat"`
	UserID   string      `json:"user_id"`
	Name     string      `json:"name"`
	Computer bool        `json:"computer"`
	Level    games.Level `json:"level"`
}

// Settings are a player's settings.
type Settings struct {
	FourColour bool `json:"four_colour"`
	Large      bool `json:"large"`
}

// Timer is an armed timer.
type Timer struct {
	Session int64     `json:"session"`
	Kind    string    `json:"kind"`
	Due     time.Time `json:"due"`
	Version int       `json:"version"`
}

var (
	ctx = context.Background()
	reg = games.NewRegistry(doublefreecell.Info, doublets.Info, doubleagent.Info, secretagent.Info, theagents.Info)
	st  *store.Store
	man = Manifest{Commit: "c96ffdc", Now: now.Format(time.RFC3339), Schema: 8,
		PlayerLangs: map[string]string{}, GuildLangs: map[string]string{}, Settings: map[string]Settings{},
		DailyDeals: map[string]map[string]uint64{}}
	whats = map[int64]string{}
)

func main() {
	dir := flag.String("dir", ".", "where to write schema8.db and schema8.json")
	flag.Parse()
	db := filepath.Join(*dir, "schema8.db")
	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		_ = os.Remove(f)
	}
	var err error
	st, err = store.Open(db)
	check(err)
	st.Now = func() time.Time { return now }

	keepPreferences()
	tablesInPlay()
	tablesEnded()
	dailyAndTerminal()

	writeManifest(filepath.Join(*dir, "schema8.json"))
	check(st.Close())
	for _, f := range []string{db + "-wal", db + "-shm"} {
		if _, err := os.Stat(f); err == nil {
			check(fmt.Errorf("%s left behind", f))
		}
	}
}

// The players seated at the tables.
var (
	ann = store.Player{UserID: "u-ann", Name: "Ann"}
	bob = store.Player{UserID: "u-bob", Name: "Bob"}
	cid = store.Player{UserID: "u-cid", Name: "Cid"}
	dee = store.Player{UserID: "u-dee", Name: "Dee"}
)

// cpu is a computer player at level l.
func cpu(l games.Level) store.Player { return store.Player{Computer: true, Level: l} }

// keepPreferences stores players' and servers' languages and players'
// settings.
func keepPreferences() {
	// Players' and servers' languages and settings, as the bot keeps them.
	for user, l := range map[string]string{"u-ann": "es", "u-bob": "pt-BR", "u-cid": "de"} {
		check(st.SetPlayerLang(ctx, user, l))
		man.PlayerLangs[user] = l
	}
	for guild, l := range map[string]string{"g-1": "es", "g-2": "pt-BR", "g-3": "de"} {
		check(st.SetGuildLang(ctx, guild, l))
		man.GuildLangs[guild] = l
	}
	for user, s := range map[string]Settings{"u-ann": {FourColour: true}, "u-bob": {Large: true}, "u-cid": {FourColour: true, Large: true}} {
		check(st.SetSettings(ctx, user, store.Settings{FourColour: s.FourColour, Large: s.Large}))
		man.Settings[user] = s
	}
}

// tablesInPlay makes solitaires and multiplayer tables in mid-play, and
// lobbies.
func tablesInPlay() {
	// Solitaires in mid-play, with house rules and hints.
	t := solitaire("Double FreeCell in mid-play, house rules, 2 hints", "doublefreecell", 1201, "g-1", ann, "cells=8 autoplay=off")
	firstMoves(t, 15)
	hints(t, 2)
	t = solitaire("Doublets in mid-play, house rules, 1 hint", "doublets", 1202, "g-2", bob, "passes=1")
	firstMoves(t, 12)
	hints(t, 1)
	t = solitaire("Double Agent in mid-play (it has no house rules)", "doubleagent", 1203, "g-3", cid, "")
	firstMoves(t, 10)

	// Multiplayer tables in mid-play, opened as lobbies and started.
	t = lobby("Secret Agent in mid-play, house rules, computers easy and hard, a round recorded, a turn timer", "secretagent", 1204, "g-1", ann, "deals=2",
		[]store.Player{ann, bob, cpu(games.Easy), cpu(games.Hard)}, true)
	playUntil(t, func() bool { return len(rounds(t)) >= 1 && humanToAct(t) })
	turnTimer(t)
	t = lobby("The Agents in mid-play, 4 players, goal=30, computers hard and easy, a turn timer", "theagents", 1205, "g-2", bob, "goal=30",
		[]store.Player{bob, cid, cpu(games.Hard), cpu(games.Easy)}, true)
	playUntil(t, func() bool { return t.Game.Moves() >= 40 && humanToAct(t) })
	turnTimer(t)
	t = lobby("The Agents in mid-play, 2 players, standard, a computer at normal", "theagents", 1206, "g-3", dee, "",
		[]store.Player{dee, cpu(games.Normal)}, true)
	playUntil(t, func() bool { return t.Game.Moves() >= 25 && humanToAct(t) })
	t = lobby("The Agents in mid-play, 5 players, computers at every level", "theagents", 1207, "g-1", cid, "",
		[]store.Player{cid, ann, cpu(games.Easy), cpu(games.Normal), cpu(games.Hard)}, true)
	playUntil(t, func() bool { return t.Game.Moves() >= 30 && humanToAct(t) })

	// Lobbies with some players seated, and their timers.
	t = lobby("Secret Agent lobby, two seated (one a hard computer), a lobby timer", "secretagent", 1208, "g-1", ann, "",
		[]store.Player{ann, cpu(games.Hard)}, false)
	lobbyTimer(t)
	t = lobby("The Agents lobby, three seated, goal=60, a lobby timer", "theagents", 1209, "g-2", cid, "goal=60",
		[]store.Player{cid, dee, cpu(games.Easy)}, false)
	lobbyTimer(t)
}

// tablesEnded makes finished games of each and an abandoned table.
func tablesEnded() {
	// Finished games of each.
	t := solitaire("Double FreeCell won by the solver's line", "doublefreecell", 1210, "g-1", bob, "")
	solve(t)
	t = solitaire("Doublets played out by the solver's line, passes=2", "doublets", 1211, "g-2", ann, "passes=2")
	solve(t)
	t = solitaire("Double Agent finished by the solver's line", "doubleagent", 1212, "g-3", bob, "")
	solve(t)
	t = solitaire("Double FreeCell resigned after a few moves (lost), cells=4", "doublefreecell", 1213, "g-3", dee, "cells=4")
	firstMoves(t, 5)
	apply(t, 0, "resign")
	finish(t)
	t = lobby("Secret Agent finished, deals=1, computers at every level", "secretagent", 1214, "g-1", cid, "deals=1",
		[]store.Player{cid, cpu(games.Easy), cpu(games.Normal), cpu(games.Hard)}, true)
	playUntil(t, func() bool { return false })
	finish(t)
	t = lobby("The Agents finished, goal=20, computers normal and hard", "theagents", 1215, "g-2", ann, "goal=20",
		[]store.Player{ann, cpu(games.Normal), cpu(games.Hard)}, true)
	playUntil(t, func() bool { return false })
	finish(t)
	t = lobby("The Agents finished, standard, 2 players", "theagents", 1216, "g-3", bob, "",
		[]store.Player{bob, cid}, true)
	playUntil(t, func() bool { return false })
	finish(t)

	// An abandoned table.
	t = lobby("Secret Agent abandoned in mid-play", "secretagent", 1217, "g-3", dee, "",
		[]store.Player{dee, cpu(games.Normal), cpu(games.Normal), cpu(games.Normal)}, true)
	playUntil(t, func() bool { return t.Game.Moves() >= 9 && humanToAct(t) })
	check(t.Abandon(ctx))
}

// dailyAndTerminal makes a daily-deal attempt and terminal games, in
// mid-play.
func dailyAndTerminal() {
	// A daily-deal attempt in mid-play.
	day := now.Format("2006-01-02")
	deal, err := st.SetDailyDeal(ctx, "doublefreecell", day, 1218)
	check(err)
	man.DailyDeals["doublefreecell"] = map[string]uint64{day: deal}
	t, err := session.Open(ctx, st, reg, store.Session{Game: "doublefreecell", Deal: deal, Seats: 1, GuildID: "g-2",
		ChannelID: "c-g-2", MessageID: "m-daily", OwnerID: "u-cid", Players: []store.Player{{Seat: 0, UserID: "u-cid", Name: "Cid"}},
		Daily: day})
	check(err)
	whats[t.Sess.ID] = "Double FreeCell daily-deal attempt in mid-play, 1 hint"
	firstMoves(t, 8)
	hints(t, 1)

	// Terminal games (no server).
	t, err = session.Open(ctx, st, reg, store.Session{Game: "theagents", Deal: 1219, Seats: 3, OwnerID: "terminal:ann",
		Players: session.Seat([]store.Player{{UserID: "terminal:ann", Name: "ann"}, cpu(games.Hard), cpu(games.Easy)})})
	check(err)
	whats[t.Sess.ID] = "The Agents at the terminal in mid-play, you, ai:hard and ai:easy"
	playUntil(t, func() bool { return t.Game.Moves() >= 20 && humanToAct(t) })
	t, err = session.Open(ctx, st, reg, store.Session{Game: "doublets", Deal: 1220, Seats: 1, OwnerID: "terminal:bob",
		Players: []store.Player{{UserID: "terminal:bob", Name: "bob"}}})
	check(err)
	whats[t.Sess.ID] = "Doublets at the terminal in mid-play"
	firstMoves(t, 6)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "make_schema8:", err)
		os.Exit(1)
	}
}

// solitaire opens a solitaire in a server's channel.
func solitaire(what, game string, deal uint64, guild string, p store.Player, options string) *session.Table {
	p.Seat = 0
	t, err := session.Open(ctx, st, reg, store.Session{Game: game, Deal: deal, Seats: 1, GuildID: guild,
		ChannelID: "c-" + guild, MessageID: "m-" + strconv.FormatUint(deal, 10), OwnerID: p.UserID,
		Players: []store.Player{p}, Options: options})
	check(err)
	whats[t.Sess.ID] = what
	return t
}

// lobby opens a lobby as the bot does (every seat open), seats players in
// it, and starts the game when start is set.
func lobby(what, game string, deal uint64, guild string, owner store.Player, options string, players []store.Player, start bool) *session.Table {
	info, _ := reg.Lookup(game)
	t, err := session.Open(ctx, st, reg, store.Session{Game: game, Deal: deal, Seats: info.MaxSeats, GuildID: guild,
		ChannelID: "c-" + guild, OwnerID: owner.UserID, Status: store.StatusLobby, Options: options})
	check(err)
	whats[t.Sess.ID] = what
	msg := "m-" + strconv.FormatUint(deal, 10)
	check(st.SetMessage(ctx, t.Sess.ID, "c-"+guild, msg))
	t.Sess.ChannelID, t.Sess.MessageID = "c-"+guild, msg
	players = session.Seat(append([]store.Player(nil), players...))
	check(st.SetPlayers(ctx, t.Sess.ID, players))
	t.Sess.Players = players
	if start {
		check(t.Start(ctx, session.Fill(t.Info, players)))
	}
	return t
}

// apply makes a move and records Secret Agent's finished rounds, as the
// bot does after every change.
func apply(t *session.Table, seat games.Seat, move string) {
	check(t.Apply(ctx, seat, move))
	for r, scores := range rounds(t) {
		check(st.RecordRound(ctx, t.Sess.ID, r, scores))
	}
}

// rounds are Secret Agent's finished deals' scores, by seat.
func rounds(t *session.Table) [][]int {
	v, ok := t.Game.View(games.Spectator).(secretagent.View)
	if !ok {
		return nil
	}
	var out [][]int
	for _, d := range v.Revealed {
		scores := make([]int, len(d.Seats))
		for _, s := range d.Seats {
			scores[s.Seat] = s.Score
		}
		out = append(out, scores)
	}
	return out
}

// firstMoves plays up to n first legal moves of a solitaire that are no
// command (undo, auto, resign, autoplay).
func firstMoves(t *session.Table, n int) {
	for range n {
		if t.Game.Status().Finished() {
			return
		}
		m := firstLegal(t.Game)
		if m == "" {
			return
		}
		apply(t, 0, m)
	}
}

func firstLegal(g games.Game) string {
	for _, m := range g.Legal(0) {
		switch s := m.String(); s {
		case "undo", "auto", "resign", "autoplay on", "autoplay off":
		default:
			return s
		}
	}
	return ""
}

// hints counts n hints used.
func hints(t *session.Table, n int) {
	for range n {
		_, err := st.AddHint(ctx, t.Sess.ID)
		check(err)
	}
}

// solve plays the solver's line and finishes the game: resigned if the
// line does not end it.
func solve(t *session.Table) {
	sol := t.Info.Solve(t.Game, 20*time.Second)
	for _, m := range sol.Moves {
		if t.Game.Status().Finished() {
			break
		}
		apply(t, 0, m)
	}
	if !t.Game.Status().Finished() {
		apply(t, 0, "resign")
	}
	finish(t)
}

// humanToAct reports whether a person is the seat the game waits on.
func humanToAct(t *session.Table) bool {
	act := t.Game.ToAct()
	return len(act) > 0 && !t.Player(act[0]).Computer
}

// playUntil plays a multiplayer game, computer players for every seat
// (people played by the game's computer player at Normal), until stop or
// the game's end.
func playUntil(t *session.Table, stop func() bool) {
	for !t.Game.Status().Finished() && !stop() {
		seat := t.Game.ToAct()[0]
		c := t.ComputerAt(seat)
		if c == nil {
			c = t.Info.Computer
		}
		m := c(t.Game, seat)
		if m == nil {
			check(fmt.Errorf("session %d: seat %d found no move", t.Sess.ID, seat))
		}
		apply(t, seat, m.String())
	}
}

func finish(t *session.Table) {
	if !t.Game.Status().Finished() {
		check(fmt.Errorf("session %d is not over", t.Sess.ID))
	}
	check(t.Finish(ctx))
}

func turnTimer(t *session.Table) {
	timer(store.Timer{Session: t.Sess.ID, Kind: "turn", Due: now.Add(5 * time.Minute), Version: t.Sess.Moves})
}

func lobbyTimer(t *session.Table) {
	timer(store.Timer{Session: t.Sess.ID, Kind: "lobby", Due: now.Add(30 * time.Minute), Version: t.Sess.Moves})
}

func timer(tm store.Timer) {
	check(st.SetTimer(ctx, tm))
	man.Timers = append(man.Timers, Timer{Session: tm.Session, Kind: tm.Kind, Due: tm.Due, Version: tm.Version})
}

// writeManifest reads every session back from the store and writes the
// manifest.
func writeManifest(path string) {
	for id := int64(1); ; id++ {
		s, err := st.Session(ctx, id)
		if err != nil {
			break
		}
		moves, err := st.Moves(ctx, id)
		check(err)
		rs, err := st.Rounds(ctx, id)
		check(err)
		m := Session{ID: id, What: whats[id], Game: s.Game, Deal: s.Deal, Seats: s.Seats, GuildID: s.GuildID,
			ChannelID: s.ChannelID, MessageID: s.MessageID, OwnerID: s.OwnerID, Status: s.Status.String(),
			Options: s.Options, Daily: s.Daily, Hints: s.Hints, Moves: moves, Rounds: rs}
		if m.Moves == nil {
			m.Moves = []games.Entry{}
		}
		for _, p := range s.Players {
			m.Players = append(m.Players, Player{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Level: p.Level})
		}
		if !s.FinishedAt.IsZero() {
			m.Results, err = st.Results(ctx, id)
			check(err)
		}
		man.Sessions = append(man.Sessions, m)
	}
	b, err := json.MarshalIndent(man, "", " ")
	check(err)
	check(os.WriteFile(path, append(b, '\n'), 0o644))
}
