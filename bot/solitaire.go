package bot

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
)

// A solitaire's board is its table message: every click answers by
// redrawing it in place (update), with a place selected, a move made or a
// hint lit. These are the routes' solitaire handlers (routes.go); t is
// locked.

// selectPlace lights a place's legal destinations (or asks to confirm a
// move, "confirm:resign").
func (b *Bot) selectPlace(_ context.Context, c click) reply {
	if !b.canSelect(c.t, c.seat, c.id.Arg) {
		return c.refuse("Nothing can move from there now.")
	}
	return b.update(c.t, c.id.Arg, false)
}

// redrawBoard draws the board afresh, nothing selected.
func (b *Bot) redrawBoard(_ context.Context, c click) reply {
	return b.update(c.t, "", false)
}

// moveOnBoard makes a move, saved before the board shows it.
func (b *Bot) moveOnBoard(ctx context.Context, c click) reply {
	if err := b.apply(ctx, c.t, c.seat, c.id.Arg); err != nil {
		return respond(private(b.moveError(c.lang(), c.t, err, words.T(c.lang(), "That move isn't possible now."))))
	}
	c.t.notice = ""
	return b.update(c.t, "", true)
}

// canSelect reports whether a place (or a move to confirm) may be picked.
func (b *Bot) canSelect(t *table, seat games.Seat, arg string) bool {
	if m, ok := strings.CutPrefix(arg, "confirm:"); ok {
		return games.IsLegal(t.Game, seat, m)
	}
	c := t.show.Controls(t.Game.View(seat), renderParams(t, seat, ""))
	if c.Board == nil {
		return false
	}
	_, dests := movesFrom(c.Board, legalStrings(t.Game, seat), arg)
	return len(dests) > 0
}

// update answers a click by redrawing the table message in place. When a
// move's answer fails, the move is saved but the picture is behind: it is
// redrawn once a rate limit has had time to pass, or the next click would
// be refused as stale.
func (b *Bot) update(t *table, selected string, moved bool) reply {
	data, err := b.message(t, selected)
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		return respond(private(words.T(b.playerLang(t.Row.OwnerID), "I couldn't draw the table: try again.")))
	}
	return reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data},
		then: func(err error) {
			if err != nil && moved {
				b.redrawLater(t, 2*time.Second)
			}
		},
	}
}
