package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// A finished table offers the next one, in one click. A multiplayer table:
// Rematch, the same seats and house rules and a new deal, in a rematch
// lobby where each human of the last game clicks I'm in (computer players
// keep their seats and levels; it starts when all are in) or Not this time
// (which calls it off, as its lobby timeout does). A solitaire: New deal (a fresh random deal, as /play
// deals, under the same house rules; after a daily deal an ordinary one,
// never another attempt) and Same deal again (its deal and house rules;
// not while a daily deal's number is hidden). The next table opens in a
// new message below the finished one, which keeps its result.
//
// The next table names the one it follows (store.TableRow.RematchOf), and
// the store keeps one follower in play or played per table: a second
// click, in any process, or a click on an old message opens nothing more
// and is pointed to the one there is. A rematch closed unconfirmed frees
// the finished table for another.

// followClick is a click on a finished table's Rematch, New deal or Same
// deal again: the finished table's record and its game.
type followClick struct {
	i    *discordgo.Interaction
	row  store.TableRow
	game render.Game
}

// refuse is a private answer to the clicker, in their language.
func (f followClick) refuse(key string, args ...any) reply {
	return respond(private(words.T(userLang(f.i), key, args...)))
}

// onFinished routes a click on a finished table's buttons: the table is
// read from the store (a finished table is in no process's memory, and
// nothing changes it any more, so nothing is locked).
func (b *Bot) onFinished(ctx context.Context, i *discordgo.Interaction, id buttonID, r route) reply {
	f := followClick{i: i}
	row, err := b.store.TableRow(ctx, id.Table)
	switch {
	case err != nil && !errors.Is(err, store.ErrNotFound):
		b.log.Warn("reading a finished table failed", "table", id.Table, "err", err)
		return f.refuse("I couldn't reach the table's records just now: try again in a moment.")
	case err != nil, row.ChannelID == "", row.ChannelID != i.ChannelID, row.GuildID != i.GuildID:
		// A table of the terminal's, or of another channel: not this message's.
		return f.refuse("That button isn't one of mine. Use the buttons on a table's latest message.")
	case !row.Status.Finished():
		return f.refuse("Only a finished game can be dealt again.")
	}
	f.row = row
	var ok bool
	if f.game, ok = b.games.Lookup(row.Game); !ok {
		return f.refuse("I can't deal that game here. See /rules for the games I know.")
	}
	return r.finished(b, ctx, f)
}

// rematch opens a rematch of a finished multiplayer table for one of its
// players, who is in at once: its lobby, or the game itself when nobody
// else has to confirm.
func (b *Bot) rematch(ctx context.Context, f followClick) reply {
	user := discord.UserOf(f.i).ID
	if f.game.Solitaire() {
		return f.refuse("That button isn't one of mine. Use the buttons on a table's latest message.")
	}
	if _, ok := humanAt(f.row.Players, user); !ok {
		return f.refuse("Only this game's players can ask for a rematch.")
	}
	next := b.newTableRow(f.i, f.row.Game, b.newDeal())
	next.Seats, next.Status, next.Options, next.Players = f.row.Seats, store.StatusLobby, f.row.Options, nil
	for _, p := range f.row.Players {
		if p.UserID == user && !p.Computer {
			p.Name = displayName(f.i)
		}
		if p.Computer || p.UserID == user {
			next.Players = append(next.Players, newSeat(p))
		}
	}
	rep := b.follow(ctx, f, next)
	t := rep.table
	if t == nil || t.Game != nil || len(t.Row.Players) < t.Row.Seats {
		return rep
	}
	// Everyone is in already: the only human asked. Deal.
	if err := t.Start(ctx, t.Row.Players); err != nil {
		b.log.Error("starting a rematch failed", "table", t.Row.ID, "err", err)
		return rep // its lobby stays, and its timeout closes it
	}
	dealt := b.dealt(ctx, t, discordgo.InteractionResponseChannelMessageWithSource)
	remember, after := rep.then, dealt.then
	dealt.table, dealt.then = t, func(err error) {
		remember(err) // where the table's message is, before anything redraws it
		if err == nil && after != nil {
			after(err)
		}
	}
	return dealt
}

// newDealAfter deals its player a new deal of a finished solitaire.
func (b *Bot) newDealAfter(ctx context.Context, f followClick) reply {
	if rep, ok := f.solitaireOwner(); !ok {
		return rep
	}
	next := b.newTableRow(f.i, f.row.Game, b.newDeal())
	next.Options = f.row.Options
	return b.follow(ctx, f, next)
}

