package bot_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web/webtest"
)

// What the bot meets in production: faults injected through the fake (the
// bot answers every interaction in time or fails it cleanly, loses no move,
// and the table's next click works), and the rules of the real Discord
// (below).

// newHarnessDeferring is newHarness with a bot that defers its answers
// after deferAfter (to reach the deferred-edit path at will).
func newHarnessDeferring(t *testing.T, deferAfter time.Duration) *harness {
	t.Helper()
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}},
	})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	h := &harness{t: t, fake: fake, dbPath: filepath.Join(t.TempDir(), "dealer.db"), deal: 1}
	t.Cleanup(func() {
		h.stop()
		require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse")
	})
	h.sess = fake.NewSession()
	h.st, h.bot = startBot(t, h.dbPath, bot.Options{
		Session: h.sess, GuildID: guildID,
		Logger: slog.New(slog.DiscardHandler), NewDeal: func() uint64 { return 1 }, DeferAfter: deferAfter,
	}, nil)
	return h
}

// moveAnswer selects a source, injects the faults, clicks the source's first
// destination, and returns that click's interaction without waiting for it.
func (h *harness) moveAnswer(m discordtest.Message, faults ...discordtest.Fault) *discordtest.Interaction {
	h.t.Helper()
	sel := h.click(m.ID, alice, firstSource(h.t, m).CustomID)
	for _, f := range faults {
		h.fake.Inject(f)
	}
	in, err := h.fake.Click(m.ID, alice, firstDestination(h.t, sel.Message).CustomID)
	require.NoError(h.t, err)
	return in
}

// TestFaultRateLimitedDeferredEdit: a 429 with a long retry-after on the
// edit that carries a deferred answer is waited out (a deferred answer has
// 15 minutes): the click was acknowledged in time and its answer arrives
// once the limit has passed.
func TestFaultRateLimitedDeferredEdit(t *testing.T) {
	h := newHarnessDeferring(t, time.Nanosecond) // defer every answer, before any work (as deferring does)
	m, id := h.playTable(alice)
	in := h.moveAnswer(m, discordtest.Fault{Route: discordtest.RouteWebhookEdit, Status: 429, RetryAfter: 4 * time.Second})
	r, err := in.WaitFinal(wait)
	require.NoError(t, err, "acknowledged in time, answered after the limit")
	assert.Equal(t, discordtest.CallbackDeferredUpdate, r.Type)
	assert.GreaterOrEqual(t, r.FinalAt.Sub(in.Created), 4*time.Second, "the edit waited out the 429")
	assert.Contains(t, r.Text(), "move 1")
	assert.Len(t, h.storedMoves(id), 1)
	h.moveOnce(alice, r.Message)
	assert.Len(t, h.storedMoves(id), 2, "the next click works")
}

// TestFaultServerErrorOnAnswer: a 500 on the answer to a move: the move is
// saved (it was committed before the answer), the table is redrawn, and the
// next click works.
func TestFaultServerErrorOnAnswer(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	in := h.moveAnswer(m, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500})
	_, err := in.WaitFinal(5 * time.Second)
	require.ErrorIs(t, err, discordtest.ErrNoResponse, "the answer failed")
	assert.Len(t, h.storedMoves(id), 1, "the move is kept")
	redrawn := h.waitSays(m.ID, "move 1", "the table is redrawn")
	h.moveOnce(alice, redrawn)
	assert.Len(t, h.storedMoves(id), 2)
}

// TestFaultServerErrorOnPlay: a 500 on the answer to /play: no table message
// came of it, so the table is closed again, and the next /play deals a new
// one.
func TestFaultServerErrorOnPlay(t *testing.T) {
	h := newHarness(t)
	h.fake.FailNext(discordtest.RouteCallback, 1, 500)
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	_, err = in.WaitFinal(5 * time.Second)
	require.ErrorIs(t, err, discordtest.ErrNoResponse)
	require.Eventually(t, func() bool {
		open, err := h.st.Unfinished(context.Background())
		return err == nil && len(open) == 0
	}, wait, 20*time.Millisecond, "the table without a message is closed")
	m := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, m.Ephemeral, m.Text())
	assert.Equal(t, 1, h.bot.Tables())
}

