package bot

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
)

// TestControlsKeepDiscordLimits: every layout keeps within Discord's limits
// in every position random play reaches, every button's id parses back, and
// every enabled move button makes a legal move.
func TestControlsKeepDiscordLimits(t *testing.T) {
	reg := catalog.Registry()
	for _, show := range reg.All() {
		if !show.Solitaire() {
			continue
		}
		name := show.Name
		t.Run(name, func(t *testing.T) {
			for deal := uint64(1); deal <= 5; deal++ {
				g, err := reg.Engines().New(name, deal, 1)
				require.NoError(t, err)
				for step := 0; step < 150 && !g.Status().Finished(); step++ {
					legal := legalStrings(g, 0)
					lay := show.Controls(g.View(0), render.Params{Legal: legal})
					require.NotNil(t, lay.Board, "a solitaire is played on a board")
					checkControls(t, lay, g, legal, "")
					for _, m := range legal {
						if _, dests := movesFrom(lay.Board, legal, m); len(dests) > 0 {
							checkControls(t, lay, g, legal, m)
						}
					}
					// Move on by a pseudo-random board move (never resign).
					var pick string
					for i, m := range legal {
						if m != "resign" && (pick == "" || (i*7+step)%len(legal) == 0) {
							pick = m
						}
					}
					require.NoError(t, games.Play(g, 0, pick))
				}
			}
		})
	}
}

func checkControls(t *testing.T, lay render.Controls, g games.Game, legal []string, selected string) {
	t.Helper()
	const frame = 3 // the container, its header and its picture
	rows := limitRows(components(lay, controlState{table: 42, version: g.Moves(), selected: selected}, legal), maxComponents-frame)
	count := frame
	seen := map[string]bool{}
	for _, r := range rows {
		row := r.(discordgo.ActionsRow)
		count += 1 + len(row.Components)
		require.LessOrEqual(t, len(row.Components), 5, "at most five buttons a row")
		for _, c := range row.Components {
			b := c.(discordgo.Button)
			assert.False(t, seen[b.CustomID], "custom ids are unique: %s", b.CustomID)
			seen[b.CustomID] = true
			assert.LessOrEqual(t, len(b.Label), 80)
			id, err := parseButtonID(b.CustomID)
			require.NoError(t, err, b.CustomID)
			if id.Action == actMove && !b.Disabled {
				assert.True(t, games.IsLegal(g, 0, id.Arg), "enabled button %q makes the legal move %q", b.Label, id.Arg)
			}
		}
	}
	require.LessOrEqual(t, count, maxComponents, "at most 40 components, nested ones counted")
}

func componentsOf(r discordgo.MessageComponent) []discordgo.MessageComponent {
	return r.(discordgo.ActionsRow).Components
}

func customIDOf(c discordgo.MessageComponent) string {
	switch x := c.(type) {
	case discordgo.Button:
		return x.CustomID
	case discordgo.SelectMenu:
		return x.CustomID
	}
	return ""
}

// BenchmarkBoardComponents draws the controls of every solitaire's board
// after a few moves: the legal moves, the layout and its buttons.
func BenchmarkBoardComponents(b *testing.B) {
	reg := catalog.Registry()
	type position struct {
		show render.Game
		g    games.Game
	}
	var ps []position
	for _, show := range reg.All() {
		if !show.Solitaire() {
			continue
		}
		g, err := reg.Engines().New(show.Name, 3, 1)
		require.NoError(b, err)
		for step := 0; step < 10 && !g.Status().Finished(); step++ {
			legal := slices.DeleteFunc(legalStrings(g, 0), func(m string) bool { return m == "resign" })
			require.NoError(b, games.Play(g, 0, legal[(step*7)%len(legal)]))
		}
		ps = append(ps, position{show, g})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			legal := legalStrings(p.g, 0)
			st := controlState{table: 42, version: p.g.Moves(), hints: true}
			components(p.show.Controls(p.g.View(0), render.Params{Legal: legal}), st, legal)
		}
	}
}

