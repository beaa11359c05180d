package discordtest_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dealer/dealer/internal/discordtest"
)

func button(id, label string) map[string]any {
	return map[string]any{"type": 2, "style": 1, "custom_id": id, "label": label}
}

func row(cs ...any) map[string]any { return map[string]any{"type": 1, "components": cs} }

func selectMenu(id string, n int) map[string]any {
	opts := []any{}
	for i := 0; i < n; i++ {
		opts = append(opts, map[string]any{"label": fmt.Sprint("opt ", i), "value": fmt.Sprint(i)})
	}
	return map[string]any{"type": 3, "custom_id": id, "options": opts}
}

func buttons(prefix string, n int) []any {
	var out []any
	for i := 0; i < n; i++ {
		out = append(out, button(fmt.Sprintf("%s%d", prefix, i), "b"))
	}
	return out
}

func rows(n, perRow int) []any {
	var out []any
	for i := 0; i < n; i++ {
		out = append(out, row(buttons(fmt.Sprintf("r%d-", i), perRow)...))
	}
	return out
}

type ruleCase struct {
	name   string
	body   map[string]any
	status int
	code   int
}

func messageRules() []ruleCase {
	embeds := func(n int) []any {
		var out []any
		for i := 0; i < n; i++ {
			out = append(out, map[string]any{"title": "t"})
		}
		return out
	}
	return append([]ruleCase{
		// what Discord accepts, at the limits
		{"5 rows of 5 buttons", map[string]any{"components": rows(5, 5)}, 200, 0},
		{"25 select options", map[string]any{"components": []any{row(selectMenu("s", 25))}}, 200, 0},
		{"custom_id of 100", map[string]any{"components": []any{row(button(strings.Repeat("x", 100), "b"))}}, 200, 0},
		{"label of 80", map[string]any{"components": []any{row(button("a", strings.Repeat("é", 80)))}}, 200, 0},
		{"content of 2000", map[string]any{"content": strings.Repeat("é", 2000)}, 200, 0},
		{"10 embeds", map[string]any{"embeds": embeds(10)}, 200, 0},
		{"link button", map[string]any{"components": []any{row(map[string]any{"type": 2, "style": 5, "label": "rules", "url": "https://example.org"})}}, 200, 0},
		// what it refuses
		{"6 rows", map[string]any{"components": rows(6, 1)}, 400, 50035},
		{"6 buttons in a row", map[string]any{"components": rows(1, 6)}, 400, 50035},
		{"select with a button", map[string]any{"components": []any{row(selectMenu("s", 2), button("b", "b"))}}, 400, 50035},
		{"26 select options", map[string]any{"components": []any{row(selectMenu("s", 26))}}, 400, 50035},
		{"select without options", map[string]any{"components": []any{row(selectMenu("s", 0))}}, 400, 50035},
		{"missing custom_id", map[string]any{"components": []any{row(map[string]any{"type": 2, "style": 1, "label": "b"})}}, 400, 50035},
		{"empty custom_id", map[string]any{"components": []any{row(button("", "b"))}}, 400, 50035},
		{"custom_id of 101", map[string]any{"components": []any{row(button(strings.Repeat("x", 101), "b"))}}, 400, 50035},
		{"repeated custom_id", map[string]any{"components": []any{row(button("a", "b")), row(button("a", "c"))}}, 400, 50035},
		{"select custom_id repeats a button's", map[string]any{"components": []any{row(button("a", "b")), row(selectMenu("a", 2))}}, 400, 50035},
		{"label of 81", map[string]any{"components": []any{row(button("a", strings.Repeat("x", 81)))}}, 400, 50035},
		{"button without label or emoji", map[string]any{"components": []any{row(button("a", ""))}}, 400, 50035},
		{"button at top level", map[string]any{"components": []any{button("a", "b")}}, 400, 50035},
		{"text input in a message", map[string]any{"components": []any{row(map[string]any{"type": 4, "custom_id": "t", "label": "x", "style": 1})}}, 400, 50035},
		{"link button with custom_id", map[string]any{"components": []any{row(map[string]any{"type": 2, "style": 5, "label": "x", "url": "https://example.org", "custom_id": "x"})}}, 400, 50035},
		{"content of 2001", map[string]any{"content": strings.Repeat("x", 2001)}, 400, 50035},
		{"11 embeds", map[string]any{"embeds": embeds(11)}, 400, 50035},
		{"embed over 6000", map[string]any{"embeds": []any{map[string]any{"description": strings.Repeat("x", 4000)}, map[string]any{"description": strings.Repeat("x", 2001)}}}, 400, 50035},
		{"empty message", map[string]any{"content": ""}, 400, 50006},
		{"nothing at all", map[string]any{}, 400, 50006},
	}, v2Rules()...)
}