// TestFaultTableLeftBehindIsRedrawn: a move whose answer failed and whose
// redraw failed too leaves the table message behind its log; so does a bot
// killed between saving a move and answering. After a restart, a click on
// that message is refused as stale but redraws the table, and then the table
// plays on. (Regression: the message stayed behind for ever, every button
// refused.)
func TestFaultTableLeftBehindIsRedrawn(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	in := h.moveAnswer(m, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500},
		discordtest.Fault{Route: discordtest.RouteEditMessage, Status: 500})
	_, _ = in.WaitFinal(5 * time.Second)
	_, err := h.fake.WaitRequest(discordtest.RouteEditMessage, 1, wait) // the failed redraw
	require.NoError(t, err)
	require.Len(t, h.storedMoves(id), 1)

	h.restart()
	behind, _ := h.fake.Message(m.ID)
	require.Contains(t, behind.Text(), "move 0", "the message is behind")
	any, ok := behind.EnabledButton("")
	require.True(t, ok)
	stale := h.click(m.ID, alice, any.CustomID)
	assert.True(t, stale.Ephemeral)
	assert.Contains(t, stale.Text(), "old picture")
	redrawn := h.waitSays(m.ID, "move 1", "the stale click redraws the table")
	h.moveOnce(alice, redrawn)
	assert.Len(t, h.storedMoves(id), 2)
}

// TestFaultGatewayDropAndResume: the gateway connection drops; discordgo
// resumes; clicks made meanwhile are replayed and answered, and play goes
// on.
func TestFaultGatewayDropAndResume(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	m = h.moveOnce(alice, m)
	h.fake.DropGateway()
	// A click while the bot is away: it gets it on RESUME.
	sel, err := h.fake.Click(m.ID, alice, firstSource(t, m).CustomID)
	require.NoError(t, err)
	require.NoError(t, h.fake.WaitResumes(1, wait))
	r, err := sel.WaitFinal(wait)
	require.NoError(t, err, "the click made during the drop is answered")
	moved := h.click(m.ID, alice, firstDestination(t, r.Message).CustomID)
	require.False(t, moved.Ephemeral, moved.Text())
	assert.Len(t, h.storedMoves(id), 2)
}

// TestFaultSlowDiscord: slow responses: every request to Discord takes 400
// ms; a click is still answered in time. A callback slower than the deadline
// fails that click cleanly: the move is kept and the table redrawn.
func TestFaultSlowDiscord(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	h.fake.SetLatency("", 400*time.Millisecond)
	m = h.moveOnce(alice, m)
	require.Len(t, h.storedMoves(id), 1)

	h.fake.SetLatency("", 0)
	sel := h.click(m.ID, alice, firstSource(t, m).CustomID)
	h.fake.SetLatency(discordtest.RouteCallback, 3500*time.Millisecond)
	in, err := h.fake.Click(m.ID, alice, firstDestination(t, sel.Message).CustomID)
	require.NoError(t, err)
	_, err = in.WaitFinal(6 * time.Second)
	require.ErrorIs(t, err, discordtest.ErrNoResponse, "too slow: Discord fails it")
	h.fake.SetLatency(discordtest.RouteCallback, 0)
	require.Eventually(t, func() bool { return len(h.storedMoves(id)) == 2 }, wait, 20*time.Millisecond, "the move is kept")
	redrawn := h.waitSays(m.ID, "move 2")
	h.moveOnce(alice, redrawn)
	assert.Len(t, h.storedMoves(id), 3)
	h.fake.ClearViolations() // the late answer is one on purpose
}

