package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// A multiplayer table opens as a lobby: players join, the opener may add
// computer players or remove players, and Start deals. The lobby lives in
// the store like any session (status "lobby"), so it survives a restart.

// openLobby answers /play for a multiplayer game.
func (b *Bot) openLobby(i *discordgo.Interaction, info games.Info, deal uint64) (*discordgo.InteractionResponse, func(error)) {
	ctx := context.Background()
	user := userOf(i)
	sess := store.Session{
		Game: info.Name, Deal: deal, Seats: info.MaxSeats, GuildID: i.GuildID, ChannelID: i.ChannelID, OwnerID: user.ID,
		Players: []store.Player{{Seat: 0, UserID: user.ID, Name: displayName(i)}}, Status: store.StatusLobby,
	}
	id, err := b.store.CreateSession(ctx, sess)
	if err != nil {
		b.log.Error("creating a lobby failed", "err", err)
		return private("I couldn't open a table just now (the records are busy): try again."), nil
	}
	sess.ID = id
	t := &table{sess: sess, info: info}
	b.mu.Lock()
	b.tables[id] = t
	b.mu.Unlock()
	b.log.Info("lobby opened", "table", id, "game", info.Name, "guild", i.GuildID, "user", user.ID)
	t.mu.Lock()
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: b.lobbyMessage(t)},
		b.rememberMessage(i, t)
}

// rememberMessage returns the after-answer step of a new table message: it
// stores where the message is (to redraw it later) and unlocks the table. A
// table whose message never appeared is closed again.
func (b *Bot) rememberMessage(i *discordgo.Interaction, t *table) func(error) {
	ctx := context.Background()
	return func(err error) {
		defer t.mu.Unlock()
		if err != nil {
			b.mu.Lock()
			delete(b.tables, t.sess.ID)
			b.mu.Unlock()
			_ = b.store.SetStatus(ctx, t.sess.ID, store.StatusAbandoned)
			return
		}
		if m, err := b.originalMessage(i); err == nil {
			t.sess.MessageID, t.sess.ChannelID = m.ID, m.ChannelID
			if err := b.store.SetMessage(ctx, t.sess.ID, m.ChannelID, m.ID); err != nil {
				b.log.Warn("saving the table's message failed", "table", t.sess.ID, "err", err)
			}
		}
	}
}

// lobbyMessage is the lobby: who sits where, and the lobby's buttons.
func (b *Bot) lobbyMessage(t *table) *discordgo.InteractionResponseData {
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · a table for %s, opened by <@%s>\n", t.info.Title, seatCount(t.info), t.sess.OwnerID)
	for s := 0; s < t.info.MaxSeats; s++ {
		fmt.Fprintf(&sb, "\n%d. ", s+1)
		if s < len(t.sess.Players) {
			sb.WriteString(playerName(t.sess.Players[s]))
		} else {
			sb.WriteString("*empty*")
		}
	}
	sb.WriteString("\n\nJoin to take a seat. The opener starts the game; ")
	if t.info.MinSeats == t.info.MaxSeats {
		sb.WriteString("empty seats are then taken by computer players.")
	} else {
		fmt.Fprintf(&sb, "it needs %d players (computer players make up the number).", t.info.MinSeats)
	}
	id := func(a byte) string { return buttonID{Table: t.sess.ID, Action: a}.String() }
	full := len(t.sess.Players) >= t.info.MaxSeats
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: id(actJoin), Disabled: full},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(actLeave)},
		discordgo.Button{Label: "Add computer player", Style: discordgo.SecondaryButton, CustomID: id(actAddAI), Disabled: full},
		discordgo.Button{Label: "Start", Style: discordgo.SuccessButton, CustomID: id(actStart)},
	}}}
	var opts []discordgo.SelectMenuOption
	for _, p := range t.sess.Players {
		if p.UserID != t.sess.OwnerID {
			opts = append(opts, discordgo.SelectMenuOption{Label: truncate(fmt.Sprintf("%d. %s", p.Seat+1, plainName(p)), 90), Value: strconv.Itoa(p.Seat)})
		}
	}
	if len(opts) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(actKick), Placeholder: "The opener may remove a player…", Options: opts,
		}}})
	}
	return &discordgo.InteractionResponseData{Content: sb.String(), Components: rows, Attachments: &[]*discordgo.MessageAttachment{}}
}

func seatCount(info games.Info) string {
	if info.MinSeats == info.MaxSeats {
		return fmt.Sprintf("%d players", info.MinSeats)
	}
	return fmt.Sprintf("%d–%d players", info.MinSeats, info.MaxSeats)
}

// playerName is a seated player as the channel shows them.
func playerName(p store.Player) string {
	if p.Computer {
		return "🤖 " + p.Name
	}
	return "<@" + p.UserID + ">"
}

// plainName is a player's name as text (select menus show no mentions).
func plainName(p store.Player) string {
	if p.Computer {
		return "🤖 " + p.Name
	}
	return p.Name
}