// v2Rules are the Components V2 cases of messageRules: Discord's rules for
// a message with the IS_COMPONENTS_V2 flag.
func v2Rules() []ruleCase {
	text := func(s string) map[string]any { return map[string]any{"type": 10, "content": s} }
	v2 := func(components ...any) map[string]any {
		return map[string]any{"flags": 1 << 15, "components": components}
	}
	box := func(children ...any) map[string]any {
		return map[string]any{"type": 17, "accent_color": 0x57F287, "components": children}
	}
	button := func(id string) map[string]any {
		return map[string]any{"type": 2, "style": 1, "label": id, "custom_id": id}
	}
	row := func(ids ...string) map[string]any {
		var bs []any
		for _, id := range ids {
			bs = append(bs, button(id))
		}
		return map[string]any{"type": 1, "components": bs}
	}
	gallery := func(n int, alt string) map[string]any {
		var items []any
		for range n {
			items = append(items, map[string]any{"media": map[string]any{"url": "https://example.org/a.png"}, "description": alt})
		}
		return map[string]any{"type": 12, "items": items}
	}
	var rows []any // 7 rows of 5: 42 components, with the container 43
	for r := range 7 {
		rows = append(rows, row(fmt.Sprint(r, "a"), fmt.Sprint(r, "b"), fmt.Sprint(r, "c"), fmt.Sprint(r, "d"), fmt.Sprint(r, "e")))
	}
	withContent := v2(text("x"))
	withContent["content"] = "hello"
	withEmbeds := v2(text("x"))
	withEmbeds["embeds"] = []any{map[string]any{"title": "t"}}
	return []ruleCase{
		{"v2 text display alone", v2(text("x")), 200, 0},
		{"v2 container, text, gallery, rows", v2(box(text("header"), gallery(1, "alt"), row("a", "b"), row("c"))), 200, 0},
		{"v2 with content", withContent, 400, 50035},
		{"v2 with embeds", withEmbeds, 400, 50035},
		{"v2 text display empty", v2(text("")), 400, 50035},
		{"v2 text over 4000 in all", v2(text(strings.Repeat("x", 2500)), text(strings.Repeat("y", 1501))), 400, 50035},
		{"v2 over 40 components", v2(box(rows...)), 400, 50035},
		{"v2 container in a container", v2(box(box(text("x")))), 400, 50035},
		{"v2 gallery of 11", v2(gallery(11, "alt")), 400, 50035},
		{"v2 gallery alt over 1024", v2(gallery(1, strings.Repeat("x", 1025))), 400, 50035},
		{"v2 duplicate custom id across rows", v2(box(row("a"), row("a"))), 400, 50035},
		{"v2 components without the flag", map[string]any{"components": []any{box(text("x"))}}, 400, 50035},
	}
}