// TestFaultDMsCloseMidGame: a Secret Agent player whose DMs close in the
// middle of the game: the next hand that would go by DM is refused; the
// channel says to use My hand (without a card in it), and the player plays
// on through My hand.
func TestFaultDMsCloseMidGame(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	_, err := h.fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
	require.NoError(t, err, "the first hand goes by DM")
	require.NoError(t, h.fake.SetDMsClosed(alice, true))

	noticed := func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "<@"+alice+">") && strings.Contains(m.Text(), "My hand") && !m.Ephemeral
	}
	for n := 0; n < 300; n++ {
		if len(filter(h.fake.ChannelMessages(channelID), noticed)) > 0 {
			break
		}
		now, _ := h.fake.Message(lobby.ID)
		if strings.Contains(now.Text(), "Game over") {
			break
		}
		hand := h.click(lobby.ID, alice, button(t, now, "My hand").CustomID)
		require.True(t, hand.Ephemeral)
		b, ok := hand.Message.EnabledButton("")
		require.True(t, ok, "with computers at the other seats, it is always Alice's turn")
		played := h.click(hand.ID, alice, b.CustomID)
		require.Equal(t, discordtest.CallbackUpdateMessage, played.Type, played.LastMessage().Text())
	}
	notices := filter(h.fake.ChannelMessages(channelID), noticed)
	require.NotEmpty(t, notices, "the channel tells Alice to use My hand")
	assert.NotContains(t, notices[0].Text(), "agent:", "no private card in the channel")
	now, _ := h.fake.Message(lobby.ID)
	hand := h.click(lobby.ID, alice, button(t, now, "My hand").CustomID)
	_, ok := hand.Message.EnabledButton("")
	assert.True(t, ok, "Alice plays on through My hand")
}

func filter(ms []discordtest.Message, keep func(discordtest.Message) bool) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

// TestFaultLobbyLeftBehindIsRedrawn: a Secret Agent start whose answer
// failed and whose table redraw failed too (or a bot killed between saving
// the start and answering) leaves the lobby's buttons in the channel on a
// started game. A click on them now redraws the table with My hand, and the
// game is played from there. (Regression: every lobby button answered "isn't
// one of mine" for ever.)
func TestFaultLobbyLeftBehindIsRedrawn(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	start := button(t, lobby.Message, "Start").CustomID
	h.fake.FailNext(discordtest.RouteCallback, 1, 500)
	h.fake.FailNext(discordtest.RouteEditMessage, 1, 500)
	in, err := h.fake.Click(lobby.ID, alice, start)
	require.NoError(t, err)
	_, err = in.WaitFinal(5 * time.Second)
	require.ErrorIs(t, err, discordtest.ErrNoResponse)
	_, err = h.fake.WaitRequest(discordtest.RouteEditMessage, 1, wait) // the failed redraw
	require.NoError(t, err)
	behind, _ := h.fake.Message(lobby.ID)
	require.Contains(t, behind.Text(), "Join to take a seat", "the channel still shows the lobby")

	r := h.click(lobby.ID, alice, start)
	assert.True(t, r.Ephemeral)
	assert.Contains(t, r.Text(), "My hand")
	table, err := h.fake.WaitMessage(lobby.ID, wait, func(m discordtest.Message) bool {
		_, ok := m.ButtonByLabel("My hand")
		return ok
	})
	require.NoError(t, err, "the lobby is redrawn as the table")
	hand := h.click(lobby.ID, alice, button(t, table, "My hand").CustomID)
	b, ok := hand.Message.EnabledButton("")
	require.True(t, ok)
	played := h.click(hand.ID, alice, b.CustomID)
	assert.Equal(t, discordtest.CallbackUpdateMessage, played.Type, played.LastMessage().Text())
}

// TestFaultDatabaseLost: the database goes away mid-game: a click is
// answered "try again" and changes nothing; the store holds exactly the
// moves acknowledged before.
func TestFaultDatabaseLost(t *testing.T) {
	h := newHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, table.Ephemeral, table.Text())
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Text())
	id := tableOf(t, table.Message)

	require.NoError(t, h.st.Close()) // the bot's store: as if the database went away
	refused := h.click(table.ID, alice, button(t, moved.Message, "Flip").CustomID)
	assert.True(t, refused.LastMessage().Ephemeral || refused.Ephemeral, "a short private answer")
	assert.Contains(t, refused.LastMessage().Text(), "try again")

	st, err := store.Open(h.dbPath)
	require.NoError(t, err)
	defer st.Close()
	moves, err := st.Moves(context.Background(), id)
	require.NoError(t, err)
	assert.Len(t, moves, 1, "nothing was applied that was not stored")
}