// computerNames name the computer players, seat by seat.
var computerNames = []string{"Ace", "Bond", "Cipher", "Dagger", "Echo"}

// onLobbyClick handles the lobby's buttons; t is locked by the caller.
func (b *Bot) onLobbyClick(i *discordgo.Interaction, t *table, id buttonID) (*discordgo.InteractionResponse, bool) {
	ctx := context.Background()
	user := userOf(i)
	_, seated := t.seatOf(user.ID)
	owner := user.ID == t.sess.OwnerID
	players := append([]store.Player(nil), t.sess.Players...)
	switch id.Action {
	case actJoin:
		if seated {
			return private("You are already seated at this table."), false
		}
		if len(players) >= t.info.MaxSeats {
			return private("This table is full."), false
		}
		players = append(players, store.Player{UserID: user.ID, Name: displayName(i)})
	case actLeave:
		if !seated {
			return private("You are not seated at this table."), false
		}
		if owner {
			b.closeTable(ctx, t)
			return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
				Content: fmt.Sprintf("**%s** · the table was closed by its opener.", t.info.Title), Components: []discordgo.MessageComponent{},
				Attachments: &[]*discordgo.MessageAttachment{},
			}}, false
		}
		players = removePlayer(players, func(p store.Player) bool { return p.UserID == user.ID })
	case actAddAI, actKick, actStart:
		if !owner {
			return private("Only the table's opener, <@" + t.sess.OwnerID + ">, can do that."), false
		}
		switch id.Action {
		case actAddAI:
			if len(players) >= t.info.MaxSeats {
				return private("This table is full."), false
			}
			players = append(players, store.Player{Computer: true})
		case actKick:
			arg := id.Arg
			if i.Type == discordgo.InteractionMessageComponent {
				if v := i.MessageComponentData().Values; len(v) == 1 {
					arg = v[0]
				}
			}
			seat, err := strconv.Atoi(arg)
			if err != nil || seat <= 0 || seat >= len(players) {
				return private("There is nobody to remove there."), false
			}
			players = removePlayer(players, func(p store.Player) bool { return p.Seat == seat })
		case actStart:
			return b.startGame(ctx, t), true
		}
	default:
		return private("The game has not started yet."), false
	}
	players = renumber(players)
	if err := b.store.SetPlayers(ctx, t.sess.ID, players); err != nil {
		b.log.Error("saving the lobby failed", "table", t.sess.ID, "err", err)
		return private("I couldn't save that just now: try again."), false
	}
	t.sess.Players = players
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: b.lobbyMessage(t)}, false
}

func removePlayer(ps []store.Player, drop func(store.Player) bool) []store.Player {
	var out []store.Player
	for _, p := range ps {
		if !drop(p) {
			out = append(out, p)
		}
	}
	return out
}

// renumber seats players in order and names the computer players.
func renumber(ps []store.Player) []store.Player {
	for s := range ps {
		ps[s].Seat = s
		if ps[s].Computer {
			ps[s].Name = computerNames[s%len(computerNames)]
		}
	}
	return ps
}

// closeTable ends a lobby that its opener left.
func (b *Bot) closeTable(ctx context.Context, t *table) {
	if err := b.store.Finish(ctx, t.sess.ID, store.StatusAbandoned, nil); err != nil {
		b.log.Warn("closing a table failed", "table", t.sess.ID, "err", err)
	}
	b.mu.Lock()
	delete(b.tables, t.sess.ID)
	b.mu.Unlock()
}

// startGame deals: it fills empty seats with computer players, saves the
// seating and turns the lobby message into the table.
func (b *Bot) startGame(ctx context.Context, t *table) *discordgo.InteractionResponse {
	players := append([]store.Player(nil), t.sess.Players...)
	target := len(players)
	if target < t.info.MinSeats {
		target = t.info.MinSeats
	}
	if t.info.MinSeats == t.info.MaxSeats {
		target = t.info.MaxSeats
	}
	for len(players) < target {
		players = append(players, store.Player{Computer: true})
	}
	players = renumber(players)
	g, err := b.games.New(t.info.Name, t.sess.Deal, len(players))
	if err != nil {
		return private("I couldn't deal: " + err.Error())
	}
	if err := b.store.StartSession(ctx, t.sess.ID, len(players), players); err != nil {
		b.log.Error("starting a game failed", "table", t.sess.ID, "err", err)
		return private("I couldn't start the game just now: try again.")
	}
	t.sess.Players, t.sess.Seats, t.sess.Status, t.game = players, len(players), store.StatusPlaying, g
	b.log.Info("game started", "table", t.sess.ID, "game", t.info.Name, "players", len(players))
	b.playComputers(ctx, t)
	data, err := b.tableMessage(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.sess.ID, "err", err)
		return private("I couldn't draw the table: try again.")
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
}