// TestMessageRules: every rule on message bodies, through a channel message,
// an interaction response (type 4) and a follow-up, each refusal recorded as
// a violation.
func TestMessageRules(t *testing.T) {
	t.Parallel()
	// Dozens of messages to one channel in a moment: rate limits off, as
	// this is about bodies (TestRateLimits is about limits).
	fake := newFake(t, discordtest.Options{RateLimits: discordtest.RateLimits{Off: true}})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	for _, rc := range messageRules() {
		for _, via := range []string{"channel", "callback", "followup"} {
			before := len(fake.Violations())
			var st int
			var body string
			switch via {
			case "channel":
				st, body = bot.call("POST", "/channels/"+channelID+"/messages", rc.body)
			case "callback":
				must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "t", nil))
				st, body = bot.respond(bot.nextInteraction(), map[string]any{"type": 4, "data": rc.body})
				if st == 204 {
					st = 200
				}
			case "followup":
				must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "t", nil))
				in := bot.nextInteraction()
				if st, b := bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "hi"}}); st != 204 {
					t.Fatalf("ack: %d %s", st, b)
				}
				st, body = bot.webhook("POST", in, "", rc.body)
				if st == 204 {
					st = 200
				}
			}
			if st != rc.status || code(body) != rc.code {
				t.Errorf("%s via %s: got %d %s, want %d code %d", rc.name, via, st, body, rc.status, rc.code)
			}
			want := before
			if rc.status != 200 {
				want++
			}
			if v := fake.Violations(); len(v) != want {
				t.Errorf("%s via %s: violations %d -> %d, want %d: %v", rc.name, via, before, len(v), want, v[before:])
			}
		}
	}
	// The 50035 answers say where the problem is, like Discord's.
	_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"components": []any{row(button("a", "b")), row(button("a", "c"))}})
	if !strings.Contains(body, `"components":{"1":{"components":{"0":{"custom_id":{"_errors":[{"code":"COMPONENT_CUSTOM_ID_DUPLICATED"`) {
		t.Errorf("error body: %s", body)
	}
	// An edit that would break a rule is refused and changes nothing.
	_, body = bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "ok", "components": rows(1, 2)})
	id := msgID(t, body)
	st, body := bot.call("PATCH", "/channels/"+channelID+"/messages/"+id, map[string]any{"components": rows(1, 6)})
	if st != 400 || code(body) != 50035 {
		t.Errorf("bad edit: %d %s", st, body)
	}
	st, body = bot.call("PATCH", "/channels/"+channelID+"/messages/"+id, map[string]any{"content": "", "components": nil})
	if st != 400 || code(body) != 50006 {
		t.Errorf("emptying edit: %d %s", st, body)
	}
	if m, _ := fake.Message(id); m.Content != "ok" || len(m.Components[0].Buttons) != 2 || m.Edits() != 0 {
		t.Errorf("refused edits changed the message: %+v", m)
	}
}

func TestUnknownIDs(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
	id := msgID(t, body)
	for _, tc := range []struct {
		method, path string
		status, code int
	}{
		{"POST", "/channels/1234567890000000001/messages", 404, 10003},
		{"POST", "/channels/general/messages", 400, 50035},
		{"GET", "/channels/1234567890000000001", 404, 10003},
		{"PATCH", "/channels/" + channelID + "/messages/1234567890000000001", 404, 10008},
		{"GET", "/channels/" + channelID + "/messages/1234567890000000001", 404, 10008},
		{"DELETE", "/channels/" + channelID + "/messages/abc", 400, 50035},
		{"PATCH", "/channels/1234567890000000001/messages/" + id, 404, 10003},
		{"POST", "/interactions/1234567890000000001/sometoken/callback", 404, 10062},
		{"PATCH", "/webhooks/" + fake.AppID() + "/nosuchtoken/messages/@original", 401, 50027},
		{"POST", "/webhooks/" + fake.AppID() + "/nosuchtoken", 401, 50027},
		{"GET", "/users/1234567890000000001", 404, 10013},
	} {
		before := len(fake.Violations())
		st, body := bot.call(tc.method, tc.path, map[string]any{"content": "x", "type": 4})
		if st != tc.status || code(body) != tc.code {
			t.Errorf("%s %s: got %d %s, want %d/%d", tc.method, tc.path, st, body, tc.status, tc.code)
		}
		if len(fake.Violations()) != before+1 {
			t.Errorf("%s %s: not recorded as a violation", tc.method, tc.path)
		}
	}
	// An unimplemented route: 404 and listed in Unhandled.
	if st, _ := bot.call("PUT", "/channels/"+channelID+"/pins/"+id, nil); st != 404 || len(fake.Unhandled()) != 1 {
		t.Errorf("unhandled route: %d %d", st, len(fake.Unhandled()))
	}
	if fake.CheckClean() == nil {
		t.Error("CheckClean should report all this")
	}
}

