package discordtest_test

// Raw wire helpers: a minimal gateway client and REST caller that send
// exactly the bytes a test wants, so each rule of the fake can be tested
// without discordgo (and without its 1 s Close).

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/internal/discordtest"
)

// commandBody is a case of command registration: a body of commands and
// whether Discord takes it.
type commandBody struct {
	name string
	body string
	ok   bool
}

// checkCommandBodies registers each case's commands in a guild, on a fake
// of its own (registration has a tight rate limit), and checks that those
// Discord takes are taken and the others refused with 400.
func checkCommandBodies(t *testing.T, cases []commandBody) {
	t.Helper()
	for _, c := range cases {
		fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
		bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
		st, body := bot.call("PUT", "/applications/"+fake.AppID()+"/guilds/"+guildID+"/commands", c.body)
		if c.ok {
			assert.Less(t, st, 300, "%s: %s", c.name, body)
		} else {
			assert.Equal(t, 400, st, "%s: %s", c.name, body)
		}
	}
}

type rawBot struct {
	t      *testing.T
	fake   *discordtest.Server
	ws     *websocket.Conn
	events chan rawEvent
	client *http.Client
}

type rawEvent struct {
	Op   int             `json:"op"`
	T    string          `json:"t"`
	S    int64           `json:"s"`
	Data json.RawMessage `json:"d"`
}

// newRawBot connects a raw gateway client (IDENTIFY, READY) and registers
// commands (global when guild is "").
func newRawBot(t *testing.T, fake *discordtest.Server, guild string, commands string) *rawBot {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(fake.URL(), "http", "ws", 1)+"/ws?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &rawBot{t: t, fake: fake, ws: ws, events: make(chan rawEvent, 256), client: &http.Client{Timeout: 10 * time.Second}}
	var hello rawEvent
	if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 {
		t.Fatalf("hello: %v %+v", err, hello)
	}
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + fake.Token(), "intents": 1,
		"properties": map[string]any{"os": "linux"}}})
	go func() {
		defer close(b.events)
		for {
			var e rawEvent
			if err := ws.ReadJSON(&e); err != nil {
				return
			}
			b.events <- e
		}
	}()
	if e := b.next("READY"); e.T != "READY" {
		t.Fatalf("no READY")
	}
	t.Cleanup(func() {
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(1000, ""))
		ws.Close()
	})
	if commands != "" {
		path := "/applications/" + fake.AppID() + "/commands"
		if guild != "" {
			path = "/applications/" + fake.AppID() + "/guilds/" + guild + "/commands"
		}
		if st, body := b.call("PUT", path, commands); st != 200 {
			t.Fatalf("register commands: %d %s", st, body)
		}
	}
	return b
}

// next returns the next dispatch of type typ (others are skipped).
func (b *rawBot) next(typ string) rawEvent {
	b.t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-b.events:
			if !ok {
				b.t.Fatalf("gateway closed while waiting for %s", typ)
			}
			if e.T == typ {
				return e
			}
		case <-timeout:
			b.t.Fatalf("no %s event", typ)
		}
	}
}

type rawInteraction struct {
	ID      string `json:"id"`
	Token   string `json:"token"`
	Type    int    `json:"type"`
	GuildID string `json:"guild_id"`
	Member  *struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	} `json:"member"`
	User *struct {
		ID string `json:"id"`
	} `json:"user"`
	ChannelID string `json:"channel_id"`
	Data      struct {
		Name          string           `json:"name"`
		CustomID      string           `json:"custom_id"`
		ComponentType int              `json:"component_type"`
		Values        []string         `json:"values"`
		Options       []map[string]any `json:"options"`
	} `json:"data"`
	Message *struct {
		ID    string `json:"id"`
		Flags int    `json:"flags"`
	} `json:"message"`
}

func (b *rawBot) nextInteraction() rawInteraction {
	b.t.Helper()
	e := b.next("INTERACTION_CREATE")
	var in rawInteraction
	if err := json.Unmarshal(e.Data, &in); err != nil {
		b.t.Fatal(err)
	}
	return in
}

// call sends body (a string of JSON, or a value to marshal) with the bot's
// token and returns the status and the response body.
func (b *rawBot) call(method, path string, body any, files ...discordtest.File) (int, string) {
	b.t.Helper()
	st, out, _ := b.callHeader(method, path, body, files...)
	return st, out
}

// callHeader is call that also returns the answer's headers.
func (b *rawBot) callHeader(method, path string, body any, files ...discordtest.File) (int, string, http.Header) {
	b.t.Helper()
	var payload []byte
	switch v := body.(type) {
	case nil:
	case string:
		payload = []byte(v)
	default:
		payload, _ = json.Marshal(v)
	}
	var rd io.Reader
	ctype := ""
	if len(files) > 0 {
		form, boundary := discordtest.FormBody(b.t, string(payload), files...)
		rd, ctype = bytes.NewReader(form), "multipart/form-data; boundary="+boundary
	} else if payload != nil {
		rd, ctype = bytes.NewReader(payload), "application/json"
	}
	return rawRequest(b.t, b.client, b.fake, method, path, ctype, rd, "rawbot (test, 1)")
}

// rawRequest sends body (of type ctype, when not "") to the fake's REST
// path with the bot's token, as userAgent, and returns the status, the
// answer's body and its headers; the test stops when it cannot be sent.
func rawRequest(tb testing.TB, client *http.Client, fake *discordtest.Server, method, path, ctype string, body io.Reader, userAgent string) (int, string, http.Header) {
	tb.Helper()
	req, err := http.NewRequest(method, fake.URL()+discordtest.APIPrefix+path, body)
	if err != nil {
		tb.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.Header.Set("Authorization", "Bot "+fake.Token())
	req.Header.Set("User-Agent", userAgent)
	resp, err := client.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out), resp.Header
}

func (b *rawBot) respond(in rawInteraction, body any, files ...discordtest.File) (int, string) {
	b.t.Helper()
	return b.call("POST", "/interactions/"+in.ID+"/"+in.Token+"/callback", body, files...)
}

func (b *rawBot) webhook(method string, in rawInteraction, msg string, body any, files ...discordtest.File) (int, string) {
	b.t.Helper()
	path := "/webhooks/" + b.fake.AppID() + "/" + in.Token
	if msg != "" {
		path += "/messages/" + msg
	}
	return b.call(method, path, body, files...)
}

func code(body string) int {
	var e struct {
		Code int `json:"code"`
	}
	json.Unmarshal([]byte(body), &e)
	return e.Code
}

func msgID(t *testing.T, body string) string {
	t.Helper()
	var m struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(body), &m); err != nil || m.ID == "" {
		t.Fatalf("no message in %s", body)
	}
	return m.ID
}
