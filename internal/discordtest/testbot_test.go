package discordtest_test

// A tiny card bot, used only to exercise the fake end to end through an
// unmodified discordgo session. It shows the habits the real bot needs:
// whole-message type-7 updates with `Attachments: &[]` (discordgo#1524),
// deferral before slow work, 50007 handled, DM interactions read from User.

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

type testBot struct {
	s       *discordgo.Session
	guildID string // "" registers global commands

	mu    sync.Mutex
	hands map[string]int // user id -> cards in hand
	errc  chan error     // errors REST calls returned to the bot
}

var testCommands = []*discordgo.ApplicationCommand{
	{Name: "deal", Description: "Deal yourself a hand of cards", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "cards", Description: "How many cards", MinValue: ptr(1.0), MaxValue: 10},
	}},
}

func ptr[T any](v T) *T { return &v }

func newTestBot(s *discordgo.Session, guildID string) *testBot {
	b := &testBot{s: s, guildID: guildID, hands: map[string]int{}, errc: make(chan error, 64)}
	s.Identify.Intents = discordgo.IntentsGuilds // interactions need no privileged intents
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	return b
}

// errors drains the errors the bot got so far.
func (b *testBot) errors() []error {
	var out []error
	for {
		select {
		case err := <-b.errc:
			out = append(out, err)
		default:
			return out
		}
	}
}

// nextError waits for the next error the bot gets.
func (b *testBot) nextError(timeout time.Duration) error {
	select {
	case err := <-b.errc:
		return err
	case <-time.After(timeout):
		return nil
	}
}

func (b *testBot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	if _, err := s.ApplicationCommandBulkOverwrite(r.Application.ID, b.guildID, testCommands); err != nil {
		b.fail(err)
	}
}

func (b *testBot) fail(err error) { b.errc <- err }

func invoker(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User // guild
	}
	return i.User // DM
}

func (b *testBot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		if i.ApplicationCommandData().Name == "deal" {
			n := 5
			if o := i.ApplicationCommandData().Options; len(o) > 0 {
				n = int(o[0].IntValue())
			}
			err = b.deal(i, n)
		}
	case discordgo.InteractionMessageComponent:
		switch id := i.MessageComponentData().CustomID; id {
		case "draw":
			err = b.draw(i, true)
		case "draw_buggy":
			err = b.draw(i, false)
		case "dmhand":
			err = b.dmHand(i)
		case "bet":
			err = b.openBetModal(i)
		case "discard":
			err = b.discard(i)
		case "slowdraw":
			err = b.slowDraw(i)
		case "whoami":
			u := invoker(i)
			where := "guild"
			if i.Member == nil {
				where = "dm"
			}
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: fmt.Sprintf("%s:%s", where, u.ID)}})
		default: // forged or stale: a short private answer, nothing changes
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "That button is not for you.", Flags: discordgo.MessageFlagsEphemeral}})
		}
	case discordgo.InteractionModalSubmit:
		if i.ModalSubmitData().CustomID == "bet_modal" {
			err = b.placeBet(i)
		}
	}
	if err != nil {
		b.fail(err)
	}
}

func controls(cards int) []discordgo.MessageComponent {
	opts := []discordgo.SelectMenuOption{}
	for c := 1; c <= cards; c++ {
		opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("Card %d", c), Value: fmt.Sprint(c)})
	}
	return []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Draw", Style: discordgo.PrimaryButton, CustomID: "draw", Disabled: cards >= 7},
			discordgo.Button{Label: "Draw (old way)", Style: discordgo.SecondaryButton, CustomID: "draw_buggy"},
			discordgo.Button{Label: "Draw slowly", Style: discordgo.SecondaryButton, CustomID: "slowdraw"},
			discordgo.Button{Label: "DM me my hand", Style: discordgo.SecondaryButton, CustomID: "dmhand"},
			discordgo.Button{Label: "Bet", Style: discordgo.SuccessButton, CustomID: "bet"},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: "discard", Placeholder: "Discard…", MinValues: ptr(1), MaxValues: 2, Options: opts},
		}},
	}
}

func handEmbed(uid string, cards int) []*discordgo.MessageEmbed {
	return []*discordgo.MessageEmbed{{
		Title:       "Hand",
		Description: fmt.Sprintf("<@%s> holds %d cards", uid, cards),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://hand.png"},
	}}
}

