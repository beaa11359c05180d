package secretagent

import (
	"bytes"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// saLegalMoves is seat's legal moves in notation, as the bot passes them.
func saLegalMoves(g *game.Game, seat games.Seat) []string {
	var out []string
	for _, m := range g.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}

func TestControls(t *testing.T) {
	forbid := func(on ...bool) []render.Button {
		return []render.Button{
			{Label: "Forbid ♣", Move: "forbid c", Style: render.Danger, Enabled: on[0]},
			{Label: "Forbid ♦", Move: "forbid d", Style: render.Danger, Enabled: on[1]},
			{Label: "Forbid ♥", Move: "forbid h", Style: render.Danger, Enabled: on[2]},
			{Label: "Forbid ♠", Move: "forbid s", Style: render.Danger, Enabled: on[3]},
		}
	}
	trump := func(on bool) []render.Button {
		return []render.Button{
			{Label: "Trump ♥", Move: "trump", Style: render.Success, Enabled: on},
			{Label: "No trump", Move: "notrump", Style: render.Secondary, Enabled: on},
		}
	}
	for _, tc := range []struct {
		name  string
		moves int
		seat  games.Seat
		cmds  []render.Button // the row after the hand's; nil for none
		plays []string        // the card buttons enabled
	}{
		{"forbid, the first to forbid", 0, 3, forbid(true, true, true, true), nil},
		{"forbid, ♣ forbidden", 1, 0, forbid(false, true, true, true), nil},
		{"forbid, not my turn", 1, 2, forbid(false, false, false, false), nil},
		{"forbid, the spectator", 1, games.Spectator, forbid(false, false, false, false), nil},
		{"trump, the dealer", 3, 2, trump(true), nil},
		{"trump, another seat", 3, 0, trump(false), nil},
		{"play, to play", saMidTrick, 2, nil, []string{"play AH", "play 9H", "play 6H", "play 5H", "play 2H"}},
		{"play, waiting", saMidTrick, 0, nil, nil},
		{"play, the spectator", saMidTrick, games.Spectator, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := saGame(t, 11, tc.moves)
			v := g.View(tc.seat).(game.View)
			c := Game.Controls(v, render.Params{Names: saTestNames, Legal: saLegalMoves(g, tc.seat)})
			assert.Nil(t, c.Board)
			assert.Nil(t, c.Menu)
			rows := c.Buttons
			if tc.cmds != nil {
				require.NotEmpty(t, rows)
				assert.Equal(t, tc.cmds, rows[len(rows)-1])
				rows = rows[:len(rows)-1]
			}
			// the hand, five a row, in its order, red suits red
			var hand []render.Button
			for i, row := range rows {
				if i < len(rows)-1 {
					assert.Len(t, row, 5)
				}
				assert.NotEmpty(t, row)
				assert.LessOrEqual(t, len(row), 5)
				hand = append(hand, row...)
			}
			require.Len(t, hand, len(v.Hand))
			var enabled []string
			for i, b := range hand {
				c := v.Hand[i]
				assert.Equal(t, c.String(), b.Label)
				assert.Equal(t, "play "+c.Code(), b.Move)
				style := render.Secondary
				if c.Suit == cards.Hearts || c.Suit == cards.Diamonds {
					style = render.Danger
				}
				assert.Equal(t, style, b.Style, "%v's button", c)
				if b.Enabled {
					enabled = append(enabled, b.Move)
				}
			}
			assert.ElementsMatch(t, tc.plays, enabled)
			if tc.seat == games.Spectator && tc.cmds == nil {
				assert.Empty(t, c.Buttons, "the spectator has nothing to click")
			}
		})
	}
}

func TestPrivate(t *testing.T) {
	tieBreak := func(v game.View) game.View { v.DealNo = 5; return v }
	same := func(v game.View) game.View { return v }
	for _, tc := range []struct {
		name  string
		moves int
		seat  games.Seat
		names []string
		edit  func(game.View) game.View
		want  string
	}{
		{"an agent named", 2, 1, saTestNames, same, "Deal 1 of 4. Your agent: **Right** — Ann."},
		{"the opposite", saMidTrick, 2, saTestNames, same, "Deal 1 of 4. Your agent: **Opposite** — Ann."},
		{"oneself", 0, 3, saTestNames, same, "Deal 1 of 4. Your agent: **Self** — yourself."},
		{"the next deal", saAfterDeal, 0, saTestNames, same, "Deal 2 of 4. Your agent: **Opposite** — Carol."},
		{"a tie-break", 2, 1, saTestNames, tieBreak, "Deal 5 (a tie-break). Your agent: **Right** — Ann."},
		{"no names", 2, 1, nil, same, "Deal 1 of 4. Your agent: **Right** — Seat 1."},
		{"the spectator", 2, games.Spectator, saTestNames, same, "Deal 1 of 4."},
		{"the spectator, a tie-break", 2, games.Spectator, saTestNames, tieBreak, "Deal 5 (a tie-break)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.edit(saView(t, 11, tc.moves, tc.seat))
			assert.Equal(t, tc.want, Game.Private(v, render.Params{Names: tc.names}))
		})
	}
	// the spectator's view holds no assignment to tell
	v := saView(t, 11, saMidTrick, games.Spectator)
	assert.Nil(t, v.Assignment)
	assert.Nil(t, v.Agent)
	assert.NotContains(t, Private(v, render.Params{Names: saTestNames}), "agent")
}

// The registration draws what the package's functions draw, lights the
// cards of the legal moves, and keeps the table free of anything private.
func TestGame(t *testing.T) {
	assert.Empty(t, Game.Missing())
	assert.Equal(t, game.Info.Name, Game.Name)
	r := rendertest.Renderer(t)
	g := saGame(t, 11, saMidTrick)
	seat := g.ToAct()[0]
	p := render.Params{Names: saTestNames, Legal: saLegalMoves(g, seat)}
	own := g.View(seat).(game.View)
	assert.ElementsMatch(t, saLegal(g, seat), Playable(p.Legal))

	got, err := Game.Hand(r, own, p)
	require.NoError(t, err)
	want, err := Hand(r, own, saTestNames, saLegal(g, seat), lang.English)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "the hand drawn by the registration")

	spec := g.View(games.Spectator).(game.View)
	want, err = Table(r, spec, saTestNames, lang.English)
	require.NoError(t, err)
	got, err = Game.Table(r, spec, render.Params{Names: saTestNames})
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "the table drawn by the registration")
	// whatever the hands: the spectator's view given a hand and an agent
	spec.Hand = own.Hand
	spec.Assignment, spec.Agent = own.Assignment, own.Agent
	got, err = Game.Table(r, spec, render.Params{Names: saTestNames})
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "a hand changes the channel's table")

	assert.Equal(t, Text(own, saTestNames, true), Game.Text(own, saTestNames, true))
	// a view of another game is refused, not drawn
	_, err = Game.Table(r, "not a view", render.Params{})
	assert.Error(t, err)
}
