package bot

import (
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// Bad input: whatever a user sends, the bot answers (privately, when it
// refuses), never panics, and changes nothing it should not. These tests
// call the handlers directly, without the recover that guards them in
// production, so that a panic fails the test.

// testRenderer is drawn once for all tests: its sprites take a moment.
var testRenderer = sync.OnceValue(func() *render.Renderer {
	r, err := render.New()
	if err != nil {
		panic(err)
	}
	return r
})

// newTestBot is a bot on sess, for guild ("" for any), on a fresh
// database; it deals deal 7 and logs nothing. It is not opened.
func newTestBot(t testing.TB, sess *discordgo.Session, guild string) *Bot {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "dealer.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	b, err := New(context.Background(), Options{
		Session: sess, Store: st, Games: catalog.Registry(), Renderer: testRenderer(), GuildID: guild,
		Logger: slog.New(slog.DiscardHandler), NewDeal: func() uint64 { return 7 },
	})
	require.NoError(t, err)
	return b
}

// newOfflineBot is a bot whose session is never opened and whose REST calls
// all fail at once (they go to a closed local port: nothing leaves the
// machine), on a fresh database.
func newOfflineBot(t testing.TB) *Bot {
	t.Helper()
	sess, err := discordgo.New("Bot fake")
	require.NoError(t, err)
	require.NoError(t, discordtest.AttachURL(sess, "http://127.0.0.1:1"))
	return newTestBot(t, sess, "")
}

const owner, stranger = "1100000000000000001", "1100000000000000002"

func member(user string) *discordgo.Member {
	return &discordgo.Member{User: &discordgo.User{ID: user, Username: "u" + user}}
}

func slash(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "1", AppID: "2", Token: "token", Type: discordgo.InteractionApplicationCommand,
		GuildID: "3", ChannelID: "4", Member: member(owner),
		Data: discordgo.ApplicationCommandInteractionData{Name: name, Options: opts}}
}

func opt(name string, typ discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: v}
}

func clickBy(user, customID string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "5", AppID: "2", Token: "token", Type: discordgo.InteractionMessageComponent,
		GuildID: "3", ChannelID: "4", Member: member(user), Message: &discordgo.Message{ID: "6", ChannelID: "4"},
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}}
}

// stillOpen is an interaction that can still be answered.
func stillOpen() bool { return false }

// answer does what the bot's answer does after a handler (runs its then step
// and unlocks its table) and checks that there is an answer.
func answer(t testing.TB) func(reply) *discordgo.InteractionResponse {
	return func(rep reply) *discordgo.InteractionResponse {
		t.Helper()
		if rep.then != nil {
			rep.then(nil)
		}
		if rep.table != nil {
			rep.table.mu.Unlock()
		}
		require.NotNil(t, rep.resp)
		require.NotNil(t, rep.resp.Data)
		return rep.resp
	}
}

