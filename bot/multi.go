package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
)

// A multiplayer table has one public message in the channel (the table as
// a spectator sees it, with a "My hand" button) and a private message per
// human player: by DM, or privately in the channel from "My hand" when DMs
// are closed. Private pictures and controls are built only from that
// seat's own view, so no hand can leak into another player's message.

// The routes' multiplayer handlers (routes.go); the table is locked.

// moveFromHand makes the move of a button on a seat's hand.
func (b *Bot) moveFromHand(ctx context.Context, c click) reply {
	return b.playFromHand(ctx, c, c.id.Arg)
}

// pickWord follows a choice in the move menu: the menu's next step, or the
// move it completes.
func (b *Bot) pickWord(ctx context.Context, c click) reply {
	move, prefix := b.pick(c.i, c.t, c.seat, c.id)
	if move == "" {
		return b.nextWords(c.t, c.seat, prefix)
	}
	return b.playFromHand(ctx, c, move)
}

// playFromHand makes a seat's move, lets computer players answer, and
// answers with the seat's hand; the channel's table and the other players
// follow (after).
func (b *Bot) playFromHand(ctx context.Context, c click, move string) reply {
	t := c.t
	before := b.snapshot(t)
	if err := b.apply(ctx, t, c.seat, move); err != nil {
		return respond(private(b.moveError(c.lang(), t, err, words.T(c.lang(), "You can't play that now."))))
	}
	t.notice = ""
	after := b.after(t, before)
	data, err := b.privateMessage(t, c.seat)
	if err != nil {
		return reply{resp: private(words.T(c.lang(), "Played. (I couldn't draw your hand.)")), then: after}
	}
	return reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, then: after}
}

// myHand answers My hand: the seat's private message, privately.
func (b *Bot) myHand(_ context.Context, c click) reply {
	if c.t.Row.InteractionOnly && isTableMessage(c) {
		return b.handByFollowUp(c)
	}
	t, seat := c.t, c.seat
	data, err := b.privateMessage(t, seat)
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.Row.ID, "err", err)
		return respond(private(words.T(b.playerLang(t.Player(seat).UserID), "I couldn't draw your hand: try again.")))
	}
	data.Flags |= discordgo.MessageFlagsEphemeral
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
}

// nextWords shows the menu's next step after the words chosen so far.
func (b *Bot) nextWords(t *table, seat games.Seat, prefix []string) reply {
	if prefix == nil {
		return respond(private(words.T(b.playerLang(t.Player(seat).UserID), "That choice isn't possible now.")))
	}
	data, err := b.privateMessage(t, seat, prefix...)
	if err != nil {
		return respond(private(words.T(b.playerLang(t.Player(seat).UserID), "I couldn't draw your hand: try again.")))
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// pick follows a choice in the move menu. It returns the move when the
// choice completes one, else the words to show next (nil: an impossible
// choice).
func (b *Bot) pick(i *discordgo.Interaction, t *table, seat games.Seat, id buttonID) (string, []string) {
	if id.Arg == "b" {
		return "", []string{}
	}
	var prefix []string
	if len(id.Arg) > 1 {
		prefix = strings.Fields(id.Arg[1:])
	}
	values := i.MessageComponentData().Values
	if len(values) != 1 {
		return "", nil
	}
	move, next, ok := render.Choose(legalStrings(t.Game, seat), prefix, values[0])
	if !ok {
		return "", nil
	}
	return move, next
}

// playComputers lets computer players move while one is to act.
func (b *Bot) playComputers(ctx context.Context, t *table) {
	moves := t.Game.Moves()
	if err := t.PlayComputers(ctx, nil); err != nil {
		b.log.Error("a computer player's move failed", "table", t.Row.ID, "err", err)
	}
	if t.Game.Moves() > moves && t.Game.Status().Finished() {
		b.finish(ctx, t)
	}
}

// namesOf names seats, joined by commas, each as name writes a player.
func (t *table) namesOf(l lang.Lang, seats []games.Seat, name func(l lang.Lang, p store.Player) string) string {
	var out []string
	for _, s := range seats {
		out = append(out, name(l, t.Player(s)))
	}
	return strings.Join(out, ", ")
}

// seatState is what a change may make worth a new DM to a seat: whether it
// may act, and its private facts (a new deal brings a new hand).
type seatState struct {
	canAct bool
	line   string
}

// snapshot records every seat's state before a change.
func (b *Bot) snapshot(t *table) map[games.Seat]seatState {
	out := map[games.Seat]seatState{}
	if t.Game == nil {
		return out
	}
	names := t.Names()
	for s := 0; s < t.Row.Seats; s++ {
		seat := games.Seat(s)
		out[seat] = seatState{games.CanAct(t.Game, seat), t.show.Private(t.Game.View(seat), render.Params{Names: names})}
	}
	return out
}

// afterChange brings everyone up to date after moves: the channel table is
// redrawn, a player whose turn has come (or whose hand is new) gets a DM,
// and the turn clock restarts (play.Table.Apply recorded the rounds). before is nil
// when the game has just been dealt.
func (b *Bot) afterChange(ctx context.Context, t *table, before map[games.Seat]seatState) {
	b.redraw(t)
	if t.Game.Status().Finished() {
		return
	}
	for seat, now := range b.snapshot(t) {
		if p := t.Player(seat); p.Computer || p.StandIn {
			continue // no DM for a seat a computer player plays
		}
		was, known := before[seat]
		if !known || (now.canAct && !was.canAct) || now.line != was.line {
			b.sendHand(t, seat)
		}
	}
	if t.clockArmedNow() {
		b.wakeTimers() // armed with the change
	} else {
		b.armTurnClock(ctx, t)
	}
}

// after is what follows an answer that changed t (afterChange), on the
// bot's own deadline, not the interaction's. before is nil when the game
// has just been dealt.
func (b *Bot) after(t *table, before map[games.Seat]seatState) func(error) {
	return func(error) {
		ctx, cancel := b.background()
		defer cancel()
		b.afterChange(ctx, t, before)
	}
}

// timeoutNotice tells the channel the dealer played for an absent player.
func timeoutNotice(l lang.Lang, name string, m games.Move) string {
	return words.T(l, "⏰ %s took too long: the dealer played `%s` for them.", name, m)
}
