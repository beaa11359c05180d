package theagents

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tableScene(t *testing.T, v game.View) *Scene {
	t.Helper()
	s, err := TableLayout(v, testNames, lang.English)
	require.NoError(t, err)
	return s
}

// checkTable checks what every table must be: each card of each faction
// placed once, in order, inside the picture, the tiles of a row apart and
// in a line; a coin for each complete token; no card of a hand.
func checkTable(t *testing.T, v game.View, s *Scene) {
	t.Helper()
	frame := image.Rect(0, 0, s.W, s.H)
	require.LessOrEqual(t, s.H, maxH)
	places := map[string]Tile{}
	for _, tl := range s.Tiles {
		require.NotEqual(t, "hand", tl.Place, "a hand on the table")
		_, dup := places[tl.Place]
		require.False(t, dup, "%s placed twice", tl.Place)
		places[tl.Place] = tl
		require.True(t, tl.Rect.In(frame), "%s at %v", tl.Place, tl.Rect)
	}
	cards, tokens := 0, 0
	for _, f := range v.Factions {
		cards += len(f.Cards)
		tokens += len(f.Tokens)
		var prev image.Rectangle
		for k, c := range f.Cards {
			tl, ok := places[f.Name+strconv.Itoa(k+1)]
			require.True(t, ok, "%s%d not placed", f.Name, k+1)
			assert.Equal(t, c.SafeHouse, tl.SafeHouse)
			assert.Equal(t, c.Dead, tl.Dead)
			if c.SafeHouse || c.Dead {
				assert.Equal(t, games.Seat(-1), tl.Toward)
			} else {
				assert.Equal(t, c.Agent, tl.Key)
				assert.Equal(t, c.Cmd, tl.Toward)
				assert.Equal(t, c.Cmd == f.Players[0], tl.Up)
			}
			if k > 0 {
				assert.GreaterOrEqual(t, tl.Rect.Min.X-prev.Max.X, tileGap, "%s%d too close", f.Name, k+1)
				assert.Equal(t, prev.Min.Y, tl.Rect.Min.Y)
			}
			prev = tl.Rect
		}
	}
	assert.Len(t, s.Tiles, cards)
	require.Len(t, s.Tokens, tokens)
	for _, tk := range s.Tokens {
		left, right := places[tk.Faction+strconv.Itoa(tk.Pos)], places[tk.Faction+strconv.Itoa(tk.Pos+1)]
		mid := (tk.Rect.Min.X + tk.Rect.Max.X) / 2
		assert.True(t, left.Rect.Max.X < mid && mid < right.Rect.Min.X, "token %s%d between its cards", tk.Faction, tk.Pos)
	}
}

