package discordtest_test

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/dealer/dealer/internal/discordtest"
)

// BenchmarkInteractionCycle is what the fake spends on one move of a load
// test: a player reads the table and clicks one of its buttons, the fake
// sends INTERACTION_CREATE over the gateway, a bare bot answers with a
// type-7 update of the whole table (5 rows of buttons, a 40 kB picture, as
// multipart), and the player reads the answer. The bare bot's own work
// (reading the event, its HTTP client) is in the figure too; it does not
// change with the fake.
func BenchmarkInteractionCycle(b *testing.B) {
	fake := discordtest.New(b, discordtest.Options{Guilds: []discordtest.Guild{guild}, Lean: true, SchemaSample: 20})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	bot := newBareBot(b, fake)
	bot.call(http.MethodPut, "/applications/"+fake.AppID()+"/guilds/"+guildID+"/commands", "application/json",
		[]byte(`[{"name":"play","description":"Play a game"}]`))

	table := benchTable(b)

	in, err := fake.SlashCommand(guildID, channelID, alice, "play", nil)
	if err != nil {
		b.Fatal(err)
	}
	ev := bot.next()
	ctype, body := table(discordgo.InteractionResponseChannelMessageWithSource, 0)
	bot.respond(ev, ctype, body)
	resp, ok := in.Response()
	if !ok {
		b.Fatal("no table")
	}
	id := resp.ID

	// Two tables in turn: building them is the bot's work, not the fake's.
	var ctypes [2]string
	var bodies [2][]byte
	for v := range 2 {
		ctypes[v], bodies[v] = table(discordgo.InteractionResponseUpdateMessage, v+1)
	}
	version := 0
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		m, _ := fake.Message(id)
		var pick string
		for _, bt := range m.Buttons() {
			if !bt.Disabled {
				pick = bt.CustomID
			}
		}
		in, err := fake.Click(id, alice, pick)
		if err != nil {
			b.Fatal(err)
		}
		ev := bot.next()
		version++
		bot.respond(ev, ctypes[version%2], bodies[version%2])
		if r, ok := in.Response(); !ok || r.Type != discordtest.CallbackUpdateMessage {
			b.Fatalf("no update: %+v", r)
		}
	}
	b.StopTimer()
	// Wall time includes waiting on loopback; CPU time is what a load
	// test shares with the bot.
	b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	if err := fake.CheckClean(); err != nil {
		b.Fatal(err)
	}
}

// benchTable is a Double FreeCell table as the bot answers it, with a
// 40 KiB picture: the answer of type typ at a version, multipart.
func benchTable(b *testing.B) func(typ discordgo.InteractionResponseType, version int) (string, []byte) {
	picture := make([]byte, 40<<10)
	rand.Read(picture)
	return func(typ discordgo.InteractionResponseType, version int) (string, []byte) {
		var rows []discordgo.MessageComponent
		for r := range 5 {
			var bs []discordgo.MessageComponent
			for i := range 5 {
				bs = append(bs, discordgo.Button{Label: fmt.Sprintf("%d · 10♥", 5*r+i), Style: discordgo.SecondaryButton,
					CustomID: fmt.Sprintf("t:1:%d:s%d", version, 5*r+i), Disabled: (r+i+version)%3 == 0})
			}
			rows = append(rows, discordgo.ActionsRow{Components: bs})
		}
		ctype, body, err := discordgo.MultipartBodyWithJSON(map[string]any{"type": typ, "data": map[string]any{
			"content":          fmt.Sprintf("**Double FreeCell** · deal #1 · <@%s>'s table · move %d", alice, version),
			"components":       rows,
			"allowed_mentions": map[string]any{"parse": []string{}},
			"attachments": []map[string]any{{"id": "0", "filename": "table.png",
				"description": "Double FreeCell · move " + fmt.Sprint(version) + "\n" + strings.Repeat("1 J♥ 2♣ 3♦ 8♣ 4♠ 10♣ 6♣ 8♦ 3♥ A♥ 9♥\n", 10)}},
		}}, []*discordgo.File{{Name: "table.png", ContentType: "image/png", Reader: bytes.NewReader(picture)}})
		if err != nil {
			b.Fatal(err)
		}
		return ctype, body
	}
}

// processCPU is the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bareBot is a gateway connection and an HTTP client, with no library.
type bareBot struct {
	tb     testing.TB
	fake   *discordtest.Server
	events chan bareEvent
	client *http.Client
}

type bareEvent struct{ ID, Token string }

func newBareBot(tb testing.TB, fake *discordtest.Server) *bareBot {
	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(fake.URL(), "http", "ws", 1)+"/ws?v=9&encoding=json", nil)
	if err != nil {
		tb.Fatal(err)
	}
	b := &bareBot{tb: tb, fake: fake, events: make(chan bareEvent, 16), client: &http.Client{Timeout: 10 * time.Second}}
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + fake.Token(), "intents": 1}})
	go func() {
		defer close(b.events)
		for {
			var e struct {
				T string `json:"t"`
				D struct {
					ID    string `json:"id"`
					Token string `json:"token"`
				} `json:"d"`
			}
			if err := ws.ReadJSON(&e); err != nil {
				return
			}
			if e.T == "INTERACTION_CREATE" {
				b.events <- bareEvent{e.D.ID, e.D.Token}
			}
		}
	}()
	tb.Cleanup(func() {
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(1000, ""))
		ws.Close()
	})
	return b
}

func (b *bareBot) next() bareEvent {
	select {
	case e := <-b.events:
		return e
	case <-time.After(5 * time.Second):
		b.tb.Fatal("no INTERACTION_CREATE")
	}
	return bareEvent{}
}

func (b *bareBot) respond(e bareEvent, ctype string, body []byte) {
	if st, out := b.call(http.MethodPost, "/interactions/"+e.ID+"/"+e.Token+"/callback", ctype, body); st != http.StatusNoContent {
		b.tb.Fatalf("callback: %d %s", st, out)
	}
}

func (b *bareBot) call(method, path, ctype string, body []byte) (int, string) {
	st, out, _ := rawRequest(b.tb, b.client, b.fake, method, path, ctype, bytes.NewReader(body), "DiscordBot (bench, 1)")
	return st, out
}
