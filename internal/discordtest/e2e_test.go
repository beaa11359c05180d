package discordtest_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/internal/discordtest"
)

const (
	guildID   = "1234567890123456789"
	channelID = "1234567890123456790"
	alice     = "1100000000000000001" // DMs open
	bob       = "1100000000000000002" // DMs closed
	wait      = 5 * time.Second
)

// discordgo logs through a package-global hook; collect LogError lines (e.g.
// "error unmarshalling INTERACTION_CREATE event") and fail the run on them:
// they mean the fake sent something discordgo could not decode.
var (
	dgMu     sync.Mutex
	dgErrors []string
)

func TestMain(m *testing.M) {
	// Most of these tests wait on discordgo's 1 s Close, not on a CPU: run
	// them all at once unless -parallel was given.
	flag.Parse()
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		flag.Set("test.parallel", "32")
	}
	debug := os.Getenv("FAKEDISCORD_DEBUG") != ""
	discordgo.Logger = func(level, caller int, format string, a ...any) {
		if debug {
			fmt.Fprintf(os.Stderr, "%s DG%d %s\n", time.Now().Format("15:04:05.000"), level, fmt.Sprintf(format, a...))
		}
		if level == discordgo.LogError {
			msg := fmt.Sprintf(format, a...)
			// Expected while a test drops the gateway on purpose.
			if strings.Contains(msg, "error reconnecting") || strings.Contains(msg, "error connecting to gateway") {
				return
			}
			dgMu.Lock()
			dgErrors = append(dgErrors, msg)
			dgMu.Unlock()
		}
	}
	code := m.Run()
	if len(dgErrors) > 0 {
		fmt.Fprintf(os.Stderr, "discordgo logged errors:\n  %s\n", strings.Join(dgErrors, "\n  "))
		code = 1
	}
	os.Exit(code)
}

var guild = discordtest.Guild{ID: guildID, Name: "Card Club", ChannelID: channelID}

func newFake(t *testing.T, opts discordtest.Options) *discordtest.Server {
	t.Helper()
	if opts.Guilds == nil {
		opts.Guilds = []discordtest.Guild{guild}
	}
	fake := discordtest.New(t, opts)
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	fake.AddUser(discordtest.User{ID: bob, Name: "bob", DMsClosed: true})
	return fake
}

// startBot starts the test bot against fake. Cleanup order (LIFO): bot
// session first, fake last (newFake registered the fake's Close earlier).
func startBot(t *testing.T, fake *discordtest.Server) *testBot {
	t.Helper()
	b := newTestBot(fake.NewSession(), guildID)
	if err := b.s.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() {
		if err := fake.WaitHeartbeat(wait); err != nil { // see WaitHeartbeat: else Close may reconnect
			t.Error(err)
		}
		b.s.Close() // sleeps 1 s
		if err := fake.CheckClean(); err != nil {
			t.Error(err)
		}
		for _, err := range b.errors() {
			t.Errorf("bot got error: %v", err)
		}
	})
	if _, err := fake.WaitCommands(guildID, wait); err != nil {
		t.Fatal(err)
	}
	return b
}

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func pngWidth(t *testing.T, data []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("attachment is not a PNG: %v", err)
	}
	return img.Bounds().Dx()
}

func deal(t *testing.T, fake *discordtest.Server, user string) discordtest.Response {
	t.Helper()
	in := must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, user, "deal", nil))
	return must[discordtest.Response](t)(in.WaitFinal(wait))
}

// dealtToAlice is a fake with the test bot started on it, and the table
// the bot dealt alice.
func dealtToAlice(t *testing.T) (*discordtest.Server, discordtest.Response) {
	t.Helper()
	fake := newFake(t, discordtest.Options{})
	startBot(t, fake)
	return fake, deal(t, fake, alice)
}