// TestInteractionResponseRules: what Discord refuses of an interaction's
// responses, and when.
func TestInteractionResponseRules(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{AckDeadline: 2 * time.Second})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	slash := func() (*discordtest.Interaction, rawInteraction) {
		h := must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "t", nil))
		return h, bot.nextInteraction()
	}
	expect := func(what string, st int, body string, status, code int) {
		expectAnswer(t, what, st, body, status, code)
	}

	// Two interactions left to time out while the other rules are checked.
	hLate, inLate := slash()
	hNone, _ := slash()

	// A second initial response: 40060.
	h, in := slash()
	st, body := bot.respond(in, map[string]any{"type": 5})
	expect("first ack", st, body, 204, 0)
	st, body = bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "x"}})
	expect("second ack", st, body, 400, 40060)
	if r, _ := h.Response(); r.Type != 5 || !r.Deferred || !r.Loading {
		t.Errorf("after a refused second ack: %+v", r)
	}

	// Type 7 (update) is for components only; files with a type-5 ack are refused.
	_, in = slash()
	st, body = bot.respond(in, map[string]any{"type": 7, "data": map[string]any{"content": "x"}})
	expect("type 7 for a command", st, body, 400, 50035)
	_, in = slash()
	st, body = bot.respond(in, map[string]any{"type": 5}, discordtest.File{Name: "a.png", ContentType: "image/png", Data: []byte("png")})
	expect("files with type 5", st, body, 400, 50035)

	// Webhook edits before the initial response: 10015.
	_, in = slash()
	st, body = bot.webhook("PATCH", in, "@original", map[string]any{"content": "x"})
	expect("edit before ack", st, body, 404, 10015)
	bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "x"}}) // well within 2 s
	// Unknown follow-up id: 10008.
	st, body = bot.webhook("PATCH", in, "1234567890000000001", map[string]any{"content": "x"})
	expect("edit of unknown follow-up", st, body, 404, 10008)

	// A bad modal.
	_, in = slash()
	st, body = bot.respond(in, map[string]any{"type": 9, "data": map[string]any{"custom_id": "m", "title": strings.Repeat("x", 46),
		"components": []any{row(map[string]any{"type": 4, "custom_id": "a", "label": "A", "style": 1})}}})
	expect("modal title of 46", st, body, 400, 50035)

	// An expired token.
	h, in = slash()
	bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "x"}})
	h.Expire()
	st, body = bot.webhook("POST", in, "", map[string]any{"content": "later"})
	expect("follow-up after expiry", st, body, 401, 50027)

	checkLateAnswers(t, bot, hLate, inLate, hNone)

	v := fake.Violations()
	if len(v) != 8 {
		t.Errorf("want 8 violations, got %d:\n%s", len(v), strings.Join(v, "\n"))
	}
}

// expectAnswer checks the fake's answer (st, body) to a request: its
// status and Discord's error code (0 for none).
func expectAnswer(t *testing.T, what string, st int, body string, status, wantCode int) {
	t.Helper()
	if st != status || code(body) != wantCode {
		t.Errorf("%s: got %d %s, want %d/%d", what, st, body, status, wantCode)
	}
}

// checkLateAnswers: an answer after the deadline gets 10062, timing says
// so, and WaitResponse fails with ErrNoResponse; with no answer at all
// WaitFinal gives up at the deadline.
func checkLateAnswers(t *testing.T, bot *rawBot, hLate *discordtest.Interaction, inLate rawInteraction, hNone *discordtest.Interaction) {
	// Late: 10062, timing says so, and WaitResponse fails with ErrNoResponse.
	time.Sleep(time.Until(hLate.Created.Add(2100 * time.Millisecond))) // the bot being slow is the point here
	st, body := bot.respond(inLate, map[string]any{"type": 4, "data": map[string]any{"content": "x"}})
	expectAnswer(t, "late ack", st, body, 404, 10062)
	if _, err := hLate.WaitResponse(time.Second); !errors.Is(err, discordtest.ErrNoResponse) {
		t.Errorf("WaitResponse on a late interaction: %v", err)
	}
	if tm := hLate.Timing(); !tm.Late || tm.Latency() < 2*time.Second || !tm.Responded.IsZero() {
		t.Errorf("timing: %+v", tm)
	}
	// No answer at all: WaitFinal gives up at the deadline, not the timeout.
	start := time.Now()
	if _, err := hNone.WaitFinal(5 * time.Second); !errors.Is(err, discordtest.ErrNoResponse) || time.Since(start) > time.Second {
		t.Errorf("WaitFinal with no answer: %v after %v", err, time.Since(start))
	}
	if tm := hNone.Timing(); tm.Latency() != -1 || tm.Late {
		t.Errorf("timing of an unanswered interaction: %+v", tm)
	}

}

