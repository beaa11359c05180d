package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	game "github.com/dealer/dealer/games/theagents"
)

var testNames = []string{"Ann", "Bartholomew the Magnificent", "Carol", "Dev", "Eve"}

// playedGame is The Agents deal n for players players after moves moves by the
// computer players (or fewer, if the game ends first).
func playedGame(tb testing.TB, n uint64, players, moves int) *game.Game {
	tb.Helper()
	g, err := game.New(n, players)
	if err != nil {
		tb.Fatal(err)
	}
	gamestest.Play(tb, g, moves, game.Choose)
	return g
}

// until plays deal n for players players until ok holds of the
// spectator's view, after at least moves moves.
func until(tb testing.TB, n uint64, players, moves int, ok func(game.View) bool) *game.Game {
	tb.Helper()
	g := playedGame(tb, n, players, moves)
	for !ok(g.View(games.Spectator).(game.View)) {
		if g.Status().Finished() {
			tb.Fatalf("deal %d for %d ended before the position wanted", n, players)
		}
		seat := g.ToAct()[0]
		if err := g.Apply(seat, game.Choose(g, seat)); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// spectatorView is the spectator's view of g.
func spectatorView(g *game.Game) game.View { return g.View(games.Spectator).(game.View) }

// pending is a 5-player game under way waiting on a command's performer.
func pending(tb testing.TB) *game.Game {
	return until(tb, 2, 5, 90, func(v game.View) bool { return v.Pending != nil && v.Pending.At != "" })
}

// fiveMid is a 5-player game well under way, with dead agents and
// missions on the table: the first deal from 3 on whose computer game
// reaches such a position.
func fiveMid(tb testing.TB) *game.Game {
	tb.Helper()
	want := func(v game.View) bool {
		dead, missions := 0, 0
		for _, f := range v.Factions {
			missions += len(f.Missions)
			for _, c := range f.Cards {
				if c.Dead {
					dead++
				}
			}
		}
		return dead > 0 && missions > 1 && v.Pending == nil
	}
	for n := uint64(3); n < 40; n++ {
		g := playedGame(tb, n, 5, 60)
		for !g.Status().Finished() {
			if want(spectatorView(g)) {
				return g
			}
			seat := g.ToAct()[0]
			if err := g.Apply(seat, game.Choose(g, seat)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	tb.Fatal("no 5-player deal reaches a mid-game with dead agents and missions")
	return nil
}

// twoFull is a 2-player game with a full faction (eight cards).
func twoFull(tb testing.TB) *game.Game {
	return until(tb, 2, 2, 0, func(v game.View) bool {
		for _, f := range v.Factions {
			if len(f.Cards) == 8 {
				return true
			}
		}
		return false
	})
}

// overGame is a finished 3-player game.
func overGame(tb testing.TB) *game.Game { return playedGame(tb, 1, 3, 1<<20) }

// craftedView is a 3-player view made by hand: faction A holds, left to
// right, a Sniper commanding Ann (black halves toward Bob), the Safe-House,
// a Mole commanding Ann (white), a dead Turncoat and an Interrogator
// commanding Bob (white); Ann has Graveyard Shift on A, Bob Grey Zone. The
// Sniper's command waits for Ann. B and C hold their Safe-House and one
// agent each.
func craftedView() game.View {
	a := game.Faction{Name: "A", Players: [2]games.Seat{0, 1}, Limit: 5,
		Cards: []game.Placed{
			{ID: 0, Agent: "sniper", Colour: game.Black, Cmd: 0},
			{ID: 0, SafeHouse: true, Cmd: -1},
			{ID: 23, Agent: "mole", Colour: game.White, Cmd: 0},
			{ID: 21, Agent: "turncoat", Colour: game.White, Cmd: 1, Dead: true},
			{ID: 9, Agent: "interrogator", Colour: game.White, Cmd: 1},
		},
		Missions: []game.Assigned{{ID: 0, Mission: "graveyard", Owner: 0}, {ID: 8, Mission: "grey-zone", Owner: 1}}}
	b := game.Faction{Name: "B", Players: [2]games.Seat{1, 2}, Limit: 5,
		Cards: []game.Placed{
			{ID: 1, SafeHouse: true, Cmd: -1},
			{ID: 12, Agent: "courier", Colour: game.Black, Cmd: 1},
		}}
	c := game.Faction{Name: "C", Players: [2]games.Seat{2, 0}, Limit: 5,
		Cards: []game.Placed{
			{ID: 20, Agent: "resurrectionist", Colour: game.Black, Cmd: 2},
			{ID: 2, SafeHouse: true, Cmd: -1},
		}}
	v := game.View{Viewer: games.Spectator, Deal: 7, Players: 3, Status: games.Playing, Moves: 30,
		First: 0, Turn: 1, Turns: 7, ActionsLeft: 1, ToAct: []games.Seat{0},
		HandSizes: []int{2, 3, 1}, MissionCounts: []int{1, 0, 2}, IP: []int{12, 17, 9},
		AgentDeck: 20, MissionDeck: 14, Goal: game.Goal,
		Pending: &game.PendingView{Performer: 0, Owner: 1, Agent: "sniper",
			Command: game.Command{Kind: game.Kill, Scope: game.InFaction}, At: "A1"},
		Last: &game.Scoring{Seat: 0, Tokens: 3, Missions: 2},
	}
	for _, f := range []game.Faction{a, b, c} {
		v.Factions = append(v.Factions, game.FactionView{Faction: f, Tokens: f.Tokens()})
		_ = f
	}
	for s := range 3 {
		inc := 0
		for i := range v.Factions {
			inc += v.Factions[i].Income(games.Seat(s))
		}
		v.Income = append(v.Income, inc)
	}
	return v
}

// craftedHand is craftedView as Ann sees it: six agents (two of them Free,
// one a Mercenary) and two missions in hand, Graveyard Shift on A, and the
// Sniper's command waiting for her choice.
func craftedHand() game.View {
	v := craftedView()
	v.Viewer = 0
	for i, k := range []string{"hitman", "archivist", "mercenary", "soldier", "ghost", "resurrectionist"} {
		v.Hand = append(v.Hand, game.AgentCard{ID: i, Agent: k})
	}
	v.Missions = []game.MissionCard{{ID: 3, Mission: "clean-hands"}, {ID: 11, Mission: "loyalty"}}
	v.HandSizes[0], v.MissionCounts[0] = len(v.Hand), len(v.Missions)
	return v
}

// spyHand is craftedHand with a Free Agent's spy waiting for Ann to
// take an agent from Carol's hand.
func spyHand() game.View {
	v := craftedHand()
	to, victim := games.Seat(1), games.Seat(2)
	v.Pending = &game.PendingView{Performer: 0, Owner: 1, Agent: "pickpocket", Command: game.Command{Kind: game.Spy},
		Free: true, IP: 1, IPTo: &to, Victim: &victim,
		VictimHand: []game.AgentCard{{ID: 30, Agent: "sniper"}, {ID: 31, Agent: "medic"}}}
	return v
}
