package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// play opens a new table: /play game:<name> [deal:<n>].
func (b *Bot) play(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) (*discordgo.InteractionResponse, func(error)) {
	ctx := context.Background()
	if i.GuildID == "" {
		return private("Tables are dealt in a server's channels: use /play there."), nil
	}
	// Options are read by their type: discordgo's StringValue and IntValue
	// panic on an option of another type (an out-of-date command list), and
	// the interaction would go unanswered.
	info, ok := b.games.Lookup(optString(opts, "game"))
	if !ok || !hosted(info.Name) {
		return private("I can't deal that game here. See /rules for the games I know."), nil
	}
	deal := b.newDeal()
	if o := opts["deal"]; o != nil {
		n, isInt := o.Value.(float64)
		if o.Type != discordgo.ApplicationCommandOptionInteger || !isInt || n < 1 || n > 1e15 || n != float64(int64(n)) {
			return private("A deal number is a whole number from 1."), nil
		}
		deal = uint64(n)
	}
	if !info.Solitaire() {
		return b.openLobby(i, info, deal)
	}
	user := userOf(i)
	g, err := b.games.New(info.Name, deal, 1)
	if err != nil {
		return private("I couldn't deal that: " + err.Error()), nil
	}
	sess := store.Session{
		Game: info.Name, Deal: deal, Seats: 1, GuildID: i.GuildID, ChannelID: i.ChannelID, OwnerID: user.ID,
		Players: []store.Player{{Seat: 0, UserID: user.ID, Name: displayName(i)}}, Status: "playing",
	}
	id, err := b.store.CreateSession(ctx, sess)
	if err != nil {
		b.log.Error("creating a table failed", "err", err)
		return private("I couldn't open a table just now (the records are busy): try again."), nil
	}
	sess.ID = id
	t := &table{sess: sess, info: info, game: g}
	t.mu.Lock() // held until the table message exists, so clicks wait for it
	b.mu.Lock()
	b.tables[id] = t
	b.mu.Unlock()
	data, err := b.tableMessage(t, "")
	if err != nil {
		t.mu.Unlock()
		b.log.Error("drawing a table failed", "table", id, "err", err)
		return private("I couldn't draw the table: try again."), nil
	}
	b.log.Info("table opened", "table", id, "game", info.Name, "deal", deal, "guild", i.GuildID, "user", user.ID)
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
	return resp, func(err error) {
		defer t.mu.Unlock()
		if err != nil {
			// No table message came of it: close the table again.
			b.mu.Lock()
			delete(b.tables, id)
			b.mu.Unlock()
			_ = b.store.SetStatus(ctx, id, "abandoned")
			return
		}
		// Remember where the table lives, to redraw it after a restart.
		if m, err := b.originalMessage(i); err == nil {
			t.sess.MessageID = m.ID
			if err := b.store.SetMessage(ctx, id, m.ChannelID, m.ID); err != nil {
				b.log.Warn("saving the table's message failed", "table", id, "err", err)
			}
		}
	}
}