// TestSlashCommandButtonsAndAttachments: a slash command's answer with
// buttons, a menu and a picture, then clicks and a menu choice on it.
func TestSlashCommandButtonsAndAttachments(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	startBot(t, fake)

	cmds := fake.Commands(guildID)
	if len(cmds) != 1 || cmds[0]["name"] != "deal" {
		t.Fatalf("registered commands = %v", cmds)
	}

	resp := deal(t, fake, alice)
	if resp.Type != discordtest.CallbackMessage || resp.Content != "Cards dealt!" || resp.Ephemeral || resp.ChannelID != channelID {
		t.Fatalf("response: %+v", resp)
	}
	if !resp.Callback.Multipart || len(resp.Callback.Files) != 1 || resp.Callback.Files[0].Field != "files[0]" {
		t.Fatalf("want a multipart callback with files[0], got %+v", resp.Callback)
	}
	if got := strings.Join(resp.CustomIDs(), ","); got != "draw,draw_buggy,slowdraw,dmhand,bet,discard" {
		t.Fatalf("custom ids = %s", got)
	}
	if b, _ := resp.Button("draw"); b.Label != "Draw" || b.Style != discordtest.ButtonPrimary || b.Disabled {
		t.Fatalf("draw button = %+v", b)
	}
	if sel, ok := resp.Select("discard"); !ok || len(sel.Options) != 5 || sel.MaxValues != 2 || sel.Options[4].Value != "5" {
		t.Fatalf("discard menu = %+v", sel)
	}
	if resp.Embeds[0].ImageURL != "attachment://hand.png" || !strings.Contains(resp.Text(), "holds 5 cards") {
		t.Fatalf("embed = %+v", resp.Embeds)
	}
	a, ok := resp.Attachment("hand.png")
	if !ok || len(resp.Attachments) != 1 || pngWidth(t, a.Data) != 80 || resp.Type != 4 {
		t.Fatalf("attachments = %+v", resp.Attachments)
	}
	msgID := resp.ID

	checkClicksReplacePictures(t, fake, msgID)
	checkPrivateMenuAnswer(t, fake, msgID)

	// Timings were recorded for every interaction.
	ts := fake.Timings()
	if len(ts) != 5 {
		t.Fatalf("timings: %d", len(ts))
	}
	for _, tm := range ts {
		if tm.Latency() < 0 || tm.Latency() > 2500*time.Millisecond || tm.Final.IsZero() || tm.Late {
			t.Fatalf("timing %+v", tm)
		}
	}
	if n, err := fake.WaitAllAnswered(wait); err != nil || n != 0 {
		t.Fatalf("WaitAllAnswered = %d, %v", n, err)
	}
}

// checkClicksReplacePictures: clicks on message msgID answered by an
// update (type 7) with attachments:[] (the picture replaced), without it
// (discordgo#1524: appended), and by a deferred update then an edit.
func checkClicksReplacePictures(t *testing.T, fake *discordtest.Server, msgID string) {
	// Type 7 with attachments:[] + a new file replaces the picture.
	click := must[*discordtest.Interaction](t)(fake.Click(msgID, alice, "draw"))
	r2 := must[discordtest.Response](t)(click.WaitFinal(wait))
	if r2.Type != 7 || r2.ID != msgID || r2.Content != "Drew a card (6 in hand)" || r2.Edits() != 1 {
		t.Fatalf("after draw: %+v", r2)
	}
	if len(r2.Attachments) != 1 || pngWidth(t, r2.Attachments[0].Data) != 92 {
		t.Fatalf("want exactly the new 6-card PNG, got %d attachments", len(r2.Attachments))
	}
	if r2.History[0].Content != "Cards dealt!" || r2.History[0].Via != "callback 4" || r2.Via != "callback 7" {
		t.Fatalf("history: %+v", r2.History)
	}

	// discordgo#1524: without Attachments the old file stays and the new one is appended.
	click = must[*discordtest.Interaction](t)(fake.Click(msgID, alice, "draw_buggy"))
	r3 := must[discordtest.Response](t)(click.WaitFinal(wait))
	if len(r3.Attachments) != 2 || pngWidth(t, r3.Attachments[0].Data) != 92 || pngWidth(t, r3.Attachments[1].Data) != 104 {
		t.Fatalf("want old + new PNG after an update without attachments, got %d", len(r3.Attachments))
	}

	// Deferred update (6) then PATCH @original with files: final state is the edit.
	click = must[*discordtest.Interaction](t)(fake.Click(msgID, alice, "slowdraw"))
	r4 := must[discordtest.Response](t)(click.WaitFinal(wait))
	if r4.Type != 6 || r4.Deferred || r4.Content != "Drew a card slowly (8 in hand)" || len(r4.Attachments) != 1 || pngWidth(t, r4.Attachments[0].Data) != 116 {
		t.Fatalf("after slow draw: type %d deferred %v %q %d attachments", r4.Type, r4.Deferred, r4.Content, len(r4.Attachments))
	}
	if b, _ := r4.Button("draw"); !b.Disabled {
		t.Fatal("draw should be disabled at 8 cards")
	}
	if _, err := fake.Click(msgID, alice, "draw"); err == nil {
		t.Fatal("clicking a disabled button must fail")
	}

}

