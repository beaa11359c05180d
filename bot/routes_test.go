package bot

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

func TestButtonIDRoundTrip(t *testing.T) {
	tests := []buttonID{
		{Table: 1, Version: 0, Action: actSelect, Arg: "3"},
		{Table: 123456789, Version: 4321, Action: actMove, Arg: "2 7 3"},
		{Table: 7, Version: 1, Action: actCancel},
		{Table: 7, Version: 1, Action: actRedraw},
		{Table: 7, Version: 1, Action: actSelect, Arg: "confirm:resign"},
	}
	for _, b := range tests {
		got, err := parseButtonID(b.String())
		require.NoError(t, err, b.String())
		assert.Equal(t, b, got)
		assert.LessOrEqual(t, len(b.String()), 100)
	}
}

func TestButtonIDRefusesForgeries(t *testing.T) {
	for _, s := range []string{
		"", "t", "t:1:2", "x:1:2:c", "t:-1:0:c", "t:0:0:c", "t:1:-2:c", "t:1:2:z", "t:1:2:s",
		"t:1:2:m", "t:1:2:cextra", "t:zz_:1:c", "t:1:2:" + strings.Repeat("m", 100),
	} {
		_, err := parseButtonID(s)
		assert.Error(t, err, "%q", s)
	}
}

func FuzzParseButtonID(f *testing.F) {
	for _, s := range []string{"t:1:0:s3", "t:a:b:m2 7 3", "t:1:0:c", "t:1:2:r", "nonsense"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := parseButtonID(s)
		if err != nil {
			return
		}
		again, err := parseButtonID(b.String())
		require.NoError(t, err)
		require.Equal(t, b, again)
	})
}

// customIDs are the custom ids of a message's buttons and menus.
func customIDs(comps []discordgo.MessageComponent) []string {
	var out []string
	for _, row := range actionRows(comps) {
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				if c.CustomID != "" {
					out = append(out, c.CustomID)
				}
			case discordgo.SelectMenu:
				out = append(out, c.CustomID)
			}
		}
	}
	return out
}

// writtenIDs plays an offline bot through every kind of message it writes —
// a solitaire's board with and without a place selected, a lobby with a
// seated guest, a multiplayer table, a hand of buttons and a hand of menus
// with a word chosen, finished tables, a rematch's lobby — and returns the custom ids on each, by kind of
// table.
func writtenIDs(t *testing.T, b *Bot) map[string][]string {
	ctx := context.Background()
	play := func(game string) *discordgo.InteractionResponse {
		return answer(t)(b.onCommand(ctx, slash("play", opt("game", discordgo.ApplicationCommandOptionString, game))))
	}
	clickAs := func(user, id string) *discordgo.InteractionResponse {
		return answer(t)(b.onClick(ctx, clickBy(user, id), stillOpen))
	}
	out := map[string][]string{}
	board := customIDs(play("doublefreecell").Data.Components) // table 1
	out["solitaire"] = append(board, customIDs(clickAs(owner, board[0]).Data.Components)...)
	lobby := customIDs(play("secretagent").Data.Components) // table 2
	out["lobby"] = append(lobby, customIDs(clickAs(stranger, "t:2:0:j").Data.Components)...)
	out["multi"] = customIDs(clickAs(owner, "t:2:0:g").Data.Components)
	out["multi"] = append(out["multi"], customIDs(clickAs(owner, "t:2:0:h").Data.Components)...)
	play("theagents") // table 3
	menu := customIDs(clickAs(owner, "t:3:0:g").Data.Components)
	require.NotEmpty(t, menu)
	hand := clickAs(owner, "t:3:0:h")
	out["multi"] = append(out["multi"], customIDs(hand.Data.Components)...)
	pick := clickBy(owner, customIDs(hand.Data.Components)[0])
	pick.Data = discordgo.MessageComponentInteractionData{CustomID: pick.MessageComponentData().CustomID, ComponentType: discordgo.SelectMenuComponent,
		Values: []string{actionRows(hand.Data.Components)[0].Components[0].(discordgo.SelectMenu).Options[0].Value}}
	out["multi"] = append(out["multi"], customIDs(answer(t)(b.onClick(ctx, pick, stillOpen)).Data.Components)...)
	out["multi"] = append(out["multi"], standInIDs(t, b, 2)...)
	out["finished"] = customIDs(clickAs(owner, "t:1:0:mresign").Data.Components)
	over, err := b.channelMessage(playOut(t, b, 2))
	require.NoError(t, err)
	out["finished"] = append(out["finished"], customIDs(over.Components)...)
	rematch := customIDs(clickAs(owner, customIDs(over.Components)[0]).Data.Components) // table 4
	out["lobby"] = append(out["lobby"], rematch...)
	out["multi"] = append(out["multi"], customIDs(clickAs(stranger, rematch[0]).Data.Components)...)
	return out
}