// onClick handles a button on a table.
func (b *Bot) onClick(i *discordgo.Interaction) (*discordgo.InteractionResponse, func(error)) {
	ctx := context.Background()
	id, err := parseButtonID(i.MessageComponentData().CustomID)
	if err != nil {
		b.log.Warn("forged or unknown button", "user", userOf(i).ID, "custom_id", truncate(i.MessageComponentData().CustomID, 120))
		return private("That button isn't one of mine. Use the buttons on a table's latest message."), nil
	}
	t := b.table(id.Table)
	if t == nil {
		return private("This game is over or no longer at the table. Deal a new one with `/play`."), nil
	}
	t.mu.Lock()
	locked := true
	defer func() {
		if locked {
			t.mu.Unlock()
		}
	}()
	if b.gone(i) {
		// It waited for the table past its 3 s: making the move now would
		// change the table without anyone seeing it, and delay the clicks
		// queued behind it. Discord tells the player it failed.
		return nil, nil
	}
	if !t.info.Solitaire() {
		if t.game != nil && isLobbyAction(id.Action) {
			// A lobby button on a game that has started: the lobby message
			// never became the table (the bot was killed between saving the
			// start and answering). Redraw it as the table, with My hand.
			go b.repair(t, 0)
			return private("The game has started: use **My hand** on the table."), nil
		}
		resp, after := b.onMultiClick(i, t, id)
		locked = false
		return resp, func(err error) {
			defer t.mu.Unlock()
			if after != nil {
				after(err)
			}
		}
	}
	user := userOf(i)
	seat, seated := t.seatOf(user.ID)
	switch {
	case t.game.Status().Finished():
		return private("This game is over. Deal a new one with `/play`."), nil
	case !seated && t.info.Solitaire():
		return private("This is <@" + t.sess.OwnerID + ">'s game. Deal your own with `/play`."), nil
	case !seated:
		return private("You are not seated at this table."), nil
	case id.Version != t.game.Moves():
		if i.Message != nil && i.Message.ID == t.sess.MessageID && shownVersion(i.Message) < t.game.Moves() {
			// The table message itself is behind the log: a move was saved
			// but its answer never went out (the bot was killed in between,
			// or Discord failed it and the redraw too). Redraw it, or every
			// button on it stays refused as stale.
			go b.repair(t, 0)
		}
		return private("That was an old picture of the table: it has moved on since. Use the buttons on its latest message."), nil
	}
	selected := ""
	switch id.Action {
	case actHint:
		if t.info.Solve == nil {
			return private("This game has no hints."), nil
		}
		resp, err := b.hint(t)
		if err != nil {
			b.log.Error("a hint failed", "table", t.sess.ID, "err", err)
			return private("I couldn't work out a hint: try again."), nil
		}
		locked = false
		return resp, func(error) { t.mu.Unlock() }
	case actSelect:
		if m, ok := strings.CutPrefix(id.Arg, "confirm:"); ok {
			if !games.IsLegal(t.game, seat, m) {
				return private("You can't do that now."), nil
			}
		} else if _, dests := layouts[t.info.Name].movesFrom(legalStrings(t.game, seat), id.Arg); len(dests) == 0 {
			return private("Nothing can move from there now."), nil
		}
		selected = id.Arg
	case actMove:
		if !games.IsLegal(t.game, seat, id.Arg) {
			return private("That move isn't possible now."), nil
		}
		if err := b.apply(ctx, t, seat, id.Arg); err != nil {
			return private(err.Error()), nil
		}
		t.notice = ""
	}
	data, err := b.tableMessage(t, selected)
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.sess.ID, "err", err)
		return private("I couldn't draw the table: try again."), nil
	}
	// The lock is held until the answer is out, so that answers about one
	// table reach Discord in the order of its moves.
	locked = false
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
	return resp, func(err error) {
		defer t.mu.Unlock()
		if err != nil && id.Action == actMove {
			// The move is saved but the picture is behind: redraw it, or the
			// next click would be refused as stale.
			go b.repair(t, 2*time.Second)
		}
	}
}

// repair redraws a table's message after a failed answer, waiting first for
// a rate limit to pass.
func (b *Bot) repair(t *table, wait time.Duration) {
	defer b.recover("repair")
	time.Sleep(wait)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sess.MessageID == "" || t.game == nil {
		return
	}
	data, err := b.tableMessage(t, "")
	if err != nil {
		return
	}
	_, err = b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: t.sess.MessageID, Channel: t.sess.ChannelID,
		Content: &data.Content, Components: &data.Components, Files: data.Files, Attachments: data.Attachments,
		AllowedMentions: noMentions,
	})
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		go b.repair(t, rl.RetryAfter)
		return
	}
	if err != nil {
		b.log.Warn("redrawing a table failed", "table", t.sess.ID, "err", err)
	}
}

func legalStrings(g games.Game, seat games.Seat) []string {
	var out []string
	for _, m := range g.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
