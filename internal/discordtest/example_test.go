package discordtest_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/dealer/dealer/internal/discordtest"
)

// How a test of the bot drives the fake. (Compiled, not run: it needs a bot.)
func Example() {
	var t *testing.T // the test's *testing.T

	// 1. The fake first (its Close is registered with t.Cleanup), users next.
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: "1234567890123456789", Name: "Card Club", ChannelID: "1234567890123456790"}},
	})
	fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "alice"})
	fake.AddUser(discordtest.User{ID: "1100000000000000002", Name: "bob", DMsClosed: true})

	// 2. The bot on a session attached to the fake; close it BEFORE the fake.
	sess := fake.NewSession()
	// b := bot.New(sess, ...); b.Open()
	t.Cleanup(func() {
		fake.WaitHeartbeat(5 * time.Second) // else discordgo may reconnect a session closed right after Open
		sess.Close()
		if err := fake.CheckClean(); err != nil { // no violations, no unknown routes
			t.Error(err)
		}
	})
	if _, err := fake.WaitCommands("", 5*time.Second); err != nil { // the bot registered its commands
		t.Fatal(err)
	}

	// 3. Act as users.
	in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": "doublets"})
	if err != nil {
		t.Fatal(err)
	}
	table, err := in.WaitFinal(5 * time.Second) // after a deferral, the edit
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(table.Content, table.CustomIDs(), len(table.Attachments), table.Ephemeral)

	click, _ := fake.Click(table.ID, "1100000000000000001", table.CustomIDs()[0])
	updated, _ := click.WaitFinal(5 * time.Second)
	png := updated.Attachments[0].Data // decode it with image/png
	_ = png

	// 4. Faults and load.
	fake.RateLimitNext(discordtest.RouteSendMessage, 1, 500*time.Millisecond, false)
	fake.SetLatency(discordtest.RouteCallback, 200*time.Millisecond)
	fake.DropGateway() // discordgo resumes about 1 s later
	failed, _ := fake.WaitAllAnswered(10 * time.Second)
	for _, tm := range fake.Timings() {
		_ = tm.Latency() // answer time of each interaction
	}
	fmt.Println(failed)
}