// checkPrivateMenuAnswer: a menu choice on message msgID answered
// privately, and choices the menu does not allow refused.
func checkPrivateMenuAnswer(t *testing.T, fake *discordtest.Server, msgID string) {
	// Select menu: an ephemeral answer only alice sees.
	sel := must[*discordtest.Interaction](t)(fake.Select(msgID, alice, "discard", []string{"2", "7"}))
	r5 := must[discordtest.Response](t)(sel.WaitFinal(wait))
	if r5.Content != "Discarded 2,7" || !r5.Ephemeral || r5.UserID != alice {
		t.Fatalf("discard answer: %+v", r5.Message)
	}
	if _, err := fake.Click(r5.ID, bob, "x"); err == nil {
		t.Fatal("bob cannot see alice's ephemeral message")
	}
	if _, err := fake.Select(msgID, alice, "discard", []string{"9"}); err == nil {
		t.Fatal("selecting a value that is not an option must fail")
	}
	if _, err := fake.Select(msgID, alice, "discard", []string{"1", "2", "3"}); err == nil {
		t.Fatal("more values than max_values must fail")
	}

}

func TestDMHandOpenAndClosed(t *testing.T) {
	t.Parallel()
	fake, msg := dealtToAlice(t) // alice: DMs open
	click := must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "dmhand"))
	first := must[discordtest.Response](t)(click.WaitResponse(wait))
	if first.Type != 5 || !first.Ephemeral {
		t.Fatalf("want deferred ephemeral ack, got %d ephemeral=%v", first.Type, first.Ephemeral)
	}
	final := must[discordtest.Response](t)(click.WaitFinal(wait))
	if final.Content != "Sent your hand to your DMs." || !final.Ephemeral || final.Loading || final.Flags != discordtest.FlagEphemeral {
		t.Fatalf("final = %+v", final.Message)
	}
	dm := must[discordtest.Message](t)(fake.WaitDM(alice, wait, nil))
	if dm.Content != "Your hand: 5 cards" || dm.GuildID != "" || len(dm.Attachments) != 1 || dm.Attachments[0].Filename != "hand.png" {
		t.Fatalf("DM = %+v", dm)
	}
	if len(fake.DMs(alice)) != 1 {
		t.Fatalf("DMs(alice) = %d", len(fake.DMs(alice)))
	}

	// A click in DMs: User set, Member nil.
	who := must[*discordtest.Interaction](t)(fake.Click(dm.ID, alice, "whoami"))
	if who.GuildID != "" {
		t.Fatal("DM interaction has a guild")
	}
	wr := must[discordtest.Response](t)(who.WaitFinal(wait))
	if wr.Content != "dm:"+alice || wr.ChannelID != dm.ChannelID {
		t.Fatalf("whoami in DM = %q in %s", wr.Content, wr.ChannelID)
	}
	if _, err := fake.Click(dm.ID, bob, "whoami"); err == nil {
		t.Fatal("bob cannot click in alice's DMs")
	}

	// bob: DMs closed -> 403 / 50007 -> ephemeral explanation, no violation.
	msgB := deal(t, fake, bob)
	clickB := must[*discordtest.Interaction](t)(fake.Click(msgB.ID, bob, "dmhand"))
	finalB := must[discordtest.Response](t)(clickB.WaitFinal(wait))
	if !strings.HasPrefix(finalB.Content, "I can't DM you") {
		t.Fatalf("bob's reply = %q", finalB.Content)
	}
	failed := must[*discordtest.Request](t)(fake.WaitRequest(discordtest.RouteSendMessage, 2, wait))
	if failed.Status != 403 || failed.ErrorCode() != 50007 {
		t.Fatalf("want 403/50007, got %d %s", failed.Status, failed.Response)
	}

	// Closing alice's DMs later has the same effect.
	if err := fake.SetDMsClosed(alice, true); err != nil {
		t.Fatal(err)
	}
	click = must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "dmhand"))
	if r := must[discordtest.Response](t)(click.WaitFinal(wait)); !strings.HasPrefix(r.Content, "I can't DM you") {
		t.Fatalf("alice's reply with DMs closed = %q", r.Content)
	}
}