func isPrivate(r *discordgo.InteractionResponse) bool {
	return r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// TestAbsurdCommands: commands with absurd options, as an out-of-date
// command list or a forged request could send them, get a short private
// answer and open no table.
func TestAbsurdCommands(t *testing.T) {
	b := newOfflineBot(t)
	huge := strings.Repeat("x", 10000)
	tests := []struct {
		name string
		in   *discordgo.Interaction
		want string
	}{
		{"unknown game", slash("play", opt("game", discordgo.ApplicationCommandOptionString, "chess")), "can't deal"},
		{"no game", slash("play"), "can't deal"},
		{"huge game name", slash("play", opt("game", discordgo.ApplicationCommandOptionString, huge)), "can't deal"},
		{"game of the wrong type", slash("play", opt("game", discordgo.ApplicationCommandOptionInteger, float64(3))), "can't deal"},
		{"deal zero", slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("deal", discordgo.ApplicationCommandOptionInteger, float64(0))), "whole number"},
		{"negative deal", slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("deal", discordgo.ApplicationCommandOptionInteger, float64(-5))), "whole number"},
		{"deal past int64", slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("deal", discordgo.ApplicationCommandOptionInteger, 1e300)), "whole number"},
		{"deal of the wrong type", slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("deal", discordgo.ApplicationCommandOptionString, "seven")), "whole number"},
		{"play in no channel", func() *discordgo.Interaction {
			i := slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"))
			i.GuildID, i.ChannelID, i.Member, i.User = "", "", nil, &discordgo.User{ID: owner}
			return i
		}(), "where to deal"},
		{"leaderboard of an unknown game", slash("leaderboard", opt("game", discordgo.ApplicationCommandOptionString, huge)), "don't know"},
		{"leaderboard by nonsense", slash("leaderboard", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("by", discordgo.ApplicationCommandOptionString, "height")), "Rank by"},
		{"rules of nothing", slash("rules"), "don't know"},
		{"stats of a user of the wrong type", slash("stats", opt("user", discordgo.ApplicationCommandOptionString, "someone")), "No finished games"},
		{"an unknown command", slash("teleport"), "don't know that command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := answer(t)(b.onCommand(context.Background(), tt.in))
			assert.True(t, isPrivate(r) || strings.HasPrefix(tt.name, "stats"), saidIn(r.Data))
			assert.Contains(t, saidIn(r.Data), tt.want)
			assert.Zero(t, b.Tables())
		})
	}
	// The largest deal Discord lets through is dealt.
	r := answer(t)(b.onCommand(context.Background(), slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"), opt("deal", discordgo.ApplicationCommandOptionInteger, 1e15))))
	assert.False(t, isPrivate(r), saidIn(r.Data))
	assert.Contains(t, saidIn(r.Data), "deal #1000000000000000")
}

// FuzzClick sends any custom_id, from the table's owner or a stranger, to
// a bot with a Double FreeCell table and a Secret Agent lobby. Every click
// gets an answer; a refused one (private) changes nothing in the store.
func FuzzClick(f *testing.F) {
	b := newOfflineBot(f)
	answer(f)(b.onCommand(context.Background(), slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublefreecell"))))
	answer(f)(b.onCommand(context.Background(), slash("play", opt("game", discordgo.ApplicationCommandOptionString, "secretagent"))))
	for _, s := range []string{"t:1:0:s1", "t:1:0:m1 h", "t:1:0:mresign", "t:1:0:sconfirm:resign", "t:1:0:c", "t:1:0:r",
		"t:1:0:mundo", "t:1:0:mauto", "t:1:1:m2 3", "t:1:-1:m1 2", "t:1:0:h", "t:2:0:j", "t:2:0:a", "t:2:0:k1", "t:2:0:g",
		"t:2:0:mplay QH", "t:2:0:h", "t:2:0:l", "t:zz:0:c", "t::::", "t:1:0:", "", "t:1:0:m" + strings.Repeat("9", 90)} {
		f.Add(s, false)
		f.Add(s, true)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, customID string, fromStranger bool) {
		user := owner
		if fromStranger {
			user = stranger
		}
		before := map[int64]int{}
		for _, id := range []int64{1, 2} {
			s, err := b.store.TableRow(ctx, id)
			require.NoError(t, err)
			before[id] = s.Moves
		}
		r := answer(t)(b.onClick(context.Background(), clickBy(user, customID), stillOpen))
		if isPrivate(r) && !strings.HasPrefix(saidIn(r.Data), "Played") {
			for id, n := range before {
				s, err := b.store.TableRow(ctx, id)
				require.NoError(t, err)
				require.Equal(t, n, s.Moves, "a refused click %q changed table %d", customID, id)
			}
		}
		if fromStranger {
			s, err := b.store.TableRow(ctx, 1)
			require.NoError(t, err)
			require.Equal(t, before[1], s.Moves, "a stranger moved on the owner's solitaire with %q", customID)
		}
	})
}

// TestClicksOnFinishedTable: clicks on a finished table, or from someone not
// seated, change nothing.
func TestClicksOnFinishedTable(t *testing.T) {
	b := newOfflineBot(t)
	answer(t)(b.onCommand(context.Background(), slash("play", opt("game", discordgo.ApplicationCommandOptionString, "doublets"))))
	r := answer(t)(b.onClick(context.Background(), clickBy(owner, "t:1:0:mresign"), stillOpen))
	require.False(t, isPrivate(r), saidIn(r.Data))
	require.Contains(t, saidIn(r.Data), "Game over")
	for _, id := range []string{"t:1:1:mflip", "t:1:0:mflip", "t:1:1:s" + strconv.Itoa(1), "t:1:1:r"} {
		r := answer(t)(b.onClick(context.Background(), clickBy(owner, id), stillOpen))
		assert.True(t, isPrivate(r))
		assert.Contains(t, saidIn(r.Data), "over")
	}
	moves, err := b.store.Moves(context.Background(), 1)
	require.NoError(t, err)
	assert.Len(t, moves, 1)
}