// TestAttachmentSemantics: attachment semantics on edits (discordgo#1524):
// new files are appended unless "attachments" is sent; then only the listed
// ones are kept, plus the new files.
func TestAttachmentSemantics(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{MaxFileSize: 1000})
	bot := newRawBot(t, fake, "", "")
	file := func(name string) discordtest.File {
		return discordtest.File{Name: name, ContentType: "image/png", Data: []byte("data of " + name)}
	}
	names := func(id string) string {
		m, _ := fake.Message(id)
		var out []string
		for _, a := range m.Attachments {
			out = append(out, a.Filename+"="+string(a.Data[8:]))
		}
		return strings.Join(out, ",")
	}
	path := "/channels/" + channelID + "/messages"
	_, body := bot.call("POST", path, map[string]any{"content": "x"}, file("a.png"))
	id := msgID(t, body)
	steps := []struct {
		payload map[string]any
		files   []discordtest.File
		want    string
	}{
		{map[string]any{"content": "y"}, []discordtest.File{file("b.png")}, "a.png=a.png,b.png=b.png"},
		{map[string]any{"content": "z"}, nil, "a.png=a.png,b.png=b.png"},
		{map[string]any{"attachments": []any{map[string]any{"id": "KEEP-b"}}}, []discordtest.File{file("c.png")}, "b.png=b.png,c.png=c.png"},
		{map[string]any{"attachments": []any{}}, []discordtest.File{file("d.png")}, "d.png=d.png"},
		{map[string]any{"attachments": []any{}, "content": "text only"}, nil, ""},
	}
	for i, st := range steps {
		if a, ok := st.payload["attachments"].([]any); ok && len(a) == 1 {
			m, _ := fake.Message(id)
			b, _ := m.Attachment("b.png")
			a[0].(map[string]any)["id"] = b.ID // ids are strings on the wire, as discordgo sends them
		}
		if s, b := bot.call("PATCH", path+"/"+id, st.payload, st.files...); s != 200 {
			t.Fatalf("step %d: %d %s", i, s, b)
		}
		if got := names(id); got != st.want {
			t.Errorf("step %d: attachments %q, want %q", i, got, st.want)
		}
	}
	if m, _ := fake.Message(id); m.Edits() != len(steps) || len(m.History[0].Attachments) != 1 {
		t.Errorf("history: %d edits", m.Edits())
	}
	// Too big a file: 413 / 40005.
	big := discordtest.File{Name: "big.png", ContentType: "image/png", Data: make([]byte, 1001)}
	if s, b := bot.call("POST", path, map[string]any{"content": "x"}, big); s != 413 || code(b) != 40005 {
		t.Errorf("big file: %d %s", s, b)
	}
	// Eleven files: refused.
	var eleven []discordtest.File
	for i := 0; i < 11; i++ {
		eleven = append(eleven, file(fmt.Sprintf("f%d.png", i)))
	}
	if s, b := bot.call("POST", path, map[string]any{"content": "x"}, eleven...); s != 400 || code(b) != 50035 {
		t.Errorf("eleven files: %d %s", s, b)
	}
	fake.ClearViolations()
}

// TestDeferralsFollowupsAndDMs: deferrals and follow-ups, DMs, ephemeral
// messages, faults on the raw wire: one fake and one bot through the four
// parts in turn.
func TestDeferralsFollowupsAndDMs(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	bot := newRawBot(t, fake, "", `[{"name":"t","description":"test","contexts":[0,1]},{"name":"guildonly","description":"g","contexts":[0]}]`)
	checkDeferralAndFollowUps(t, fake, bot)
	checkDMInteractions(t, fake, bot)
	aliceDM := checkSendingDMs(t, fake, bot)
	checkRawWireFaults(t, fake, bot, aliceDM)
}