func TestModalAndForgedClick(t *testing.T) {
	t.Parallel()
	fake, msg := dealtToAlice(t)

	click := must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "bet"))
	r := must[discordtest.Response](t)(click.WaitFinal(wait))
	if r.Type != 9 || r.Modal == nil || r.Modal.CustomID != "bet_modal" || r.Modal.Title != "Place a bet" || r.Modal.Inputs[0].CustomID != "amount" {
		t.Fatalf("want modal, got %+v", r)
	}
	if _, err := fake.SubmitModal(click, map[string]string{"nope": "1"}); err == nil {
		t.Fatal("unknown input must fail")
	}
	if _, err := fake.SubmitModal(click, map[string]string{"amount": "1234567"}); err == nil {
		t.Fatal("over max_length must fail")
	}
	submit := must[*discordtest.Interaction](t)(fake.SubmitModal(click, map[string]string{"amount": "50"}))
	r2 := must[discordtest.Response](t)(submit.WaitFinal(wait))
	if r2.Content != "Bet placed: 50 chips" || !r2.Ephemeral {
		t.Fatalf("modal reply = %+v", r2.Message)
	}

	// A forged custom_id on a message that does not exist.
	forged := must[*discordtest.Interaction](t)(fake.SendComponent(discordtest.RawComponent{
		GuildID: guildID, ChannelID: channelID, UserID: bob, MessageID: "1234567890999999999", CustomID: "game:42:v9:play:AS"}))
	r3 := must[discordtest.Response](t)(forged.WaitFinal(wait))
	if r3.Content != "That button is not for you." || !r3.Ephemeral {
		t.Fatalf("forged click reply = %+v", r3.Message)
	}
	// A forged custom_id on a real message, by another user.
	forged = must[*discordtest.Interaction](t)(fake.SendComponent(discordtest.RawComponent{UserID: bob, MessageID: msg.ID, CustomID: "x"}))
	if r := must[discordtest.Response](t)(forged.WaitFinal(wait)); r.ChannelID != channelID || !r.Ephemeral {
		t.Fatalf("forged click on a real message: %+v", r.Message)
	}
	if m, _ := fake.Message(msg.ID); m.Edits() != 0 {
		t.Fatal("forged clicks must change nothing")
	}
}

// TestRateLimitAnd500: discordgo retries 429s by itself, sleeping the JSON
// body's retry_after. A 500 is returned to the caller.
func TestRateLimitAnd500(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	b := startBot(t, fake)
	fake.RateLimitNext(discordtest.RouteSendMessage, 1, 300*time.Millisecond, false)

	msg := deal(t, fake, alice)
	click := must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "dmhand"))
	if r := must[discordtest.Response](t)(click.WaitFinal(wait)); r.Content != "Sent your hand to your DMs." {
		t.Fatalf("reply = %q", r.Content)
	}
	first := must[*discordtest.Request](t)(fake.WaitRequest(discordtest.RouteSendMessage, 1, wait))
	second := must[*discordtest.Request](t)(fake.WaitRequest(discordtest.RouteSendMessage, 2, wait))
	gap := second.At.Sub(first.At)
	if first.Status != 429 || !first.Injected || second.Status != 200 || gap < 300*time.Millisecond || gap > 2*time.Second {
		t.Fatalf("statuses %d,%d gap %v", first.Status, second.Status, gap)
	}
	if len(second.Files) != 1 {
		t.Fatal("retry must resend the multipart body")
	}

	// A 500 on the callback: the bot's InteractionRespond fails; the user
	// sees "This interaction failed".
	fake.FailNext(discordtest.RouteCallback, 1, 500)
	click = must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "draw"))
	var rest *discordgo.RESTError
	if err := b.nextError(wait); !errors.As(err, &rest) || rest.Response.StatusCode != 500 {
		t.Fatalf("bot error = %v", err)
	}
	if _, ok := click.Response(); ok {
		t.Fatal("a 500 must not count as a response")
	}
}