// A turn with one legal move offers it as one button, its words said as
// the menu says them, whatever the words chosen (none: every word forced).
func TestTreeControlsOfferTheOnlyMove(t *testing.T) {
	for _, prefix := range [][]string{nil, {"play"}} {
		rows := treeControls(controlState{table: 7, version: 3}, render.WalkTree([]string{"play mole A0 cmd 1"}, prefix),
			func(_ []string, w string) string { return strings.ToUpper(w) })
		require.NotEmpty(t, rows, prefix)
		b, ok := componentsOf(rows[0])[0].(discordgo.Button)
		require.True(t, ok, prefix)
		assert.Equal(t, "PLAY MOLE A0 CMD 1", b.Label)
		id, err := parseButtonID(b.CustomID)
		require.NoError(t, err)
		assert.Equal(t, buttonID{Table: 7, Version: 3, Action: actMove, Arg: "play mole A0 cmd 1"}, id)
	}
}

func TestTreeControlsKeepDiscordLimits(t *testing.T) {
	var legal []string
	for i := 0; i < 80; i++ {
		legal = append(legal, "play c"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+" A0")
	}
	rows := treeControls(controlState{table: 7, version: 3}, render.WalkTree(legal, []string{"play"}), func(_ []string, w string) string { return w })
	require.LessOrEqual(t, len(rows), 5)
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range componentsOf(r) {
			if m, ok := c.(discordgo.SelectMenu); ok {
				assert.LessOrEqual(t, len(m.Options), 25)
			}
			id := customIDOf(c)
			assert.False(t, seen[id], id)
			seen[id] = true
			_, err := parseButtonID(id)
			assert.NoError(t, err, id)
		}
	}
}

// TestLimitRows: rows are laid out within a budget of components (a row
// counts, and each control in it): a sixth button goes on in a new row, a
// menu sits alone, links stay, a repeated or too long custom id is
// dropped, and what does not fit is left out from the end.
func TestLimitRows(t *testing.T) {
	btn := func(id string) discordgo.MessageComponent {
		return discordgo.Button{Label: id, CustomID: id}
	}
	row := func(c ...discordgo.MessageComponent) discordgo.MessageComponent {
		return discordgo.ActionsRow{Components: c}
	}
	menu := discordgo.SelectMenu{CustomID: "m", Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x"}}}
	link := discordgo.Button{Label: "web", Style: discordgo.LinkButton, URL: "https://example.org"}
	for _, tc := range []struct {
		name   string
		rows   []discordgo.MessageComponent
		budget int
		want   [][]string // the custom ids (a link: its label), row by row
	}{
		{"six buttons: five and one", []discordgo.MessageComponent{row(btn("a"), btn("b"), btn("c"), btn("d"), btn("e"), btn("f"))}, 37,
			[][]string{{"a", "b", "c", "d", "e"}, {"f"}}},
		{"a menu alone in its row", []discordgo.MessageComponent{row(btn("a"), menu, btn("b"))}, 37, [][]string{{"a"}, {"m"}, {"b"}}},
		{"a link kept", []discordgo.MessageComponent{row(btn("a")), row(link)}, 37, [][]string{{"a"}, {"web"}}},
		{"a repeated id and a long one dropped", []discordgo.MessageComponent{row(btn("a"), btn("a"), btn(strings.Repeat("x", 101)))}, 37, [][]string{{"a"}}},
		{"out of room: the end left out", []discordgo.MessageComponent{row(btn("a"), btn("b")), row(btn("c"), btn("d"))}, 5, [][]string{{"a", "b"}, {"c"}}},
		{"no room for a row", []discordgo.MessageComponent{row(btn("a"))}, 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := limitRows(tc.rows, tc.budget)
			var ids [][]string
			used := 0
			for _, r := range got {
				var in []string
				for _, c := range r.(discordgo.ActionsRow).Components {
					switch c := c.(type) {
					case discordgo.Button:
						in = append(in, cmp.Or(c.CustomID, c.Label))
					case discordgo.SelectMenu:
						in = append(in, c.CustomID)
					}
				}
				used += 1 + len(in)
				ids = append(ids, in)
			}
			assert.Equal(t, tc.want, ids)
			assert.LessOrEqual(t, used, tc.budget)
		})
	}
}