func TestTheAgentsTableCrafted(t *testing.T) {
	v := craftedView()
	s := tableScene(t, v)
	checkTable(t, v, s)
	byPlace := map[string]Tile{}
	for _, tl := range s.Tiles {
		byPlace[tl.Place] = tl
	}
	for place, want := range map[string]struct {
		key                string
		up, dead, sh, pend bool
	}{
		"A1": {key: "sniper", up: true, pend: true},
		"A2": {key: "Bakery", sh: true},
		"A3": {key: "mole", up: true},
		"A4": {key: "turncoat", dead: true},
		"A5": {key: "interrogator"},
		"B1": {key: "Lighthouse", sh: true},
		"C1": {key: "resurrectionist", up: true},
	} {
		tl := byPlace[place]
		assert.Equal(t, want.key, tl.Key, place)
		assert.Equal(t, want.up, tl.Up, place)
		assert.Equal(t, want.dead, tl.Dead, place)
		assert.Equal(t, want.sh, tl.SafeHouse, place)
		assert.Equal(t, want.pend, tl.Pending, place)
	}
	// the tokens: black 2 and mixed 1 for Bob on A, black 2 on B and C
	require.Len(t, s.Tokens, 4)
	assert.Equal(t, Token{Faction: "A", Pos: 1, For: 1, Colour: game.Black, IP: 2, Rect: s.Tokens[0].Rect}, s.Tokens[0])
	assert.Equal(t, Token{Faction: "A", Pos: 2, For: 1, IP: 1, Rect: s.Tokens[1].Rect}, s.Tokens[1])
	// Bob's tokens lie at the foot of the row, toward him
	assert.Greater(t, s.Tokens[0].Rect.Min.Y, byPlace["A1"].Rect.Min.Y+tileH/2)

	// the words: faction lines, missions (Grey Zone holds: gold), the
	// pending command, who is to act
	_, ok := rendertest.FindLabel(s.Scene, "4 of 5 agents · tokens ↑0 ↓3")
	assert.True(t, ok)
	l, ok := rendertest.FindLabel(s.Scene, "↓ Grey Zone +1")
	require.True(t, ok)
	assert.Equal(t, render.Gold, l.Fill)
	l, ok = rendertest.FindLabel(s.Scene, "↑ Graveyard Shift +2")
	require.True(t, ok)
	assert.Equal(t, render.FeltDark, l.Fill)
	l, ok = rendertest.FindLabel(s.Scene, "Ann")
	require.True(t, ok)
	assert.Equal(t, render.Gold, l.Fill, "the game waits on Ann")
	_, ok = rendertest.FindLabel(s.Scene, "Ann to choose: Sniper")
	assert.True(t, ok)
	found := false
	for _, l := range s.Labels {
		found = found || strings.Contains(l.Text, "goal 40 IP")
	}
	assert.True(t, found, "the goal")
	_, ok = rendertest.FindLabel(s.Scene, "dead")
	assert.True(t, ok)
	_, ok = rendertest.FindLabel(s.Scene, "Bakery")
	assert.True(t, ok)

	// without the pending command, Bob's turn
	v.Pending = nil
	s = tableScene(t, v)
	for _, tl := range s.Tiles {
		assert.False(t, tl.Pending)
	}
	_, ok = rendertest.FindLabel(s.Scene, "Bartholomew…'s turn · 1 action left")
	assert.True(t, ok)
}

// TestTheAgentsTableShowsNoHand: the table is the same whatever view it is
// given and whatever the hands hold: the same layout for every seat's view,
// hands changed or not, and the same PNG.
func TestTheAgentsTableShowsNoHand(t *testing.T) {
	other := func(v game.View) game.View {
		v.Hand = []game.AgentCard{{ID: 0, Agent: "sniper"}, {ID: 30, Agent: "hitman"}}
		v.Missions = []game.MissionCard{{ID: 0, Mission: "graveyard"}}
		if v.Pending != nil {
			p := *v.Pending
			p.VictimHand = []game.AgentCard{{ID: 1, Agent: "sniper"}}
			v.Pending = &p
		}
		return v
	}
	for name, g := range map[string]*game.Game{"pending": pending(t), "mid": fiveMid(t), "two": twoFull(t)} {
		want := tableScene(t, spectatorView(g))
		held := 0
		for seat := range g.Seats() {
			v := g.View(games.Seat(seat)).(game.View)
			held += len(v.Hand) + len(v.Missions)
			assert.Equal(t, want, tableScene(t, v), "%s: seat %d's view lays out another table", name, seat)
			assert.Equal(t, want, tableScene(t, other(v)), "%s: a changed hand changes the table", name)
		}
		require.Positive(t, held, "%s: nobody holds a card", name)
	}
	r := rendertest.Renderer(t)
	g := pending(t)
	want, err := Table(r, spectatorView(g), testNames, lang.English)
	require.NoError(t, err)
	performer := g.ToAct()[0]
	got, err := Table(r, other(g.View(performer).(game.View)), testNames, lang.English)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "the performer's view draws another table")

	// a spy's look at a hand is not written on the table
	s := tableScene(t, spyHand())
	for _, l := range s.Labels {
		assert.NotContains(t, l.Text, "Field Medic")
	}
}