// checkDeferralAndFollowUps: a private deferral, its follow-ups and their
// edits, and ephemeral messages out of the channel's reach.
func checkDeferralAndFollowUps(t *testing.T, fake *discordtest.Server, bot *rawBot) {
	// Type 5 (ephemeral), then the first follow-up replaces "thinking…" and
	// keeps the ack's flags; a second follow-up is a new message.
	h := must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "t", nil))
	in := bot.nextInteraction()
	if in.Member == nil || in.Member.User.ID != alice || in.User != nil || in.GuildID != guildID {
		t.Fatalf("guild interaction must carry member only: %+v", in)
	}
	bot.respond(in, map[string]any{"type": 5, "data": map[string]any{"flags": 64}})
	r := must[discordtest.Response](t)(h.WaitResponse(time.Second))
	if !r.Deferred || !r.Loading || !r.Ephemeral {
		t.Fatalf("after type 5: %+v", r)
	}
	// Follow-ups are always waited for (Discord: "wait is always true"):
	// the message comes back even without ?wait=true.
	if st, b := bot.webhook("POST", in, "", map[string]any{"content": "done"}); st != 200 || msgID(t, b) == "" {
		t.Fatalf("follow-up: %d %s", st, b)
	}
	r = must[discordtest.Response](t)(h.WaitFinal(time.Second))
	if r.Deferred || r.Loading || r.Content != "done" || !r.Ephemeral || r.Flags != 64 || len(r.Followups) != 0 {
		t.Fatalf("after first follow-up: %+v", r)
	}
	st, b := bot.call("POST", "/webhooks/"+fake.AppID()+"/"+in.Token+"?wait=true", map[string]any{"content": "more"})
	if st != 200 {
		t.Fatalf("second follow-up: %d %s", st, b)
	}
	fid := msgID(t, b)
	if st, b := bot.webhook("PATCH", in, fid, map[string]any{"content": "more, edited"}); st != 200 {
		t.Fatalf("edit follow-up: %d %s", st, b)
	}
	if r, _ := h.Response(); len(r.Followups) != 1 || r.LastMessage().Content != "more, edited" || r.Followups[0].Ephemeral {
		t.Fatalf("follow-ups: %+v", r.Followups)
	}
	// Ephemeral messages are not reachable through channel endpoints.
	if st, _ := bot.call("GET", "/channels/"+channelID+"/messages/"+r.ID, nil); st != 404 {
		t.Errorf("ephemeral via channel endpoint: %d", st)
	}
	if st, _ := bot.webhook("GET", in, "@original", nil); st != 200 {
		t.Errorf("ephemeral via token: %d", st)
	}
	fake.ClearViolations()

}

// checkDMInteractions: a command and a click in a DM come with the user,
// not a member, and only DM-usable commands can be used there.
func checkDMInteractions(t *testing.T, fake *discordtest.Server, bot *rawBot) {
	// DMs: a global DM-usable command arrives with user, not member, and only
	// DM-usable commands can be used there.
	h := must[*discordtest.Interaction](t)(fake.SlashCommand("", "", bob, "t", nil))
	in := bot.nextInteraction()
	if in.Member != nil || in.User == nil || in.User.ID != bob || in.GuildID != "" {
		t.Fatalf("DM interaction: %+v", in)
	}
	if _, err := fake.SlashCommand("", "", bob, "guildonly", nil); err == nil {
		t.Error("a guild-only command must not be usable in DMs")
	}
	bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "hello", "components": []any{row(button("go", "Go"))}}})
	r := must[discordtest.Response](t)(h.WaitFinal(time.Second))
	dmChan, _ := fake.DMChannelID(bob)
	if r.ChannelID != dmChan || r.GuildID != "" {
		t.Fatalf("DM response in %s, want %s", r.ChannelID, dmChan)
	}
	click := must[*discordtest.Interaction](t)(fake.Click(r.ID, bob, "go"))
	in = bot.nextInteraction()
	if in.Member != nil || in.User.ID != bob || in.Message == nil || in.Message.ID != r.ID || in.Data.CustomID != "go" || in.Data.ComponentType != 2 {
		t.Fatalf("DM click: %+v", in)
	}
	bot.respond(in, map[string]any{"type": 6})
	if r := must[discordtest.Response](t)(click.WaitResponse(time.Second)); !r.Deferred || r.ID != in.Message.ID {
		t.Fatalf("type 6: %+v", r)
	}
	bot.webhook("PATCH", in, "@original", map[string]any{"content": "went", "components": []any{}})
	r = must[discordtest.Response](t)(click.WaitFinal(time.Second))
	if r.Content != "went" || len(r.Components) != 0 || r.Edits() != 1 {
		t.Fatalf("after type 6 + edit: %+v", r.Message)
	}

}