// TestLatencyMakesResponsesLate: latency on the callback route pushes the
// response past the deadline: the fake refuses it with 10062 and records it
// as late.
func TestLatencyMakesResponsesLate(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{AckDeadline: 200 * time.Millisecond})
	b := startBot(t, fake)
	fake.SetLatency(discordtest.RouteCallback, 300*time.Millisecond)
	in := must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "deal", map[string]any{"cards": 3}))
	if _, err := in.WaitResponse(wait); !errors.Is(err, discordtest.ErrNoResponse) {
		t.Fatalf("want ErrNoResponse, got %v", err)
	}
	var rest *discordgo.RESTError
	if err := b.nextError(wait); !errors.As(err, &rest) || rest.Message.Code != 10062 {
		t.Fatalf("bot error = %v", err)
	}
	tm := in.Timing()
	if !tm.Late || tm.Latency() < 300*time.Millisecond || !tm.Responded.IsZero() {
		t.Fatalf("timing = %+v", tm)
	}
	if n, err := fake.WaitAllAnswered(wait); err != nil || n != 1 {
		t.Fatalf("WaitAllAnswered = %d, %v", n, err)
	}
	if v := fake.Violations(); len(v) != 1 || !strings.Contains(v[0], "answered after") {
		t.Fatalf("violations = %v", v)
	}
	fake.ClearViolations()
}

// TestGatewayDropAndResume: a dropped gateway connection: discordgo
// reconnects and RESUMEs; a click made while it was away is replayed and
// answered.
func TestGatewayDropAndResume(t *testing.T) {
	t.Parallel()
	fake, msg := dealtToAlice(t)

	fake.DropGateway()
	click := must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "draw"))
	r := must[discordtest.Response](t)(click.WaitFinal(wait))
	if r.Content != "Drew a card (6 in hand)" {
		t.Fatalf("after resume: %q", r.Content)
	}
	if ids, res := fake.GatewayStats(); ids != 1 || res != 1 {
		t.Fatalf("identifies=%d resumes=%d", ids, res)
	}
	// discordgo v0.29.0 ignores READY's resume_gateway_url: it resumes on
	// the URL it connected to.
	if on, off := fake.ResumeStats(); on != 0 || off != 1 {
		t.Fatalf("resumes on resume_gateway_url=%d, on the connect URL=%d", on, off)
	}
	// Missed events are replayed before RESUMED, so the answer may come first.
	resumed := fake.WaitUntil(wait, func() bool {
		for _, f := range fake.GatewayLog() {
			if f.Type == "RESUMED" {
				return true
			}
		}
		return false
	})
	if !resumed || fake.Connections() != 1 {
		t.Fatalf("resumed=%v connections=%d", resumed, fake.Connections())
	}

	// A gateway restart: the session cannot resume (op 9) and identifies anew.
	fake.InvalidateGatewaySessions()
	fake.DropGateway()
	if !fake.WaitUntil(wait, func() bool { ids, _ := fake.GatewayStats(); return ids == 2 && fake.Connections() == 1 }) {
		for _, f := range fake.GatewayLog() {
			t.Logf("%s in=%v op=%d seq=%d %s", f.At.Format("15:04:05.000"), f.In, f.Op, f.Seq, f.Type)
		}
		ids, res := fake.GatewayStats()
		t.Fatalf("no new IDENTIFY after the session was invalidated: identifies=%d resumes=%d connections=%d", ids, res, fake.Connections())
	}
	click = must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "draw"))
	if r := must[discordtest.Response](t)(click.WaitFinal(wait)); r.Content != "Drew a card (7 in hand)" {
		t.Fatalf("after re-identify: %q", r.Content)
	}
}

// TestRestartKeepsMessages: the bot closes its session, a new
// session connects to the same fake and works with the messages the first
// one made.
func TestRestartKeepsMessages(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	b1 := newTestBot(fake.NewSession(), guildID)
	if err := b1.s.Open(); err != nil {
		t.Fatal(err)
	}
	must[[]map[string]any](t)(fake.WaitCommands(guildID, wait))
	msg := deal(t, fake, alice)
	if err := fake.WaitHeartbeat(wait); err != nil {
		t.Fatal(err)
	}
	b1.s.Close()
	if err := fake.WaitConnections(0, wait); err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Click(msg.ID, alice, "draw"); !errors.Is(err, discordtest.ErrNotDelivered) {
		t.Fatalf("with no bot connected, want ErrNotDelivered, got %v", err)
	}

	b2 := startBot(t, fake)
	b2.mu.Lock()
	b2.hands[alice] = 5 // what a real bot would rebuild from its store
	b2.mu.Unlock()
	click := must[*discordtest.Interaction](t)(fake.Click(msg.ID, alice, "draw"))
	r := must[discordtest.Response](t)(click.WaitFinal(wait))
	if r.ID != msg.ID || r.Content != "Drew a card (6 in hand)" {
		t.Fatalf("after restart: %+v", r.Message)
	}
	if ids, _ := fake.GatewayStats(); ids != 2 {
		t.Fatalf("identifies = %d", ids)
	}
	if len(b1.errors()) > 0 {
		t.Fatal(b1.errors())
	}
}