// renderHand draws n card backs side by side: width 12n+20.
func renderHand(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 12*n+20, 40))
	for c := 0; c < n; c++ {
		for x := c * 12; x < c*12+20; x++ {
			for y := 0; y < 40; y++ {
				img.Set(x, y, color.RGBA{uint8(40 * c), 20, 200, 255})
			}
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

func handFile(n int) *discordgo.File {
	return &discordgo.File{Name: "hand.png", ContentType: "image/png", Reader: bytes.NewReader(renderHand(n))}
}

func (b *testBot) deal(i *discordgo.Interaction, n int) error {
	uid := invoker(i).ID
	b.mu.Lock()
	b.hands[uid] = n
	b.mu.Unlock()
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:    "Cards dealt!",
			Embeds:     handEmbed(uid, n),
			Components: controls(n),
			Files:      []*discordgo.File{handFile(n)},
		},
	})
}

func (b *testBot) draw(i *discordgo.Interaction, replace bool) error {
	uid := invoker(i).ID
	b.mu.Lock()
	b.hands[uid]++
	n := b.hands[uid]
	b.mu.Unlock()
	data := &discordgo.InteractionResponseData{
		Content:    fmt.Sprintf("Drew a card (%d in hand)", n),
		Embeds:     handEmbed(uid, n),
		Components: controls(n),
		Files:      []*discordgo.File{handFile(n)},
	}
	if replace { // drop the old hand.png instead of appending a second one (discordgo#1524)
		data.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// slowDraw acknowledges with a deferred update (6), then edits @original
// with the new picture.
func (b *testBot) slowDraw(i *discordgo.Interaction) error {
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		return err
	}
	uid := invoker(i).ID
	b.mu.Lock()
	b.hands[uid]++
	n := b.hands[uid]
	b.mu.Unlock()
	content := fmt.Sprintf("Drew a card slowly (%d in hand)", n)
	comps, embeds := controls(n), handEmbed(uid, n)
	_, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{
		Content: &content, Components: &comps, Embeds: &embeds,
		Files: []*discordgo.File{handFile(n)}, Attachments: &[]*discordgo.MessageAttachment{},
	})
	return err
}

func (b *testBot) discard(i *discordgo.Interaction) error {
	vals := i.MessageComponentData().Values
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Discarded " + strings.Join(vals, ","), Flags: discordgo.MessageFlagsEphemeral}})
}

func (b *testBot) dmHand(i *discordgo.Interaction) error {
	uid := invoker(i).ID
	// Ack within 3 s first (ephemeral "thinking"), then do the slow DM work.
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		return err
	}
	b.mu.Lock()
	n := b.hands[uid]
	b.mu.Unlock()

	reply := "Sent your hand to your DMs."
	ch, err := b.s.UserChannelCreate(uid)
	if err == nil {
		_, err = b.s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{
			Content: fmt.Sprintf("Your hand: %d cards", n),
			Files:   []*discordgo.File{handFile(n)},
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Who am I?", Style: discordgo.SecondaryButton, CustomID: "whoami"},
			}}},
		})
	}
	var rest *discordgo.RESTError
	switch {
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		reply = "I can't DM you. Enable \"Direct Messages\" for this server and try again."
		err = nil // handled
	case err != nil:
		reply = "Something went wrong sending your hand."
	}
	_, err2 := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &reply})
	return errors.Join(err, err2)
}

func (b *testBot) openBetModal(i *discordgo.Interaction) error {
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: "bet_modal",
			Title:    "Place a bet",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "amount", Label: "Chips", Style: discordgo.TextInputShort, Required: true, MaxLength: 6},
			}}},
		},
	})
}

func (b *testBot) placeBet(i *discordgo.Interaction) error {
	amount := ""
	for _, row := range i.ModalSubmitData().Components {
		for _, c := range row.(*discordgo.ActionsRow).Components {
			if ti, ok := c.(*discordgo.TextInput); ok && ti.CustomID == "amount" {
				amount = strings.TrimSpace(ti.Value)
			}
		}
	}
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: "Bet placed: " + amount + " chips",
			Flags:   discordgo.MessageFlagsEphemeral,
		},
	})
}