// TestFaultCloseDoesNotWaitForTheDMBucket: opening a DM channel has one
// rate-limit bucket for the whole bot: a hand waiting for it does not hold
// up Close. (Regression: discordgo's own wait for a bucket cannot be cut
// short; with a load of new players, Close waited minutes.)
func TestFaultCloseDoesNotWaitForTheDMBucket(t *testing.T) {
	h := newHarnessWith(t, func(o *discordtest.Options) {
		o.RateLimits.Routes = map[string]discordtest.Limit{discordtest.RouteCreateDM: {N: 1, Per: time.Hour}}
	})
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	_, err := h.fake.WaitDM(alice, wait, func(discordtest.Message) bool { return true })
	require.NoError(t, err, "Alice's DM channel opens")
	lobby = h.command(bob, "play", map[string]any{"game": "secretagent"})
	h.click(lobby.ID, bob, button(t, lobby.Message, "Start").CustomID)
	// Bob's hand is drawn, and then waits an hour for the bucket.
	require.Eventually(t, func() bool {
		return gathered(t, h.metrics)["dealer_render_seconds,game=secretagent,picture=hand"] >= 2
	}, wait, 10*time.Millisecond, "Bob's hand is drawn for his DM")
	closed := make(chan struct{})
	go func() {
		h.stop()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(time.Minute):
		t.Fatal("Close waits for the DM channel bucket")
	}
}

// Faults of the database: a server that freezes or drops its connection,
// and a table whose stored moves no longer replay.

// onProxy moves a harness's bot to a fresh PostgreSQL database reached
// through a proxy the test can freeze, and restarts it there.
func (h *harness) onProxy() *pgtest.Proxy {
	h.t.Helper()
	proxy, u := pgtest.NewProxy(h.t, pgtest.URL(h.t))
	h.stop()
	h.dbPath = u
	h.start()
	return proxy
}

// TestFaultDatabaseFrozen: a PostgreSQL server that stops answering (a proxy
// that stops forwarding: no error, no closed connection) makes clicks answer
// "try again" within Discord's 3 s — deferred in time, never failed — and
// changes nothing; once it answers again the bot goes on, with every
// acknowledged move kept.
func TestFaultDatabaseFrozen(t *testing.T) {
	h := newHarness(t)
	proxy := h.onProxy()
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, table.Ephemeral, table.Text())
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Text())
	id := tableOf(t, table.Message)

	proxy.Freeze()
	for range 2 { // the first holds the writer; the second is not stuck behind it
		in, err := h.fake.Click(table.ID, alice, button(t, moved.Message, "Flip").CustomID)
		require.NoError(t, err)
		r, err := in.WaitFinal(time.Minute)
		require.NoError(t, err, "answered, not failed")
		assert.Contains(t, r.LastMessage().Text(), "try again")
		assert.True(t, r.LastMessage().Ephemeral || r.Ephemeral, "a short private answer")
		t.Logf("frozen database: first answer after %v, the final one after %v", r.Latency, r.FinalAt.Sub(in.Created))
	}
	proxy.Thaw()

	// The bot goes on: the next click moves the table on.
	var now discordtest.Message
	require.Eventually(t, func() bool {
		now, _ = h.fake.Message(table.ID)
		r := h.click(table.ID, alice, button(t, now, "Flip").CustomID)
		return !r.Ephemeral && !r.LastMessage().Ephemeral
	}, time.Minute, 100*time.Millisecond, "clicks work again after the thaw")
	moves := h.storedMoves(id)
	assert.GreaterOrEqual(t, len(moves), 2, "the acknowledged move is kept, and the new one made")
	assert.Equal(t, "flip", moves[0])
}