// TestTheAgentsTableWholeGames: every position of a few whole games lays
// out: 2 to 5 players, from the deal to the end.
func TestTheAgentsTableWholeGames(t *testing.T) {
	for players := 2; players <= 5; players++ {
		g := playedGame(t, uint64(players), players, 0)
		for i := 0; !g.Status().Finished(); i++ {
			if i%7 == 0 {
				v := spectatorView(g)
				checkTable(t, v, tableScene(t, v))
			}
			seat := g.ToAct()[0]
			require.NoError(t, g.Apply(seat, game.Choose(g, seat)))
		}
		v := spectatorView(g)
		s := tableScene(t, v)
		checkTable(t, v, s)
		require.NotEmpty(t, v.Winners)
		found := false
		for _, l := range s.Labels {
			found = found || (l.Fill == render.Gold && l.Size == render.Huge && strings.HasSuffix(l.Text, "!"))
		}
		assert.True(t, found, "the winners' banner for %d players", players)
	}
}

func TestTheAgentsTableEnding(t *testing.T) {
	v := craftedView()
	v.Ending = true
	s := tableScene(t, v)
	found := false
	for _, l := range s.Labels {
		found = found || strings.Contains(l.Text, "final round")
	}
	assert.True(t, found)

	g := overGame(t)
	v = spectatorView(g)
	require.Len(t, v.Winners, 1)
	s = tableScene(t, v)
	_, ok := rendertest.FindLabel(s.Scene, testNames[v.Winners[0]]+" wins!")
	assert.True(t, ok)
	v.Winners = []games.Seat{0, 2}
	s = tableScene(t, v)
	_, ok = rendertest.FindLabel(s.Scene, "Ann and Carol share the win!")
	assert.True(t, ok)
}

func TestTheAgentsBadViews(t *testing.T) {
	r := rendertest.Renderer(t)
	for name, change := range map[string]func(v *game.View){
		"players":  func(v *game.View) { v.Players = 6 },
		"factions": func(v *game.View) { v.Factions = v.Factions[:2] },
		"seats":    func(v *game.View) { v.Factions[1].Players = [2]games.Seat{2, 1} },
		"agent":    func(v *game.View) { v.Factions[0].Cards[0].Agent = "nobody" },
		"command":  func(v *game.View) { v.Factions[0].Cards[0].Cmd = 2 },
		"mission":  func(v *game.View) { v.Factions[0].Missions[0].Mission = "nothing" },
		"house":    func(v *game.View) { v.Factions[0].Cards[1].ID = 9 },
	} {
		v := craftedView()
		v.Factions = append([]game.FactionView(nil), v.Factions...)
		v.Factions[0].Cards = append([]game.Placed(nil), v.Factions[0].Cards...)
		v.Factions[0].Missions = append([]game.Assigned(nil), v.Factions[0].Missions...)
		change(&v)
		_, err := Table(r, v, nil, lang.English)
		assert.Error(t, err, name)
		assert.True(t, strings.HasPrefix(Text(v, nil, false), "render: "), name)
	}
}