// sameDealAgain deals its player a finished solitaire's deal again.
func (b *Bot) sameDealAgain(ctx context.Context, f followClick) reply {
	if rep, ok := f.solitaireOwner(); !ok {
		return rep
	}
	if f.row.Daily != "" && f.row.Daily >= today(time.Now()) {
		return f.refuse("Today's daily deal can be played again once the day is over (midnight UTC). Try **New deal**.")
	}
	next := b.newTableRow(f.i, f.row.Game, f.row.Deal)
	next.Options = f.row.Options
	return b.follow(ctx, f, next)
}

// solitaireOwner checks that the click is on a solitaire, by its player;
// else it is the refusal.
func (f followClick) solitaireOwner() (reply, bool) {
	switch {
	case !f.game.Solitaire():
		return f.refuse("That button isn't one of mine. Use the buttons on a table's latest message."), false
	case discord.UserOf(f.i).ID != f.row.OwnerID:
		return f.refuse("This is %s's game. Deal your own with `/play`.", mention(f.row.OwnerID)), false
	}
	return reply{}, true
}

// follow opens next as the table that follows the finished one, or points
// to the one that already does.
func (b *Bot) follow(ctx context.Context, f followClick, next store.TableRow) reply {
	next.RematchOf = f.row.ID
	rep, err := b.openTable(ctx, f.i, next)
	switch {
	case errors.Is(err, store.ErrRematched):
		return b.followedAlready(ctx, f)
	case err != nil:
		b.log.Error("creating a table failed", "err", err)
		return f.refuse("I couldn't open a table just now (the records are busy): try again.")
	}
	return rep
}

// followedAlready answers a click on a table that was dealt again already:
// where the next table is.
func (b *Bot) followedAlready(ctx context.Context, f followClick) reply {
	next, err := b.store.NextTable(ctx, f.row.ID)
	if err == nil && next.MessageID == "" && open(next) {
		// Its message is not known yet: the answer that shows it holds
		// the table's lock until it is.
		if t, _ := b.table(ctx, next.ID); t != nil {
			t.mu.Lock()
			next.ChannelID, next.MessageID = t.Row.ChannelID, t.Row.MessageID
			t.mu.Unlock()
		}
	}
	if err != nil || next.MessageID == "" {
		return f.refuse("This game was dealt again already: see the channel.")
	}
	return f.refuse("This game was dealt again already: %s", messageLink(next))
}

// messageLink is the address of a table's message in Discord (a DM's
// "server" is @me).
func messageLink(t store.TableRow) string {
	guild := t.GuildID
	if guild == "" {
		guild = "@me"
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, t.ChannelID, t.MessageID)
}

// newSeat is a last game's player as its rematch seats them: their seat,
// name and level, without the last game's stand-in or timeouts.
func newSeat(p store.Player) store.Player {
	return store.Player{Seat: p.Seat, UserID: p.UserID, Name: p.Name, Computer: p.Computer, Level: p.Level}
}

// humanAt finds a human player by their user id.
func humanAt(players []store.Player, user string) (store.Player, bool) {
	for _, p := range players {
		if !p.Computer && p.UserID == user {
			return p, true
		}
	}
	return store.Player{}, false
}

// imIn seats one of the last game's players at their seat in its rematch;
// the last one in deals.
func (b *Bot) imIn(ctx context.Context, c click) (reply, error) {
	last, err := b.lastPlayers(ctx, c.t)
	if err != nil {
		b.log.Warn("reading a rematch's last game failed", "table", c.t.Row.ID, "err", err)
		return c.refuse("I couldn't reach the table's records just now: try again in a moment."), nil
	}
	p, ok := humanAt(last, discord.UserOf(c.i).ID)
	switch {
	case !ok:
		return c.refuse("Only the last game's players sit at a rematch. Open your own table with `/play`."), nil
	case c.seated:
		return c.refuse("You are already seated at this table."), nil
	}
	p.Name = displayName(c.i)
	players := append(c.players(), newSeat(p))
	slices.SortFunc(players, func(a, b store.Player) int { return a.Seat - b.Seat })
	if len(players) == c.t.Row.Seats {
		if err := c.t.Start(ctx, players); err != nil {
			return reply{}, err
		}
		return b.dealt(ctx, c.t, discordgo.InteractionResponseUpdateMessage), nil
	}
	if err := c.t.SetPlayers(ctx, players); err != nil {
		return reply{}, err
	}
	b.changed(c.t.Row.ID)
	data, err := b.rematchLobby(c.t)
	if err != nil {
		return c.refuse("I couldn't draw the table: try again."), nil
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}), nil
}