// TestTimerRetriedAfterDroppedConnection: a turn timer whose firing fails
// (here the database's connections are cut as it fires: "conn closed") is
// not lost: it stays armed, is put off, and plays the absent player's turn
// when it fires again.
func TestTimerRetriedAfterDroppedConnection(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = 300 * time.Millisecond
	var proxy *pgtest.Proxy
	var drops atomic.Int32
	h.beforeOpen = func(b *bot.Bot) {
		bot.OnFire(b, func(tm store.Timer) {
			if tm.Kind == "turn" && drops.Add(1) == 1 {
				proxy.Drop()
			}
		})
	}
	proxy = h.onProxy()
	table := h.startSecretAgent()
	id := tableOf(t, table)

	m, err := h.fake.WaitMessage(table.ID, time.Minute, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "took too long") })
	require.NoError(t, err, "the absent player is played for in the end")
	assert.Contains(t, m.Text(), "alice")
	assert.NotEmpty(t, h.storedMoves(id))
	logs := h.logs.String()
	assert.Contains(t, logs, "a timer failed: it is tried again", "the first firing failed")
	assert.GreaterOrEqual(t, drops.Load(), int32(2), "and the timer fired again")
}

// TestUnreplayableTableKept: a table whose moves no longer replay (here a
// move the engine does not take, written into its log as a changed engine,
// or another process's bad write, would leave it) is kept as it was: the
// first to find it out (here a click) tells the player and the channel, logs
// it once and counts it; it takes no more moves; every later start counts it
// without saying it again.
func TestUnreplayableTableKept(t *testing.T) {
	h := newHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Text())
	id := tableOf(t, table.Message)
	require.NoError(t, h.st.AppendMove(context.Background(), id, 1, 0, "not a move"))

	r := h.click(table.ID, alice, button(t, moved.Message, "Flip").CustomID)
	assert.True(t, r.Ephemeral || r.LastMessage().Ephemeral)
	assert.Contains(t, r.LastMessage().Text(), "can't be played on", "the player is told")
	notice, err := h.fake.WaitMessage(table.ID, time.Minute, func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "can't be played on")
	})
	require.NoError(t, err, "the channel is told")
	assert.Contains(t, notice.Text(), "kept as it was")
	assert.Empty(t, notice.Components, "no buttons on a table that takes no moves")
	assert.Equal(t, 1.0, gathered(t, h.metrics)["dealer_unreplayable_tables"])

	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.NotEmpty(t, sess.Broken)
	assert.Equal(t, store.StatusPlaying, sess.Status, "kept as it was")
	assert.Equal(t, []string{"flip", "not a move"}, h.storedMoves(id), "its log whole")
	assert.ErrorIs(t, h.st.AppendMove(context.Background(), id, 2, 0, "flip"), store.ErrConflict, "no more moves")

	h.restart()
	assert.Equal(t, 1.0, gathered(t, h.metrics)["dealer_unreplayable_tables"], "counted after a restart")
	assert.Equal(t, 1, strings.Count(h.logs.String(), "no longer replay"), "logged once")
}

// TestOlderRulesSaidOnTheTable: a table that started before its game's rules
// changed plays on under the rules it started with, and its message says so.
func TestOlderRulesSaidOnTheTable(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	require.False(t, lobby.Ephemeral, lobby.Text())
	id := tableOf(t, lobby.Message)
	h.stop()
	raw, err := sql.Open("sqlite3", h.dbPath)
	require.NoError(t, err)
	_, err = raw.Exec(`UPDATE sessions SET rules_version = 1 WHERE id = ?`, id) // as migration 9 labels a table of before
	require.NoError(t, err)
	require.NoError(t, raw.Close())
	h.start()

	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	assert.Contains(t, table.Text(), "older rules (version 1): every seat starts with 0 IP")
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 1, sess.Rules, "it keeps the rules it started with")
	ordinary := h.command(bob, "play", map[string]any{"game": "theagents"})
	assert.NotContains(t, ordinary.Text(), "older rules", "a new table plays the newest")
}

