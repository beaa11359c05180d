package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// onClick handles a button or menu on a table. It takes the table's lock
// and hands it to the reply (see reply), with the table as the store has
// it now.
func (b *Bot) onClick(ctx context.Context, i *discordgo.Interaction) reply {
	id, err := parseButtonID(i.MessageComponentData().CustomID)
	if err != nil {
		b.log.Warn("forged or unknown button", "user", userOf(i).ID, "custom_id", truncate(i.MessageComponentData().CustomID, 120))
		return respond(private(T(userLang(i), "That button isn't one of mine. Use the buttons on a table's latest message.")))
	}
	t, err := b.table(ctx, id.Table)
	if err != nil {
		return respond(private(b.unreachableTable(userLang(i), err)))
	}
	if t == nil {
		return respond(private(T(userLang(i), "This game is over or no longer at the table. Deal a new one with `/play`.")))
	}
	t.mu.Lock()
	if err := b.sync(ctx, t); err != nil {
		t.mu.Unlock()
		if errors.Is(err, errGone) {
			return respond(private(T(userLang(i), "This game is over or no longer at the table. Deal a new one with `/play`.")))
		}
		return respond(private(b.unreachableTable(userLang(i), err)))
	}
	rep := b.clickTable(ctx, i, t, id)
	rep.table = t
	return rep
}

// unreachableTable is what a player is told of a table that could not be
// read: kept because its moves no longer replay, or the store did not
// answer in time.
func (b *Bot) unreachableTable(l lang.Lang, err error) string {
	var u *session.Unreplayable
	if errors.As(err, &u) {
		return unreplayableText(l)
	}
	b.log.Warn("reading a table failed", "err", err)
	return T(l, "I couldn't reach the table's records just now: try again in a moment.")
}

// clickTable routes a click on a locked table.
func (b *Bot) clickTable(ctx context.Context, i *discordgo.Interaction, t *table, id buttonID) reply {
	switch {
	case b.gone(i):
		// It waited for the table past its 3 s: making the move now would
		// change the table without anyone seeing it, and delay the clicks
		// queued behind it. Discord tells the player it failed.
		return reply{}
	case t.Game == nil:
		return b.onLobbyClick(ctx, i, t, id)
	case isLobbyAction(id.Action):
		// A lobby button on a game that has started: the lobby message
		// never became the table (the bot was killed between saving the
		// start and answering), or this click was on a lobby another
		// process started meanwhile. Redraw it as the table, with My hand.
		b.redrawLater(t, 0)
		return respond(private(T(userLang(i), "The game has started: use **My hand** on the table.")))
	case !t.Info.Solitaire():
		return b.onMultiClick(ctx, i, t, id)
	}
	return b.onSolitaireClick(ctx, i, t, id)
}

// onSolitaireClick handles a click on a solitaire's board.
func (b *Bot) onSolitaireClick(ctx context.Context, i *discordgo.Interaction, t *table, id buttonID) reply {
	seat, seated := t.SeatOf(userOf(i).ID)
	switch {
	case t.Game.Status().Finished():
		return respond(private(T(userLang(i), "This game is over. Deal a new one with `/play`.")))
	case !seated:
		return respond(private(T(userLang(i), "This is <@%s>'s game. Deal your own with `/play`.", t.Sess.OwnerID)))
	case id.Version != t.Game.Moves():
		if i.Message != nil && i.Message.ID == t.Sess.MessageID && shownVersion(i.Message) < t.Game.Moves() {
			// The table message itself is behind the log: a move was saved
			// but its answer never went out (the bot was killed in between,
			// or Discord failed it and the redraw too). Redraw it, or every
			// button on it stays refused as stale.
			b.redrawLater(t, 0)
		}
		return respond(private(T(userLang(i), "That was an old picture of the table: it has moved on since. Use the buttons on its latest message.")))
	}
	selected := ""
	switch id.Action {
	case actHint:
		return b.hint(ctx, t)
	case actSelect:
		if !b.canSelect(t, seat, id.Arg) {
			return respond(private(T(userLang(i), "Nothing can move from there now.")))
		}
		selected = id.Arg
	case actMove:
		if !games.IsLegal(t.Game, seat, id.Arg) {
			return respond(private(T(userLang(i), "That move isn't possible now.")))
		}
		if err := b.apply(ctx, t, seat, id.Arg); err != nil {
			return respond(private(b.moveError(userLang(i), t, err)))
		}
		t.notice = ""
	}
	return b.update(t, selected, id.Action == actMove)
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
		b.log.Error("drawing a table failed", "table", t.Sess.ID, "err", err)
		return respond(private(T(b.playerLang(t.Sess.OwnerID), "I couldn't draw the table: try again.")))
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

// moveError is what a player is told of a move that was not made.
func (b *Bot) moveError(l lang.Lang, t *table, err error) string {
	if errors.Is(err, store.ErrConflict) {
		// Another click, process or window got there first: t is now the
		// store's table; its message is brought up to it.
		b.redrawLater(t, 0)
		return T(l, "The table moved on before your move, which was not made: use the buttons on its latest message.")
	}
	if errors.Is(err, session.ErrNotSaved) {
		b.log.Error("saving a move failed; the table was rebuilt from the store", "table", t.Sess.ID, "err", err)
		return T(l, "The move could not be saved, so it was not made: try again.")
	}
	return t.show.Refusal(l, err)
}