// notIn calls a rematch off, for one of the last game's players.
func (b *Bot) notIn(ctx context.Context, c click) (reply, error) {
	last, err := b.lastPlayers(ctx, c.t)
	if err != nil {
		b.log.Warn("reading a rematch's last game failed", "table", c.t.Row.ID, "err", err)
		return c.refuse("I couldn't reach the table's records just now: try again in a moment."), nil
	}
	user := discord.UserOf(c.i).ID
	if _, ok := humanAt(last, user); !ok {
		return c.refuse("Only the last game's players sit at a rematch. Open your own table with `/play`."), nil
	}
	if err := b.close(ctx, c.t); err != nil {
		return reply{}, err
	}
	text := words.T(b.tableLang(c.t.Row), "**%s** · the rematch was called off by %s.", c.t.Info.Title, mention(user))
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: textMessage(accentLobby, text)}), nil
}

// lastPlayers are the seats of the game a rematch follows, read once; t is
// locked.
func (b *Bot) lastPlayers(ctx context.Context, t *table) ([]store.Player, error) {
	if t.lastSeats == nil {
		row, err := b.store.TableRow(ctx, t.Row.RematchOf)
		if err != nil {
			return nil, err
		}
		t.lastSeats = row.Players
	}
	return t.lastSeats, nil
}

// rematchLobby is a rematch's lobby message: the last game's seats, who is
// in, I'm in and Not this time.
func (b *Bot) rematchLobby(t *table) (*discordgo.InteractionResponseData, error) {
	ctx, cancel := b.quick()
	defer cancel()
	last, err := b.lastPlayers(ctx, t)
	if err != nil {
		b.log.Warn("reading a rematch's last game failed", "table", t.Row.ID, "err", err)
		return nil, err
	}
	l := b.tableLang(t.Row)
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s** · a rematch of table #%d%s", t.Info.Title, t.Row.RematchOf, rulesNote(l, t)) + "\n")
	for _, p := range last {
		fmt.Fprintf(&sb, "\n%d. %s", p.Seat+1, playerName(l, p))
		if _, in := t.SeatOf(p.UserID); !p.Computer && in {
			sb.WriteString(" ✅")
		} else if !p.Computer {
			sb.WriteString(" ⏳")
		}
	}
	sb.WriteString("\n\n" + words.T(l, "Each of the last game's players clicks **I'm in**: a new deal starts when all are in, the computer players keeping their seats. If not all are in within %s, the rematch is closed.",
		ShortDuration(b.lobbyTimeout)))
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: words.T(l, "I'm in"), Style: discordgo.SuccessButton, CustomID: buttonID{Table: t.Row.ID, Action: actImIn}.String()},
		discordgo.Button{Label: words.T(l, "Not this time"), Style: discordgo.SecondaryButton, CustomID: buttonID{Table: t.Row.ID, Action: actNotIn}.String()},
	}
	return v2Message(accentLobby, sb.String(), nil, []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}), nil
}

// nextButtons are a finished table's buttons for the next one: Rematch,
// or New deal and Same deal again (not while a daily deal is hidden).
func (b *Bot) nextButtons(t *table) []discordgo.MessageComponent {
	l := b.tableLang(t.Row)
	id := func(a byte) string { return buttonID{Table: t.Row.ID, Version: t.Game.Moves(), Action: a}.String() }
	row := []discordgo.MessageComponent{discordgo.Button{Label: words.T(l, "Rematch"), Style: discordgo.PrimaryButton, CustomID: id(actRematch)}}
	if t.Info.Solitaire() {
		row = []discordgo.MessageComponent{discordgo.Button{Label: words.T(l, "New deal"), Style: discordgo.PrimaryButton, CustomID: id(actNewDeal)}}
		if !dealHidden(t, time.Now()) {
			row = append(row, discordgo.Button{Label: words.T(l, "Same deal again"), Style: discordgo.SecondaryButton, CustomID: id(actSameDeal)})
		}
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// closedText is what a lobby closed by its timeout says.
func (b *Bot) closedText(t *table) string {
	l := b.tableLang(t.Row)
	if t.Row.RematchOf != 0 {
		return words.T(l, "**%s** · the rematch was closed: not all of the last game's players were in within %s.", t.Info.Title, ShortDuration(b.lobbyTimeout))
	}
	return words.T(l, "**%s** · the table was closed: nobody started it within %s. Open a new one with `/play`.",
		t.Info.Title, b.lobbyTimeout.Round(time.Minute))
}
