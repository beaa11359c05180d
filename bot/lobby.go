package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// A multiplayer table opens as a lobby: players join, the opener may add
// computer players or remove players, and Start deals. The lobby lives in
// the store like any table (status lobby), so it survives a restart.

// lobbyMessage is the lobby: who sits where, and the lobby's buttons.
func (b *Bot) lobbyMessage(t *table) *discordgo.InteractionResponseData {
	l := b.tableLang(t.Row)
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s** · a table for %s%s, opened by %s", t.Info.Title, t.show.SeatsTextIn(l), rulesNote(l, t), mention(t.Row.OwnerID)) + "\n")
	for s := 0; s < t.Info.MaxSeats; s++ {
		fmt.Fprintf(&sb, "\n%d. ", s+1)
		if s < len(t.Row.Players) {
			sb.WriteString(playerName(l, t.Row.Players[s]))
		} else {
			sb.WriteString(words.T(l, "*empty*"))
		}
	}
	sb.WriteString("\n\n")
	if t.Info.MinSeats == t.Info.MaxSeats {
		sb.WriteString(words.T(l, "Join to take a seat. The opener starts the game; empty seats are then taken by computer players."))
	} else {
		sb.WriteString(words.T(l, "Join to take a seat. The opener starts the game; it needs %d players (computer players make up the number).", t.Info.MinSeats))
	}
	id := func(a byte) string { return buttonID{Table: t.Row.ID, Action: a}.String() }
	full := len(t.Row.Players) >= t.Info.MaxSeats
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: words.T(l, "Join"), Style: discordgo.PrimaryButton, CustomID: id(actJoin), Disabled: full},
		discordgo.Button{Label: words.T(l, "Leave"), Style: discordgo.SecondaryButton, CustomID: id(actLeave)},
		discordgo.Button{Label: words.T(l, "Add computer player"), Style: discordgo.SecondaryButton, CustomID: id(actAddAI), Disabled: full},
		discordgo.Button{Label: words.T(l, "Start"), Style: discordgo.SuccessButton, CustomID: id(actStart)},
	}
	var levels discordgo.MessageComponent
	if t.Info.HasLevels() {
		// A level is chosen as the computer player is added: a menu in
		// place of the button.
		buttons = append(buttons[:2], buttons[3])
		var choices []discordgo.SelectMenuOption
		for _, lv := range games.Levels {
			choices = append(choices, discordgo.SelectMenuOption{Label: words.T(l, "Computer player: %s", levelWord(l, lv)), Value: lv.String(),
				Description: levelText(l, lv)})
		}
		levels = discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(actAddAI), Placeholder: words.T(l, "Add a computer player…"), Options: choices, Disabled: full,
		}}}
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	if levels != nil {
		rows = append(rows, levels)
	}
	var opts []discordgo.SelectMenuOption
	for _, p := range t.Row.Players {
		if p.UserID != t.Row.OwnerID {
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%d. %s", p.Seat+1, plainName(l, p)), Value: strconv.Itoa(p.Seat)})
		}
	}
	if len(opts) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(actKick), Placeholder: words.T(l, "The opener may remove a player…"), Options: opts,
		}}})
	}
	return v2Message(accentLobby, sb.String(), nil, rows)
}

// levelText says what a level of computer player is like, in l.
func levelText(l lang.Lang, lv games.Level) string {
	switch lv {
	case games.Easy:
		return words.T(l, "Plays loosely: a gentle opponent")
	case games.Hard:
		return words.T(l, "Thinks ahead over the cards it may not see")
	}
	return words.T(l, "The standard computer player")
}

// levelWord names a level in l.
func levelWord(l lang.Lang, lv games.Level) string {
	switch lv {
	case games.Easy:
		return words.T(l, "easy")
	case games.Hard:
		return words.T(l, "hard")
	}
	return words.T(l, "normal")
}

// playerName is a seated player as the channel shows them.
func playerName(l lang.Lang, p store.Player) string {
	if p.Computer {
		return plainName(l, p)
	}
	return mention(p.UserID)
}

// plainName is a player's name as text (select menus show no mentions); a
// computer player's level is said unless it is normal.
func plainName(l lang.Lang, p store.Player) string {
	switch {
	case p.Computer && p.Level != games.Normal:
		return "🤖 " + p.Name + " (" + levelWord(l, p.Level) + ")"
	case p.Computer:
		return "🤖 " + p.Name
	}
	return p.Name
}

// The routes' lobby handlers (routes.go): each makes one click's change
// from the lobby as the table has it, the table locked; play.ErrMovedOn
// when the store's lobby had moved on (the table is then the store's, and
// the click is tried again: click.go's inLobby).

// join seats the clicker.
func (b *Bot) join(ctx context.Context, c click) (reply, error) {
	switch {
	case c.seated:
		return c.refuse("You are already seated at this table."), nil
	case len(c.t.Row.Players) >= c.t.Info.MaxSeats:
		return c.refuse("This table is full."), nil
	}
	return b.reseat(ctx, c.t, append(c.players(), store.Player{UserID: discord.UserOf(c.i).ID, Name: displayName(c.i)}))
}