// The rules of the real Discord that the fake keeps, met by the bot: a
// clock that is not the bot's, rate limits on the bot's own messages,
// players who leave, channels the bot may not write in, old messages, the
// gateway's resume URL, the limit on invalid requests, and shards that
// identify within the gateway's concurrency.

// TestAnswersOnTimeWhateverTheClock: whatever the bot's clock says, its
// answers are on time: the 3 s are counted on Discord's clock, learnt from
// the Date of Discord's answers.
func TestAnswersOnTimeWhateverTheClock(t *testing.T) {
	for _, offset := range []time.Duration{5 * time.Second, -5 * time.Second} {
		t.Run(offset.String(), func(t *testing.T) {
			h := newHarnessWith(t, func(o *discordtest.Options) { o.ClockOffset = offset })
			table := h.command(alice, "play", map[string]any{"game": "doublefreecell"})
			require.False(t, table.Ephemeral, table.Text())
			sel := h.click(table.ID, alice, firstSource(t, table.Message).CustomID)
			assert.Equal(t, discordtest.CallbackUpdateMessage, sel.Type, "answered in place, not deferred or dropped")
			for _, tm := range h.fake.Timings() {
				assert.False(t, tm.Late, "interaction %s answered late", tm.InteractionID)
			}
			assert.NotContains(t, h.logs.String(), "too late", "no interaction judged dead on arrival")
		})
	}
}

// TestRateLimitedHandArrivesLater: a 429 on a DM delays the hand; it does
// not lose it.
func TestRateLimitedHandArrivesLater(t *testing.T) {
	h := newHarness(t)
	h.fake.RateLimitNext(discordtest.RouteSendMessage, 1, 300*time.Millisecond, false)
	h.startSecretAgent()
	dm, err := h.fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
	require.NoError(t, err, "the hand comes after the rate limit")
	assert.Len(t, dm.Attachments, 1)
	assert.Contains(t, h.logs.String(), "rate limited: sending later")
}

// TestPlayerWhoLeftGetsMyHandNotice: a player who left the server (no mutual
// guild: 50278) is told, like one whose DMs are closed, to use My hand, and
// plays on with it.
func TestPlayerWhoLeftGetsMyHandNotice(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, h.fake.RemoveMember(guildID, bob))
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.NoError(t, h.fake.AddMember(guildID, bob))
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	require.NoError(t, h.fake.RemoveMember(guildID, bob)) // Bob leaves the server as the game starts
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	notice, err := h.fake.WaitChannelMessage(channelID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "<@"+bob+">") && strings.Contains(m.Text(), "My hand")
	})
	require.NoError(t, err, "the channel tells Bob to use My hand")
	assert.NotContains(t, notice.Text(), "agent:", "without a card in it")
	assert.Empty(t, h.fake.DMs(bob), "no hand reached Bob by DM")
}

// TestChannelWithoutPermissionStillPlays: in a channel where the bot may not
// write, a table still plays: answers to clicks need no permission. The
// admin is told once in the log.
func TestChannelWithoutPermissionStillPlays(t *testing.T) {
	h := newHarness(t)
	table := h.startSecretAgent()
	require.NoError(t, h.fake.DenyPermission(channelID, discordtest.PermSendMessages))
	for n := 0; n < 3; n++ {
		hand := h.click(table.ID, alice, button(t, table, "My hand").CustomID)
		require.True(t, hand.Ephemeral)
		b, ok := hand.Message.EnabledButton("")
		require.True(t, ok, hand.Text())
		played := h.click(hand.ID, alice, b.CustomID)
		require.Equal(t, discordtest.CallbackUpdateMessage, played.Type, "the move is answered: %s", played.LastMessage().Text())
	}
	require.True(t, h.fake.WaitUntil(wait, func() bool { return strings.Contains(h.logs.String(), "may not write in this channel") }))
	assert.Equal(t, 1, strings.Count(h.logs.String(), "may not write in this channel"), "said once")
}