// checkSendingDMs: closed DMs give 403 / 50007 and no violation; open ones
// arrive. It returns alice's DM channel.
func checkSendingDMs(t *testing.T, fake *discordtest.Server, bot *rawBot) string {
	// Sending DMs: closed DMs give 403 / 50007 and no violation.
	_, b := bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": bob})
	bobDM := msgID(t, b)
	if st, b := bot.call("POST", "/channels/"+bobDM+"/messages", map[string]any{"content": "psst"}); st != 403 || code(b) != 50007 {
		t.Errorf("DM to closed: %d %s", st, b)
	}
	_, b = bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": alice})
	aliceDM := msgID(t, b)
	bot.call("POST", "/channels/"+aliceDM+"/messages", map[string]any{"content": "psst"})
	if m := must[discordtest.Message](t)(fake.WaitDM(alice, time.Second, nil)); m.Content != "psst" {
		t.Errorf("DM: %+v", m)
	}
	if err := fake.CheckClean(); err != nil {
		t.Error(err)
	}

	return aliceDM
}

// checkRawWireFaults: a 429 with Discord's headers and body, a 503,
// latency.
func checkRawWireFaults(t *testing.T, fake *discordtest.Server, bot *rawBot, aliceDM string) {
	// Faults on the raw wire: 429 with Discord's headers and body, a 503, latency.
	fake.RateLimitNext(discordtest.RouteSendMessage, 1, 1500*time.Millisecond, true)
	st, b := bot.call("POST", "/channels/"+aliceDM+"/messages", map[string]any{"content": "x"})
	rq := fake.Requests(discordtest.RouteSendMessage)
	last := rq[len(rq)-1]
	if st != 429 || !strings.Contains(b, `"retry_after":1.5`) || !strings.Contains(b, `"global":true`) || !last.Injected {
		t.Errorf("429: %d %s", st, b)
	}
	fake.Inject(discordtest.Fault{Route: discordtest.RouteSendMessage, PathContains: aliceDM, Status: 503, Times: 2})
	for i := 0; i < 2; i++ {
		if st, _ := bot.call("POST", "/channels/"+aliceDM+"/messages", map[string]any{"content": "x"}); st != 503 {
			t.Errorf("503 #%d: %d", i, st)
		}
	}
	if st, _ := bot.call("POST", "/channels/"+aliceDM+"/messages", map[string]any{"content": "x"}); st != 200 {
		t.Errorf("after faults: %d", st)
	}
	fake.SetLatency(discordtest.RouteGetChannel, 100*time.Millisecond)
	start := time.Now()
	bot.call("GET", "/channels/"+aliceDM, nil)
	if d := time.Since(start); d < 100*time.Millisecond {
		t.Errorf("latency: %v", d)
	}
	if err := fake.CheckClean(); err != nil {
		t.Error(err)
	}
}