func TestTheAgentsHand(t *testing.T) {
	r := rendertest.Renderer(t)
	v := craftedHand()
	s, err := HandLayout(v, testNames, lang.English)
	require.NoError(t, err)
	require.Len(t, s.Tiles, len(v.Hand))
	frame := image.Rect(0, 0, s.W, s.H)
	for i, tl := range s.Tiles {
		a, _ := game.AgentByKey(v.Hand[i].Agent)
		assert.Equal(t, "hand", tl.Place)
		assert.Equal(t, a.Key, tl.Key)
		assert.Equal(t, a.Free, tl.Free)
		assert.True(t, tl.Rect.In(frame))
		for _, o := range s.Tiles[:i] {
			assert.False(t, o.Rect.Overlaps(tl.Rect))
		}
	}
	for _, want := range []string{"Hitman", "2 IP", "Kill a neighbour", "Clean Hands", "4+ agents, none dead", "+4 IP", "in hand", "on A", "your choice: Sniper"} {
		_, ok := rendertest.FindLabel(s.Scene, want)
		assert.True(t, ok, "%q", want)
	}
	found := false
	for _, l := range s.Labels {
		found = found || strings.HasPrefix(l.Text, "Choose for Bartholomew")
	}
	assert.True(t, found, "the choice")

	// the spy sees the hand he looks at
	s, err = HandLayout(spyHand(), testNames, lang.English)
	require.NoError(t, err)
	_, ok := rendertest.FindLabel(s.Scene, "Carol's hand: Sniper · Field Medic")
	assert.True(t, ok)

	// another player's choice is shown, not as his
	w := v
	w.Viewer = 2
	w.Hand, w.Missions = nil, nil
	s, err = HandLayout(w, testNames, lang.English)
	require.NoError(t, err)
	assert.Empty(t, s.Tiles)
	_, ok = rendertest.FindLabel(s.Scene, "no agents in hand")
	assert.True(t, ok)
	for _, l := range s.Labels {
		assert.NotContains(t, l.Text, "your choice")
	}

	// the picture changes with the hand
	a, err := Hand(r, v, testNames, lang.English)
	require.NoError(t, err)
	w = v
	w.Hand = append([]game.AgentCard(nil), v.Hand[1:]...)
	b, err := Hand(r, w, testNames, lang.English)
	require.NoError(t, err)
	assert.False(t, bytes.Equal(a, b))

	// a big hand is cut short, with a count of the rest
	w.Hand = nil
	for i := range 30 {
		w.Hand = append(w.Hand, game.AgentCard{ID: i, Agent: "sniper"})
	}
	s, err = HandLayout(w, testNames, lang.English)
	require.NoError(t, err)
	assert.Len(t, s.Tiles, handRows*handCols-1)
	_, ok = rendertest.FindLabel(s.Scene, "+11 more")
	assert.True(t, ok)

	// the spectator has no hand; a game's own views draw
	_, err = Hand(r, craftedView(), testNames, lang.English)
	assert.Error(t, err)
	g := pending(t)
	for seat := range 5 {
		_, err := Hand(r, g.View(games.Seat(seat)).(game.View), nil, lang.English)
		require.NoError(t, err)
	}
	bad := v
	bad.Hand = []game.AgentCard{{Agent: "nobody"}}
	_, err = Hand(r, bad, nil, lang.English)
	assert.Error(t, err)
}

func TestTheAgentsText(t *testing.T) {
	v := craftedHand()
	got := Text(v, testNames, false)
	lines := strings.Split(got, "\n")
	assert.Equal(t, "The Agents · round 3 · goal 40 IP · Ann to choose: Sniper", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "> 0 Ann "))
	for _, want := range []string{
		"  A1   Sniper             cmd → Ann",
		"  A2   Safe-House         Bakery: white → Ann, black → Bartholomew the\n      Magnificent",
		"  A4   Turncoat           dead",
		"tokens: A1-A2 black 2 IP → Bartholomew the Magnificent\n    · A2-A3 mixed 1 IP → Bartholomew the Magnificent",
		"missions: Graveyard Shift (Ann, +2)\n    · Grey Zone (Bartholomew the Magnificent, +1, met)",
		"< waiting",
		"waiting: Ann chooses for Bartholomew the Magnificent's Sniper (A1): kill another\n    agent of this faction",
		"  hitman           Hitman             free, 2 IP  Kill one anywhere",
		"  graveyard        Graveyard Shift    +2 IP  2+ dead agents, on A",
		"your choice: Choose for",
	} {
		assert.Contains(t, got, want)
	}
	for _, l := range strings.Split(got, "\n") {
		assert.LessOrEqual(t, render.TermWidth(l), 80, "within 80 columns, even with long names: %s", l)
	}
	col := Text(v, testNames, true)
	assert.NotEqual(t, got, col)
	assert.Equal(t, got, strings.NewReplacer(render.ANSIRed, "", render.ANSIReset, "").Replace(col))

	// the spectator's text has no hand
	spec := Text(craftedView(), nil, false)
	assert.NotContains(t, spec, "your")
	assert.Contains(t, spec, "Seat 1")
	spy := Text(spyHand(), nil, false)
	assert.Contains(t, spy, "  the hand: sniper medic")
	over := Text(spectatorView(overGame(t)), testNames, false)
	assert.Contains(t, over, " wins\n")
	assert.Contains(t, over, "winner")
}