// TestOldTableMessageGoesOnInAFreshOne: a table message two hours old is not
// edited (Discord caps edits of old messages): the table goes on in a fresh
// message, which then works.
func TestOldTableMessageGoesOnInAFreshOne(t *testing.T) {
	// One edit an hour of an old message: the cap is met at once.
	h := newHarnessWith(t, func(o *discordtest.Options) { o.OldMessageEdits = discordtest.Limit{N: 1, Per: time.Hour} })
	table := h.startSecretAgent()
	require.NoError(t, h.fake.AgeMessage(table.ID, 2*time.Hour))
	freshOne := func() (discordtest.Message, bool) {
		for _, m := range h.fake.ChannelMessages(channelID) {
			if m.ID != table.ID && !m.Ephemeral && !m.Deleted && strings.Contains(m.Text(), "Secret Agent") && len(m.Buttons()) > 0 {
				return m, true
			}
		}
		return discordtest.Message{}, false
	}
	// A move's redraws take the one edit; on a busy machine they may fold
	// into that one, and then the next move's redraw finds it spent.
	hand := h.click(table.ID, alice, button(t, table, "My hand").CustomID)
	var fresh discordtest.Message
	found := false
	for move := 0; move < 2 && !found; move++ {
		old, _ := h.fake.Message(table.ID)
		edits := len(old.History)
		b, ok := hand.Message.EnabledButton("")
		require.True(t, ok, hand.Text())
		hand = h.click(hand.ID, alice, b.CustomID)
		require.True(t, h.fake.WaitUntil(wait, func() bool {
			fresh, found = freshOne()
			now, _ := h.fake.Message(table.ID)
			return found || len(now.History) > edits
		}), "move %d's redraw reaches the channel", move+1)
	}
	require.True(t, found, "a fresh table message")
	mine := h.click(fresh.ID, alice, button(t, fresh, "My hand").CustomID)
	assert.True(t, mine.Ephemeral)
	assert.Contains(t, mine.Text(), "Secret Agent")
}

// TestResumesAtTheResumeURL: resumes go to READY's resume_gateway_url, which
// discordgo v0.29.0 ignores by itself.
func TestResumesAtTheResumeURL(t *testing.T) {
	h := newHarnessWith(t, func(o *discordtest.Options) { o.RejectResumeOnConnectURL = true })
	require.NoError(t, h.fake.WaitHeartbeat(wait))
	h.fake.DropGateway()
	require.NoError(t, h.fake.WaitResumes(1, wait))
	onResume, onConnect := h.fake.ResumeStats()
	assert.Equal(t, 1, onResume, "resumed at the resume URL")
	assert.Zero(t, onConnect)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	assert.False(t, table.Ephemeral, "the bot works after the resume")
}

// TestInvalidRequestsHoldBackRedrawsAndDMs: Discord's 401, 403 and 429
// answers (shared 429s aside) are counted in a sliding window; past the
// threshold, redraws and DMs wait until the window falls below it again,
// while players' interactions are answered.
func TestInvalidRequestsHoldBackRedrawsAndDMs(t *testing.T) {
	h := newHarness(t)
	clock := webtest.NewClock(time.Now())
	const holdAt = 3
	bot.SetInvalidRequests(h.bot, holdAt, clock.Now)

	// Answers rate limited for a moment, and retried in time.
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond, Times: 2})
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond, Times: 2, Scope: "shared"})
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	assert.Equal(t, 2, bot.InvalidRequests(h.bot), "shared 429s do not count")

	// One more: the letters wait from now on.
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond})
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.False(t, lobby.Ephemeral, lobby.Text())
	values := gathered(t, h.metrics)
	assert.Equal(t, 3.0, values["dealer_invalid_requests_total,status=429"])
	assert.Equal(t, 3.0, values["dealer_invalid_requests"])
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	require.Eventually(t, func() bool { return gathered(t, h.metrics)["dealer_sends_held_back"] >= 1 }, wait, 10*time.Millisecond,
		"the hand's DM waits")
	// Answers still go.
	hand := h.click(table.ID, alice, button(t, table.Message, "My hand").CustomID)
	assert.True(t, hand.Ephemeral)
	assert.Empty(t, h.fake.DMs(alice), "no DM while held back")

	// The window moves on past the invalid requests: the hand comes.
	clock.Advance(bot.InvalidWindow + time.Minute)
	bot.SetInvalidRequests(h.bot, holdAt, clock.Now)
	dm, err := h.fake.WaitDM(alice, wait, func(discordtest.Message) bool { return true })
	require.NoError(t, err)
	picture(t, dm)
	assert.Zero(t, bot.InvalidRequests(h.bot))
	logs := h.logs.String()
	assert.Contains(t, logs, "holding back redraws and DMs")
	assert.Contains(t, logs, "redraws and DMs go again")
	assert.False(t, strings.Contains(logs, "sending a hand by DM failed"), "the held hand was not lost")
}

