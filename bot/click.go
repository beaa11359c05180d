package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// click is one click on a table as its route's handler sees it: the
// interaction, its custom id, the table (locked) and the clicker's seat.
type click struct {
	i      *discordgo.Interaction
	id     buttonID
	t      *table
	seat   games.Seat
	seated bool
}

// lang is the language to answer the clicker in, privately.
func (c click) lang() lang.Lang { return userLang(c.i) }

// refuse is a private answer to the clicker, in their language.
func (c click) refuse(key string, args ...any) reply {
	return respond(private(words.T(c.lang(), key, args...)))
}

// onClick handles a button or menu on a table: it finds the action's
// route, reads and locks the table (as the store has it now), and hands
// the table's lock to the reply (see reply). gone reports whether the
// interaction can no longer be answered.
func (b *Bot) onClick(ctx context.Context, i *discordgo.Interaction, gone func() bool) reply {
	id, err := parseButtonID(i.MessageComponentData().CustomID)
	if err != nil {
		b.log.Warn("forged or unknown button", "user", discord.UserOf(i).ID, "custom_id", truncate(i.MessageComponentData().CustomID, 120))
		return respond(private(words.T(userLang(i), "That button isn't one of mine. Use the buttons on a table's latest message.")))
	}
	if r := routes[id.Action]; r.finished != nil {
		return b.onFinished(ctx, i, id, r)
	}
	t, err := b.table(ctx, id.Table)
	if err != nil {
		return respond(private(b.unreachableTable(userLang(i), err)))
	}
	if t == nil {
		if rep, ok := b.endAnswered(ctx, i, id.Table); ok {
			return rep
		}
		return respond(private(words.T(userLang(i), "This game is over or no longer at the table. Deal a new one with `/play`.")))
	}
	t.mu.Lock()
	if err := b.sync(ctx, t); err != nil {
		t.mu.Unlock()
		if errors.Is(err, errGone) {
			return respond(private(words.T(userLang(i), "This game is over or no longer at the table. Deal a new one with `/play`.")))
		}
		return respond(private(b.unreachableTable(userLang(i), err)))
	}
	if i.GuildID != "" && t.Row.GuildID != "" && i.GuildID != t.Row.GuildID {
		// A button of another server's table: after a restore from a
		// backup, a new table takes the id of one dealt after the backup
		// (gone with the minutes the backup lacks), whose buttons remain.
		t.mu.Unlock()
		return respond(private(words.T(userLang(i), "This game is over or no longer at the table. Deal a new one with `/play`.")))
	}
	c := click{i: i, id: id, t: t}
	c.seat, c.seated = t.SeatOf(discord.UserOf(i).ID)
	b.learnMessage(ctx, c)
	rep := b.dispatch(ctx, c, gone)
	rep.table = t
	return rep
}

// isTableMessage reports whether the click is on the table's own message:
// the one it knows, or, when it knows none, a message everyone in the
// table's server sees (a hand is private or a DM). A table knows none
// when the answer that dealt it went out but its message was not saved:
// the bot was killed in between, or the database was restored from a
// backup taken in between.
func isTableMessage(c click) bool {
	m := c.i.Message
	switch {
	case m == nil:
		return false
	case c.t.Row.MessageID != "":
		return m.ID == c.t.Row.MessageID
	}
	return c.i.GuildID != "" && c.i.GuildID == c.t.Row.GuildID && m.Flags&discordgo.MessageFlagsEphemeral == 0
}

// learnMessage saves the table's message from a click on it, when the
// table knows none (isTableMessage): else it is never redrawn. t is
// locked.
func (b *Bot) learnMessage(ctx context.Context, c click) {
	if c.t.Row.MessageID != "" || !isTableMessage(c) {
		return
	}
	c.t.Row.MessageID, c.t.Row.ChannelID = c.i.Message.ID, c.i.ChannelID
	if err := b.store.SetMessage(ctx, c.t.Row.ID, c.i.ChannelID, c.i.Message.ID); err != nil {
		b.log.Warn("saving the table's message failed", "table", c.t.Row.ID, "err", err)
	}
}

// unreachableTable is what a player is told of a table that could not be
// read: kept because its moves no longer replay, or the store did not
// answer in time.
func (b *Bot) unreachableTable(l lang.Lang, err error) string {
	var u *play.Unreplayable
	if errors.As(err, &u) {
		return unreplayableText(l)
	}
	b.log.Warn("reading a table failed", "err", err)
	return words.T(l, "I couldn't reach the table's records just now: try again in a moment.")
}

// dispatch hands a click on a locked table to its route's handler for the
// kind of table it is.
func (b *Bot) dispatch(ctx context.Context, c click, gone func() bool) reply {
	r := routes[c.id.Action]
	switch {
	case gone():
		// It waited for the table past its 3 s: making the move now would
		// change the table without anyone seeing it, and delay the clicks
		// queued behind it. Discord tells the player it failed.
		return reply{}
	case c.t.Game == nil:
		return b.inLobby(ctx, c, r)
	case r.lobby != nil:
		// A lobby button on a game that has started: the lobby message
		// never became the table (the bot was killed between saving the
		// start and answering), or this click was on a lobby another
		// process started meanwhile. Redraw it as the table, with My hand.
		b.redrawLater(c.t, 0)
		return c.refuse("The game has started: use **My hand** on the table.")
	case !c.t.Info.Solitaire():
		return b.atMultiTable(ctx, c, r)
	}
	return b.atSolitaire(ctx, c, r)
}