func TestTaWrap(t *testing.T) {
	for _, tc := range []struct {
		text  string
		size  render.TextSize
		w     int
		lines []string
		cut   bool
	}{
		{"Sniper", render.Large, 200, []string{"Sniper"}, false},
		{"Soldier of Fortune", render.Large, 170, []string{"Soldier of", "Fortune"}, false},
		{"Resurrectionist", render.Large, 170, []string{"Resurrecti-", "onist"}, true},
		{"", render.Large, 100, nil, false},
	} {
		lines, cut := wrap(tc.text, tc.size, tc.w)
		assert.Equal(t, tc.lines, lines, tc.text)
		assert.Equal(t, tc.cut, cut, tc.text)
		for _, l := range lines {
			assert.LessOrEqual(t, render.TextWidth(l, tc.size), tc.w)
		}
	}
}

// TestTheAgentsTextSaysYou: the terminal names its one player "you": the
// text speaks to him in the second person.
func TestTheAgentsTextSaysYou(t *testing.T) {
	you := []string{"you", "Bond", "Cipher"}
	crafted := craftedView()
	turn := craftedView()
	turn.Pending, turn.Turn = nil, 0
	theirs := craftedView()
	theirs.Pending.Owner = 0
	theirs.Pending.Performer = 1
	won := craftedView()
	won.Status, won.Turn, won.Pending, won.Winners = games.Over, -1, nil, []games.Seat{0}
	tests := []struct {
		name  string
		v     game.View
		names []string
		want  string
		not   string
	}{
		{"your turn", turn, you, "The Agents · round 3 · goal 40 IP · your turn", "you's"},
		{"their turn", turn, testNames, "Ann's turn", "your turn"},
		{"you choose", crafted, you, "waiting: you choose for Bond's Sniper (A1)", "you chooses"},
		{"for your agent", theirs, you, "waiting: Bond chooses for your Sniper (A1)", "you's"},
		{"you win", won, you, "you win", "you wins"},
		{"Ann wins", won, testNames, "Ann wins", "Ann win\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Text(tt.v, tt.names, false)
			assert.Contains(t, got, tt.want)
			assert.NotContains(t, got, tt.not)
		})
	}
}

// TestTheAgentsTextFits80Columns: every line of the text fits 80 columns,
// with the terminal's names, at every point of whole games of two to five
// players.
func TestTheAgentsTextFits80Columns(t *testing.T) {
	names := []string{"you", "Player 12345", "Cipher", "Dagger", "Echo"}
	for players := game.MinPlayers; players <= game.MaxPlayers; players++ {
		g := playedGame(t, uint64(players), players, 0)
		for step := 0; !g.Status().Finished() && step < 4000; step++ {
			for _, viewer := range []games.Seat{games.Spectator, g.ToAct()[0]} {
				text := Text(g.View(viewer).(game.View), names, false)
				rendertest.RequireLinesFit(t, text, 80, fmt.Sprintf("%d players, move %d", players, step))
			}
			seat := g.ToAct()[0]
			require.NoError(t, g.Apply(seat, game.Choose(g, seat)))
		}
	}
}