// guildOnShard finds a guild id that Discord's formula puts on shard.
func guildOnShard(shard, count int) string {
	for n := uint64(1); ; n++ {
		id := fmt.Sprint(n<<22 + 1234567)
		if discordtest.ShardFor(id, count) == shard {
			return id
		}
	}
}

// TestShards: one process runs two shards, as GET /gateway/bot recommends: they
// identify one per 5 s window of their bucket (shortened here and checked
// by the fake), each serves its own guilds' interactions, and DM clicks,
// which only shard 0 receives, work for a table in a guild on shard 1.
func TestShards(t *testing.T) {
	g0, g1 := guildOnShard(0, 2), guildOnShard(1, 2)
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: g0, Name: "Zero", ChannelID: "900"}, {ID: g1, Name: "One", ChannelID: "901"}},
		Shards: 2, MaxConcurrency: 1, IdentifyWindow: 200 * time.Millisecond,
	})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})

	rest := fake.NewSession()
	plan, err := bot.PlanShards(rest)
	require.NoError(t, err)
	assert.Equal(t, bot.ShardPlan{Count: 2, MaxConcurrency: 1}, plan)
	shards, err := bot.ShardSessions(rest, []int{0, 1}, plan.Count)
	require.NoError(t, err)
	_, err = bot.ShardSessions(rest, []int{0, 2}, plan.Count)
	require.ErrorContains(t, err, "from 0 to 1")

	st, b := startBot(t, t.TempDir()+"/dealer.db", bot.Options{
		Session: rest, Shards: shards, MaxConcurrency: plan.MaxConcurrency, IdentifySpacing: 300 * time.Millisecond,
	}, nil)
	defer st.Close()
	defer b.Close()

	final := discordtest.Final(t, wait)
	for _, g := range []struct{ guild, channel string }{{g0, "900"}, {g1, "901"}} {
		r := final(fake.SlashCommand(g.guild, g.channel, alice, "play", map[string]any{"game": "doublets"}))
		assert.False(t, r.Ephemeral, r.Text())
		assert.Contains(t, r.Text(), "Doublets")
	}

	// A Secret Agent table in the guild on shard 1; its hand comes by DM
	// and a card clicked there reaches the bot through shard 0.
	lobby := final(fake.SlashCommand(g1, "901", alice, "play", map[string]any{"game": "secretagent"}))
	final(fake.Click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID))
	dm, err := fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
	require.NoError(t, err)
	var played bool
	for dealt := time.Now(); time.Since(dealt) < wait && !played; {
		dm, _ = fake.Message(dm.ID)
		if bt, ok := dm.EnabledButton(""); ok {
			r := final(fake.Click(dm.ID, alice, bt.CustomID))
			assert.NotContains(t, r.LastMessage().Text(), "isn't one of mine")
			played = true
			break
		}
		fake.WaitUntil(wait, func() bool { m, _ := fake.Message(dm.ID); _, ok := m.EnabledButton(""); return ok })
	}
	assert.True(t, played, "a DM click was served")
	require.NoError(t, fake.CheckClean())
}
