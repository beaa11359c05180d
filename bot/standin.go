package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store/play"
)

// A person whose turn runs out twice in a row (play.StandInAfter) is
// replaced by a computer player for the rest of the game: the store's
// player row keeps their id with a stand-in flag (so a restart or
// another process knows it), the computer plays that seat at once
// whenever it is to act, the table says so, and Take my seat back gives
// the seat back to its player alone. The move log, what replays, does not
// say who made a move.

// countTimeout records that seat's turn ran out and that the dealer played
// m for it at index at of the log. At the second in a row a computer
// player takes the seat, moves at once if it is to act, and the table says
// so. A count that could not be written is logged: the move stands, and
// the count misses that turn. t is locked.
func (b *Bot) countTimeout(ctx context.Context, t *table, seat games.Seat, at int, m games.Move) {
	replaced, err := t.TimedOut(ctx, seat, at)
	if err != nil {
		b.log.Warn("counting a player's timeout failed", "table", t.Row.ID, "seat", seat, "err", err)
		return
	}
	if !replaced {
		return
	}
	l := b.tableLang(t.Row)
	t.notice = words.T(l, "⏰ %s took too long twice in a row: the dealer played `%s` for them, and a computer player takes their seat for the rest of the game. They can take it back with **Take my seat back**.",
		plainName(l, t.Player(seat)), m)
	b.log.Info("a computer player stands in for an absent player", "table", t.Row.ID, "seat", seat)
	b.playComputers(ctx, t)
	b.changed(t.Row.ID)
}

// takeSeatBack gives a player back the seat a computer player stood in
// for (the Take my seat back button, routes.go): the table says so, and
// they get their hand, privately. Anyone else is told no, privately.
func (b *Bot) takeSeatBack(ctx context.Context, c click) reply {
	t := c.t
	if !t.Player(c.seat).StandIn {
		return c.refuse("Your seat is yours: no computer player stands in for you.")
	}
	if err := t.TakeBack(ctx, c.seat); err != nil {
		if errors.Is(err, play.ErrMovedOn) {
			b.redrawLater(t, 0)
			return c.refuse("The table moved on meanwhile: try again.")
		}
		b.log.Error("taking a seat back failed", "table", t.Row.ID, "err", err)
		return c.refuse("I couldn't save that just now: try again.")
	}
	l := b.tableLang(t.Row)
	t.notice = words.T(l, "%s took their seat back.", plainName(l, t.Player(c.seat)))
	b.log.Info("a player took their seat back", "table", t.Row.ID, "seat", c.seat)
	b.changed(t.Row.ID)
	rep := b.myHand(ctx, c)
	rep.then = func(error) { b.redraw(t) }
	return rep
}

// standIns are the people's seats a computer player stands in for.
func (t *table) standIns() []games.Seat {
	var out []games.Seat
	for _, p := range t.Row.Players {
		if p.StandIn {
			out = append(out, games.Seat(p.Seat))
		}
	}
	return out
}

// standInLine is what the table says while computer players stand in for
// people ("" when none does).
func (t *table) standInLine(l lang.Lang) string {
	seats := t.standIns()
	if len(seats) == 0 {
		return ""
	}
	return words.T(l, "🤖 A computer player plays for %s until they click **Take my seat back**.", t.namesOf(l, seats, plainName))
}

// takeBackButton is the channel table's Take my seat back, while a
// computer player stands in for someone.
func (b *Bot) takeBackButton(l lang.Lang, t *table) []discordgo.MessageComponent {
	if len(t.standIns()) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.Button{
		Label: words.T(l, "Take my seat back"), Style: discordgo.SecondaryButton,
		CustomID: buttonID{Table: t.Row.ID, Action: actBack}.String(),
	}}
}