// TestShardRouting: guild interactions go to shard (guild_id>>22)%n; DM
// interactions only to shard 0.
func TestShardRouting(t *testing.T) {
	t.Parallel()
	other := discordtest.Guild{ID: "1234567890127651093", Name: "Other", ChannelID: "1234567890127651094"}
	if discordtest.ShardFor(guild.ID, 2) == discordtest.ShardFor(other.ID, 2) {
		t.Fatal("pick guild ids on different shards")
	}
	fake := newFake(t, discordtest.Options{Guilds: []discordtest.Guild{guild, other}})

	got := make(chan string, 8)
	var sessions []*discordgo.Session
	for shard := 0; shard < 2; shard++ {
		sess := fake.NewSession()
		sess.ShardID, sess.ShardCount = shard, 2
		sess.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			got <- fmt.Sprintf("shard%d:guild=%q", s.ShardID, ic.GuildID)
		})
		if err := sess.Open(); err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, sess)
	}
	t.Cleanup(func() {
		fake.WaitHeartbeat(wait)
		var wg sync.WaitGroup
		for _, s := range sessions {
			wg.Add(1)
			go func() { defer wg.Done(); s.Close() }() // each Close sleeps 1 s; do them concurrently
		}
		wg.Wait()
	})
	if _, err := sessions[0].ApplicationCommandBulkOverwrite(fake.AppID(), "", testCommands); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ guild, channel, want string }{
		{guild.ID, guild.ChannelID, fmt.Sprintf("shard%d:guild=%q", discordtest.ShardFor(guild.ID, 2), guild.ID)},
		{other.ID, other.ChannelID, fmt.Sprintf("shard%d:guild=%q", discordtest.ShardFor(other.ID, 2), other.ID)},
		{"", "", `shard0:guild=""`}, // DM
	}
	for _, tc := range cases {
		if _, err := fake.SlashCommand(tc.guild, tc.channel, alice, "deal", nil); err != nil {
			t.Fatal(err)
		}
		select {
		case g := <-got:
			if g != tc.want {
				t.Fatalf("got %s, want %s", g, tc.want)
			}
		case <-time.After(wait):
			t.Fatalf("no delivery for %+v", tc)
		}
	}
	select {
	case extra := <-got:
		t.Fatalf("interaction delivered twice: %s", extra)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestInteractionEditsShareOneBucket: discordgo#1384:
// InteractionResponseEdit without files uses ONE rate-limit bucket for every
// interaction, held for the whole round trip, so concurrent edits for
// different players are serialised.
func TestInteractionEditsShareOneBucket(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	sess := fake.NewSession()
	acked := make(chan *discordgo.Interaction, 8)
	sess.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err == nil {
			acked <- ic.Interaction
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fake.WaitHeartbeat(wait); sess.Close() })
	if _, err := sess.ApplicationCommandBulkOverwrite(fake.AppID(), "", testCommands); err != nil {
		t.Fatal(err)
	}
	const n, lat = 5, 100 * time.Millisecond
	var ins []*discordgo.Interaction
	var handles []*discordtest.Interaction
	for i := 0; i < n; i++ {
		h := must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "deal", nil))
		handles = append(handles, h)
		ins = append(ins, <-acked)
	}
	fake.SetLatency(discordtest.RouteWebhookEdit, lat)
	start := time.Now()
	var wg sync.WaitGroup
	for _, in := range ins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := "done"
			if _, err := sess.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &c}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if elapsed < time.Duration(n)*lat {
		t.Fatalf("edits ran in parallel (%v); discordgo bucket behaviour changed", elapsed)
	}
	for _, h := range handles {
		if r := must[discordtest.Response](t)(h.WaitFinal(wait)); r.Content != "done" || r.Loading {
			t.Fatalf("final = %+v", r.Message)
		}
	}
	if err := fake.CheckClean(); err != nil {
		t.Fatal(err)
	}
}