// inLobby routes a click on a lobby. A lobby that another process changed
// meanwhile (its change came first) is read again and the click tried once
// more on it: a join still joins, a start starts with whoever sits there
// now; a lobby that has started or closed answers so.
func (b *Bot) inLobby(ctx context.Context, c click, r route) reply {
	switch {
	case r.lobby == nil && isTableMessage(c):
		// A game's button on the lobby's own message: the message is
		// ahead of the store, restored from a backup taken before the game
		// started. Show the lobby again, to be started anew.
		return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: b.lobbyMessage(c.t)})
	case r.lobby == nil:
		return c.refuse("The game has not started yet.")
	case r.rematch != (c.t.Row.RematchOf != 0):
		// A rematch's seats are the last game's: nobody joins, is added or
		// removed, and it starts when all are in.
		return c.refuse("That button isn't one of mine. Use the buttons on a table's latest message.")
	case r.opener && discord.UserOf(c.i).ID != c.t.Row.OwnerID:
		return c.refuse("Only the table's opener, %s, can do that.", mention(c.t.Row.OwnerID))
	}
	for try := 0; ; try++ {
		c.seat, c.seated = c.t.SeatOf(discord.UserOf(c.i).ID)
		rep, err := r.lobby(b, ctx, c)
		switch {
		case err == nil:
			return rep
		case !errors.Is(err, play.ErrMovedOn):
			b.log.Error("saving the lobby failed", "table", c.t.Row.ID, "err", err)
			return c.refuse("I couldn't save that just now: try again.")
		case c.t.Game != nil:
			// Started meanwhile: the lobby message becomes the table.
			b.redrawLater(c.t, 0)
			return c.refuse("The game has started: use **My hand** on the table.")
		case !open(c.t.Row):
			b.forget(c.t)
			return c.refuse("This table was closed. Open a new one with `/play`.")
		case try == 1:
			return c.refuse("The table moved on meanwhile: try again.")
		}
	}
}

// atSolitaire routes a click on a solitaire's board: its player's, on the
// table's latest picture, while the game goes on.
func (b *Bot) atSolitaire(ctx context.Context, c click, r route) reply {
	t := c.t
	switch {
	case t.Game.Status().Finished():
		return c.refuse("This game is over. Deal a new one with `/play`.")
	case !c.seated:
		return c.refuse("This is %s's game. Deal your own with `/play`.", mention(t.Row.OwnerID))
	case c.id.Version != t.Game.Moves() && isTableMessage(c) && shownVersion(c.i.Message) > t.Game.Moves():
		// The table message itself is ahead of the log: the database was
		// restored from a backup older than the message. It shows the
		// table as it is, or every button on it stays refused as stale.
		return b.update(t, "", false)
	case c.id.Version != t.Game.Moves():
		if isTableMessage(c) && shownVersion(c.i.Message) < t.Game.Moves() {
			// The table message itself is behind the log: a move was saved
			// but its answer never went out (the bot was killed in between,
			// or Discord failed it and the redraw too). Redraw it, or every
			// button on it stays refused as stale.
			b.redrawLater(t, 0)
		}
		return c.refuse("That was an old picture of the table: it has moved on since. Use the buttons on its latest message.")
	}
	return r.solitaire(b, ctx, c)
}

// atMultiTable routes a click on a multiplayer table in play: a seated
// player's, from their latest hand.
func (b *Bot) atMultiTable(ctx context.Context, c click, r route) reply {
	switch {
	case !c.seated:
		return c.refuse("You are not seated at this table: you can watch it here.")
	case c.t.Game.Status().Finished():
		return c.refuse("This game is over. Deal a new one with `/play`.")
	case r.multi == nil:
		return c.refuse("That button isn't one of mine. Use the buttons on your latest hand.")
	case c.t.Player(c.seat).StandIn && !r.anyVersion:
		return c.refuse("A computer player has your seat: click **Take my seat back** on the table first.")
	case !r.anyVersion && c.id.Version != c.t.Game.Moves():
		return c.refuse("That was an old hand: the game has moved on since. Use **My hand** or your latest DM.")
	}
	return r.multi(b, ctx, c)
}

// moveError is what a player is told of a move that was not made: refused
// is the bot's words for a move the game's rules refuse (checked once, by
// play.Table.Apply: play.ErrIllegal).
func (b *Bot) moveError(l lang.Lang, t *table, err error, refused string) string {
	switch {
	case errors.Is(err, play.ErrIllegal):
		return refused
	case errors.Is(err, store.ErrConflict):
		// Another click, process or window got there first: t is now the
		// store's table; its message is brought up to it.
		b.redrawLater(t, 0)
		return words.T(l, "The table moved on before your move, which was not made: use the buttons on its latest message.")
	case errors.Is(err, play.ErrNotSaved):
		b.log.Error("saving a move failed; the table was rebuilt from the store", "table", t.Row.ID, "err", err)
		return words.T(l, "The move could not be saved, so it was not made: try again.")
	}
	return t.show.Refusal(l, err)
}