// leave takes the clicker out; the opener leaving closes the lobby.
func (b *Bot) leave(ctx context.Context, c click) (reply, error) {
	user := discord.UserOf(c.i).ID
	switch {
	case !c.seated:
		return c.refuse("You are not seated at this table."), nil
	case user == c.t.Row.OwnerID:
		return b.closeLobby(ctx, c.t)
	}
	return b.reseat(ctx, c.t, removePlayer(c.players(), func(p store.Player) bool { return p.UserID == user }))
}

// addComputer seats a computer player of the level chosen in the menu
// (normal from a button).
func (b *Bot) addComputer(ctx context.Context, c click) (reply, error) {
	if len(c.t.Row.Players) >= c.t.Info.MaxSeats {
		return c.refuse("This table is full."), nil
	}
	level, err := games.ParseLevel(menuValue(c.i, c.id))
	if err != nil && menuValue(c.i, c.id) != "" {
		return c.refuse("There is no such computer player: choose easy, normal or hard."), nil
	}
	return b.reseat(ctx, c.t, append(c.players(), store.Player{Computer: true, Level: level}))
}

// removeSeat takes out the player the opener chose.
func (b *Bot) removeSeat(ctx context.Context, c click) (reply, error) {
	players := c.players()
	seat, err := strconv.Atoi(menuValue(c.i, c.id))
	if err != nil || seat <= 0 || seat >= len(players) {
		return c.refuse("There is nobody to remove there."), nil
	}
	return b.reseat(ctx, c.t, removePlayer(players, func(p store.Player) bool { return p.Seat == seat }))
}

// players is a copy of the lobby's players, to change.
func (c click) players() []store.Player { return append([]store.Player(nil), c.t.Row.Players...) }

// reseat saves the lobby's new seating and redraws the lobby message.
func (b *Bot) reseat(ctx context.Context, t *table, players []store.Player) (reply, error) {
	if err := t.SetPlayers(ctx, play.Seat(players)); err != nil {
		return reply{}, err
	}
	b.armLobbyClock(ctx, t)
	b.changed(t.Row.ID)
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: b.lobbyMessage(t)}), nil
}

// menuValue is what the opener chose in a lobby's menu (the seat to
// remove, the level of a computer player): the menu's value, or "" for a
// button.
func menuValue(i *discordgo.Interaction, id buttonID) string {
	if v := i.MessageComponentData().Values; len(v) == 1 {
		return v[0]
	}
	return id.Arg
}

// removePlayer is ps without the players drop picks.
func removePlayer(ps []store.Player, drop func(store.Player) bool) []store.Player {
	var out []store.Player
	for _, p := range ps {
		if !drop(p) {
			out = append(out, p)
		}
	}
	return out
}

// closeLobby ends a lobby that its opener left.
func (b *Bot) closeLobby(ctx context.Context, t *table) (reply, error) {
	if err := b.close(ctx, t); err != nil {
		return reply{}, err
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: textMessage(accentLobby, words.T(b.tableLang(t.Row), "**%s** · the table was closed by its opener.", t.Info.Title))}), nil
}

// startGame deals: it fills empty seats with computer players, saves the
// seating and turns the lobby message into the table; then everyone is
// brought up to date (hands by DM).
func (b *Bot) startGame(ctx context.Context, c click) (reply, error) {
	t := c.t
	if err := t.Start(ctx, play.Fill(t.Info, t.Row.Players)); err != nil {
		if errors.Is(err, play.ErrMovedOn) {
			return reply{}, err
		}
		b.log.Error("starting a game failed", "table", t.Row.ID, "err", err)
		return respond(private(words.T(b.playerLang(t.Row.OwnerID), "I couldn't start the game just now: try again."))), nil
	}
	return b.dealt(ctx, t, discordgo.InteractionResponseUpdateMessage), nil
}

// dealt follows a lobby's start (t.Start, saved): computer players move,
// and the answer of type typ (the lobby message updated, or a new one)
// shows the table; then everyone is brought up to date (hands by DM).
func (b *Bot) dealt(ctx context.Context, t *table, typ discordgo.InteractionResponseType) reply {
	b.clearTimer(ctx, t, timerLobby)
	b.changed(t.Row.ID)
	b.log.Info("game started", "table", t.Row.ID, "game", t.Info.Name, "players", t.Row.Seats)
	b.playComputers(ctx, t)
	data, err := b.message(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		return respond(private(words.T(b.playerLang(t.Row.OwnerID), "I couldn't draw the table: try again.")))
	}
	return reply{resp: &discordgo.InteractionResponse{Type: typ, Data: data}, then: b.after(t, nil)}
}

// armLobbyClock (re)starts a lobby's wait: nobody started it within the
// lobby timeout, it is closed. t is locked.
func (b *Bot) armLobbyClock(ctx context.Context, t *table) {
	if b.lobbyTimeout > 0 {
		b.setTimer(ctx, t, timerLobby, b.lobbyTimeout)
	}
}