// playOut plays table id to its end: its human seats make their first
// legal move in turn, the computer players answering. It returns the
// finished table.
func playOut(t *testing.T, b *Bot, id int64) *table {
	ctx := context.Background()
	tb, err := b.table(ctx, id)
	require.NoError(t, err)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for n := 0; !tb.Game.Status().Finished(); n++ {
		require.Less(t, n, 10000, "the game goes on for ever")
		moved := false
		for s := 0; s < tb.Row.Seats && !moved; s++ {
			if legal := tb.Game.Legal(games.Seat(s)); !tb.Player(games.Seat(s)).Computer && len(legal) > 0 {
				require.NoError(t, b.apply(ctx, tb, games.Seat(s), legal[0].String()))
				moved = true
			}
		}
		require.True(t, moved, "nobody can move in a game that goes on")
	}
	return tb
}

// standInIDs are the custom ids of table id's channel message while a
// computer player stands in for its second seat (set in memory alone).
func standInIDs(t *testing.T, b *Bot, id int64) []string {
	tb := b.tables[id]
	require.NotNil(t, tb)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.Row.Players[1].StandIn = true
	defer func() { tb.Row.Players[1].StandIn = false }()
	data, err := b.message(tb, "")
	require.NoError(t, err)
	return customIDs(data.Components)
}

// TestEveryCustomIDRoutes: every kind of custom id the bot writes — and each
// written by the code before the route table, kept on messages in Discord —
// routes to the handler that answered it before: on a solitaire click.go's
// switch, on a multiplayer table multi.go's, in a lobby lobby.go's.
func TestEveryCustomIDRoutes(t *testing.T) {
	b := newOfflineBot(t)
	written := writtenIDs(t, b)
	// Ids as the code before the route table wrote them.
	written["solitaire"] = append(written["solitaire"], "t:1:0:s3", "t:1:0:m3 h", "t:1:0:sconfirm:resign", "t:1:0:c", "t:1:0:r", "t:1:0:i", "t:1:0:mundo")
	written["lobby"] = append(written["lobby"], "t:2:0:j", "t:2:0:l", "t:2:0:a", "t:2:0:k", "t:2:0:k1", "t:2:0:g")
	written["multi"] = append(written["multi"], "t:2:0:h", "t:2:4:mplay QH", "t:3:0:p0", "t:3:2:p1play mole", "t:3:2:pb")
	handler := func(where string, r route) any {
		switch where {
		case "lobby":
			return r.lobby
		case "solitaire":
			return r.solitaire
		case "finished":
			return r.finished
		}
		return r.multi
	}
	tests := []struct {
		where  string
		action byte
		want   any
	}{
		{"solitaire", actSelect, (*Bot).selectPlace},
		{"solitaire", actMove, (*Bot).moveOnBoard},
		{"solitaire", actCancel, (*Bot).redrawBoard},
		{"solitaire", actRedraw, (*Bot).redrawBoard},
		{"solitaire", actHint, (*Bot).hint},
		{"lobby", actJoin, (*Bot).join},
		{"lobby", actLeave, (*Bot).leave},
		{"lobby", actAddAI, (*Bot).addComputer},
		{"lobby", actKick, (*Bot).removeSeat},
		{"lobby", actStart, (*Bot).startGame},
		{"lobby", actImIn, (*Bot).imIn},
		{"lobby", actNotIn, (*Bot).notIn},
		{"finished", actRematch, (*Bot).rematch},
		{"finished", actNewDeal, (*Bot).newDealAfter},
		{"finished", actSameDeal, (*Bot).sameDealAgain},
		{"multi", actHand, (*Bot).myHand},
		{"multi", actMove, (*Bot).moveFromHand},
		{"multi", actPick, (*Bot).pickWord},
		{"multi", actBack, (*Bot).takeSeatBack},
	}
	for _, tt := range tests {
		t.Run(tt.where+" "+string(tt.action), func(t *testing.T) {
			n := 0
			for _, s := range written[tt.where] {
				id, err := parseButtonID(s)
				require.NoError(t, err, "%s: %q does not parse", tt.where, s)
				if id.Action != tt.action {
					continue
				}
				n++
				got := handler(tt.where, routes[id.Action])
				require.NotNil(t, got, "%q", s)
				assert.Equal(t, reflect.ValueOf(tt.want).Pointer(), reflect.ValueOf(got).Pointer(), "%q routes to another handler", s)
			}
			assert.NotZero(t, n, "no %s id of action %q was written", tt.where, tt.action)
		})
	}
	listed := map[string]bool{}
	for _, tt := range tests {
		listed[tt.where+string(tt.action)] = true
	}
	for where, ids := range written {
		for _, s := range ids {
			id, err := parseButtonID(s)
			require.NoError(t, err)
			assert.True(t, listed[where+string(id.Action)], "%s: the bot writes %q, which no case above routes", where, s)
		}
	}
}