func TestSlashCommandOptions(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{})
	bot := newRawBot(t, fake, guildID, `[{"name":"play","description":"play a game","options":[
		{"type":3,"name":"game","description":"which","required":true,"choices":[{"name":"Doublets","value":"doublets"},{"name":"FreeCell","value":"freecell"}]},
		{"type":4,"name":"deal","description":"deal number","min_value":1,"max_value":1e15},
		{"type":6,"name":"partner","description":"who"},
		{"type":5,"name":"public","description":"show it"}]},
		{"name":"stats","description":"stats","options":[{"type":1,"name":"me","description":"mine","options":[{"type":3,"name":"game","description":"g"}]}]}]`)
	must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"public": true, "deal": 42, "game": "doublets", "partner": bob}))
	in := bot.nextInteraction()
	if in.Data.Name != "play" || len(in.Data.Options) != 4 || in.Data.Options[0]["name"] != "game" || in.Data.Options[1]["value"] != 42.0 || in.Data.Options[2]["value"] != bob {
		t.Fatalf("options on the wire: %+v", in.Data.Options)
	}
	must[*discordtest.Interaction](t)(fake.SlashCommand(guildID, channelID, alice, "stats", map[string]any{"me": map[string]any{"game": "x"}}))
	in = bot.nextInteraction()
	if in.Data.Options[0]["name"] != "me" || in.Data.Options[0]["type"] != 1.0 {
		t.Fatalf("subcommand on the wire: %+v", in.Data.Options)
	}
	for _, bad := range []map[string]any{
		{},                                // required missing
		{"game": "poker"},                 // not a choice
		{"game": "doublets", "deal": 1.5}, // not an integer
		{"game": "doublets", "deal": 0},   // below min_value
		{"game": "doublets", "nope": 1},   // unknown option
		{"game": "doublets", "partner": "1234567890000000001"}, // unknown user
	} {
		if _, err := fake.SlashCommand(guildID, channelID, alice, "play", bad); err == nil {
			t.Errorf("options %v should be refused", bad)
		}
	}
	if _, err := fake.SlashCommand(guildID, channelID, alice, "nosuch", nil); err == nil {
		t.Error("unknown command")
	}
	if _, err := fake.SlashCommand(guildID, "1234567890000000001", alice, "play", map[string]any{"game": "doublets"}); err == nil {
		t.Error("unknown channel")
	}
	if _, err := fake.SlashCommand(guildID, channelID, "1234567890000000001", "play", map[string]any{"game": "doublets"}); err == nil {
		t.Error("unknown user")
	}
	// Invalid command registrations are refused.
	for _, cmds := range []string{
		`[{"name":"Bad Name","description":"x"}]`,
		`[{"name":"x","description":""}]`,
		`[{"name":"x","description":"x"},{"name":"x","description":"y"}]`,
		`[{"name":"x","description":"x","options":[{"type":3,"name":"a","description":"a"},{"type":3,"name":"b","description":"b","required":true}]}]`,
	} {
		if st, _ := bot.call("PUT", "/applications/"+fake.AppID()+"/commands", cmds); st != 400 {
			t.Errorf("commands %s: %d", cmds, st)
		}
	}
	if v := fake.Violations(); len(v) != 4 {
		t.Errorf("violations: %v", v)
	}
	fake.ClearViolations()
}

// TestCommandLocalizations: localized commands are checked as Discord checks
// them: known locales, localized names by the command-name rules,
// descriptions within 100 characters, and options keeping distinct names in
// every locale.
func TestCommandLocalizations(t *testing.T) {
	t.Parallel()
	checkCommandBodies(t, []commandBody{
		{"localized", `[{"name":"play","description":"Deal","name_localizations":{"es-ES":"jugar","de":"spielen"},"description_localizations":{"pt-BR":"Distribuir"},
			"options":[{"type":3,"name":"game","description":"Which","name_localizations":{"de":"spiel"},"choices":[{"name":"wins","value":"w","name_localizations":{"de":"Siege"}}]}]}]`, true},
		{"unknown locale", `[{"name":"play","description":"Deal","name_localizations":{"xx":"jugar"}}]`, false},
		{"capital letters", `[{"name":"play","description":"Deal","name_localizations":{"de":"Spielen"}}]`, false},
		{"a space", `[{"name":"play","description":"Deal","name_localizations":{"es-ES":"jugar ya"}}]`, false},
		{"long description", `[{"name":"play","description":"Deal","description_localizations":{"de":"` + strings.Repeat("ü", 101) + `"}}]`, false},
		{"two options one name", `[{"name":"play","description":"Deal","options":[
			{"type":3,"name":"game","description":"x","name_localizations":{"de":"spiel"}},
			{"type":4,"name":"deal","description":"y","name_localizations":{"de":"spiel"}}]}]`, false},
		{"a user command: capitals and spaces", `[{"type":2,"name":"Dealer stats","description":"","name_localizations":{"de":"Dealer-Statistik"}}]`, true},
		{"a user command beside a slash command of its name", `[{"name":"stats","description":"x"},{"type":2,"name":"stats","description":""}]`, true},
		{"a user command with a description", `[{"type":2,"name":"Dealer stats","description":"Stats"}]`, false},
		{"a user command's name too long", `[{"type":2,"name":"` + strings.Repeat("s", 33) + `","description":""}]`, false},
	})
}
