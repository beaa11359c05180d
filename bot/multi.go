package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// A multiplayer table has one public message in the channel (the table as
// a spectator sees it, with a "My hand" button) and a private message per
// human player: by DM, or privately in the channel from "My hand" when DMs
// are closed. Private pictures and buttons are built only from that seat's
// own view, so no hand can leak into another player's message.

// control is one private button: a move, labelled.
type control struct {
	label   string
	move    string
	style   discordgo.ButtonStyle
	enabled bool
}

// privateSpec is what a multiplayer game shows a player privately.
type privateSpec struct {
	// picture draws the seat's private picture (its hand) from its view.
	picture func(b *Bot, view any, names []string, legal []string) ([]byte, error)
	// controls lays out the seat's buttons, at most four rows of five.
	controls func(view any, legal []string) [][]control
	// line states the seat's private facts in words ("Your agent: …").
	line func(view any, names []string) string
	// rounds lists the scores of every finished round (deal) so far, for
	// the store's per-deal records; nil when the game has no rounds.
	rounds func(view any) [][]int
	// tree, when set, makes the seat's buttons the move tree (tree.go)
	// instead of controls: it labels a next word, given the words so far.
	tree func(view any, names []string, prefix []string, word string) string
}

// names lists the players' names by seat, as pictures show them.
func (t *table) names() []string {
	out := make([]string, t.sess.Seats)
	for _, p := range t.sess.Players {
		if p.Seat < len(out) {
			out[p.Seat] = p.Name
		}
	}
	return out
}

// player returns the player at seat.
func (t *table) player(seat games.Seat) store.Player {
	for _, p := range t.sess.Players {
		if p.Seat == int(seat) {
			return p
		}
	}
	return store.Player{Seat: int(seat)}
}

// playComputers lets computer players move while one is to act. Each move is
// saved like any other.
func (b *Bot) playComputers(ctx context.Context, t *table) {
	for steps := 0; steps < 10000 && !t.game.Status().Finished(); steps++ {
		act := t.game.ToAct()
		if len(act) == 0 || !t.player(act[0]).Computer {
			return
		}
		m := t.info.Computer(t.game, act[0])
		if err := b.apply(ctx, t, act[0], m.String()); err != nil {
			b.log.Error("a computer player's move failed", "table", t.sess.ID, "seat", act[0], "move", m, "err", err)
			return
		}
	}
}

// multiCaption is the channel table's text.
func (b *Bot) multiCaption(t *table) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · deal #%d · move %d", t.info.Title, t.sess.Deal, t.game.Moves())
	if t.notice != "" {
		sb.WriteString("\n" + t.notice)
	}
	if t.game.Status().Finished() {
		var w []string
		for _, s := range t.game.Winners() {
			w = append(w, playerName(t.player(s)))
		}
		fmt.Fprintf(&sb, "\n🏆 **Game over.** Winner: %s. Totals: %s.", strings.Join(w, ", "), b.totals(t))
		return sb.String()
	}
	var who []string
	for _, s := range t.game.ToAct() {
		who = append(who, playerName(t.player(s)))
	}
	fmt.Fprintf(&sb, "\nTo play: %s. Totals: %s.\nSeated players: your cards are in your DMs, or under **My hand**.", strings.Join(who, ", "), b.totals(t))
	return sb.String()
}

func (b *Bot) totals(t *table) string {
	var parts []string
	for s, v := range t.game.Scores() {
		parts = append(parts, fmt.Sprintf("%s %d", plainName(t.player(games.Seat(s))), v))
	}
	return strings.Join(parts, " · ")
}

// multiMessage is the channel table: the spectator's picture and My hand.
func (b *Bot) multiMessage(t *table) (*discordgo.InteractionResponseData, error) {
	png, err := b.picture(t, games.Spectator, "")
	if err != nil {
		return nil, err
	}
	var comps []discordgo.MessageComponent
	if !t.game.Status().Finished() {
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "My hand", Style: discordgo.PrimaryButton, CustomID: buttonID{Table: t.sess.ID, Action: actHand}.String()},
		}}}
	}
	return &discordgo.InteractionResponseData{
		Content:     b.multiCaption(t),
		Components:  comps,
		Files:       []*discordgo.File{{Name: fmt.Sprintf("%s-%d-%d.png", t.info.Name, t.sess.Deal, t.game.Moves()), ContentType: "image/png", Reader: bytes.NewReader(png)}},
		Attachments: &[]*discordgo.MessageAttachment{},
	}, nil
}

// privateMessage is what seat alone sees: its picture, its facts in words
// and its buttons (enabled only while it may act).
func (b *Bot) privateMessage(t *table, seat games.Seat, prefix ...string) (*discordgo.InteractionResponseData, error) {
	spec := privates[t.info.Name]
	view := t.game.View(seat)
	legal := legalStrings(t.game, seat)
	names := t.names()
	png, err := spec.picture(b, view, names, legal)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · table #%d in <#%s> · move %d\n%s", t.info.Title, t.sess.ID, t.sess.ChannelID, t.game.Moves(), spec.line(view, names))
	switch {
	case t.game.Status().Finished():
		sb.WriteString("\nThe game is over: see the table for the result.")
	case len(legal) > 0 && spec.tree != nil && len(prefix) > 0:
		fmt.Fprintf(&sb, "\n**Your turn.** So far: `%s`", strings.Join(prefix, " "))
	case len(legal) > 0:
		sb.WriteString("\n**Your turn.**")
	default:
		var who []string
		for _, s := range t.game.ToAct() {
			who = append(who, plainName(t.player(s)))
		}
		fmt.Fprintf(&sb, "\nWaiting for %s.", strings.Join(who, ", "))
	}
	var rows []discordgo.MessageComponent
	if spec.tree != nil && len(legal) > 0 {
		step := walkTree(legal, prefix)
		rows = treeControls(t.sess.ID, t.game.Moves(), step, func(p []string, w string) string { return spec.tree(view, names, p, w) })
	} else if !t.game.Status().Finished() && spec.controls != nil {
		version := t.game.Moves()
		for _, r := range spec.controls(view, legal) {
			var row []discordgo.MessageComponent
			for _, c := range r {
				row = append(row, discordgo.Button{
					Label: c.label, Style: c.style, Disabled: !c.enabled,
					CustomID: buttonID{Table: t.sess.ID, Version: version, Action: actMove, Arg: c.move}.String(),
				})
			}
			if len(row) > 0 {
				rows = append(rows, discordgo.ActionsRow{Components: row})
			}
		}
	}
	return &discordgo.InteractionResponseData{
		Content:     sb.String(),
		Components:  rows,
		Files:       []*discordgo.File{{Name: "hand.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		Attachments: &[]*discordgo.MessageAttachment{},
	}, nil
}

// onMultiClick handles a click on a multiplayer table; t is locked and will
// stay locked until after runs.
func (b *Bot) onMultiClick(i *discordgo.Interaction, t *table, id buttonID) (*discordgo.InteractionResponse, func(error)) {
	ctx := context.Background()
	user := userOf(i)
	seat, seated := t.seatOf(user.ID)
	switch {
	case t.game == nil:
		resp, started := b.onLobbyClick(i, t, id)
		if !started {
			return resp, nil
		}
		return resp, func(err error) {
			if t.game != nil {
				b.afterChange(ctx, t, nil)
			}
		}
	case !seated:
		return private("You are not seated at this table: you can watch it here."), nil
	case t.game.Status().Finished():
		return private("This game is over. Deal a new one with `/play`."), nil
	case id.Action == actHand:
		data, err := b.privateMessage(t, seat)
		if err != nil {
			b.log.Error("drawing a hand failed", "table", t.sess.ID, "err", err)
			return private("I couldn't draw your hand: try again."), nil
		}
		data.Flags = discordgo.MessageFlagsEphemeral
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, nil
	case id.Action != actMove && id.Action != actPick:
		return private("That button isn't one of mine. Use the buttons on your latest hand."), nil
	case id.Version != t.game.Moves():
		return private("That was an old hand: the game has moved on since. Use **My hand** or your latest DM."), nil
	}
	move := id.Arg
	if id.Action == actPick {
		var prefix []string
		move, prefix = b.pick(i, t, seat, id)
		if move == "" {
			if prefix == nil {
				return private("That choice isn't possible now."), nil
			}
			data, err := b.privateMessage(t, seat, prefix...)
			if err != nil {
				return private("I couldn't draw your hand: try again."), nil
			}
			return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, nil
		}
	}
	if !games.IsLegal(t.game, seat, move) {
		return private("You can't play that now."), nil
	}
	before := b.snapshot(t)
	if err := b.apply(ctx, t, seat, move); err != nil {
		return private(err.Error()), nil
	}
	t.notice = ""
	b.playComputers(ctx, t)
	data, err := b.privateMessage(t, seat)
	if err != nil {
		return private("Played. (I couldn't draw your hand.)"), func(error) { b.afterChange(ctx, t, before) }
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data},
		func(error) { b.afterChange(ctx, t, before) }
}

// pick follows a choice in the move tree. It returns the move when the
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
	legal := legalStrings(t.game, seat)
	step := walkTree(legal, prefix)
	if !equalWords(step.prefix, prefix) || !contains(step.options, values[0]) {
		return "", nil
	}
	if values[0] == treeEnd {
		return strings.Join(prefix, " "), nil
	}
	next := walkTree(legal, append(prefix, values[0]))
	if next.move != "" {
		return next.move, nil
	}
	return "", next.prefix
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
	if t.game == nil {
		return out
	}
	spec := privates[t.info.Name]
	names := t.names()
	for s := 0; s < t.sess.Seats; s++ {
		seat := games.Seat(s)
		out[seat] = seatState{games.CanAct(t.game, seat), spec.line(t.game.View(seat), names)}
	}
	return out
}

// afterChange brings everyone up to date after moves: the channel table is
// redrawn, a player whose turn has come (or whose hand is new) gets a DM,
// finished rounds are recorded, and the turn clock restarts. before is nil
// when the game has just been dealt.
func (b *Bot) afterChange(ctx context.Context, t *table, before map[games.Seat]seatState) {
	b.recordRounds(ctx, t)
	if data, err := b.multiMessage(t); err == nil && t.sess.MessageID != "" {
		b.editTable(t, data)
	}
	if t.game.Status().Finished() {
		return
	}
	for seat, now := range b.snapshot(t) {
		if t.player(seat).Computer {
			continue
		}
		was, known := before[seat]
		if !known || (now.canAct && !was.canAct) || now.line != was.line {
			b.sendHand(t, seat)
		}
	}
	b.armTurnClock(t)
}

// editTable replaces the channel table message.
func (b *Bot) editTable(t *table, data *discordgo.InteractionResponseData) {
	_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: t.sess.MessageID, Channel: t.sess.ChannelID,
		Content: &data.Content, Components: &data.Components, Files: data.Files, Attachments: data.Attachments,
		AllowedMentions: noMentions,
	}, discordgo.WithRetryOnRatelimit(false))
	if err != nil {
		b.log.Warn("redrawing a table failed", "table", t.sess.ID, "err", err)
		var rl *discordgo.RateLimitError
		if errors.As(err, &rl) {
			go b.repair(t, rl.RetryAfter)
		}
	}
}

// sendHand sends seat its private message by DM. If the player's DMs are
// closed, the channel is told (without a card in it) to use My hand.
func (b *Bot) sendHand(t *table, seat games.Seat) {
	p := t.player(seat)
	if t.dmClosed[seat] {
		return
	}
	data, err := b.privateMessage(t, seat)
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.sess.ID, "err", err)
		return
	}
	chID, err := b.dmChannel(p.UserID)
	if err == nil {
		_, err = b.s.ChannelMessageSendComplex(chID, &discordgo.MessageSend{
			Content: data.Content, Components: data.Components, Files: data.Files, AllowedMentions: noMentions,
		}, discordgo.WithRetryOnRatelimit(false))
	}
	var rest *discordgo.RESTError
	switch {
	case err == nil:
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		if t.dmClosed == nil {
			t.dmClosed = map[games.Seat]bool{}
		}
		t.dmClosed[seat] = true
		b.log.Info("a player's DMs are closed", "table", t.sess.ID, "seat", seat)
		_, err := b.s.ChannelMessageSendComplex(t.sess.ChannelID, &discordgo.MessageSend{
			Content:         fmt.Sprintf("<@%s>, I can't send you direct messages, so your cards stay here: click **My hand** on the %s table to see them and play.", p.UserID, t.info.Title),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{p.UserID}},
		})
		if err != nil {
			b.log.Warn("telling a player about closed DMs failed", "table", t.sess.ID, "err", err)
		}
	default:
		b.log.Warn("sending a hand by DM failed", "table", t.sess.ID, "seat", seat, "err", err)
	}
}

// dmChannel returns the DM channel with a user, asking Discord once per
// user (every DM channel request shares one process-wide rate limit).
func (b *Bot) dmChannel(userID string) (string, error) {
	b.mu.Lock()
	id, ok := b.dms[userID]
	b.mu.Unlock()
	if ok {
		return id, nil
	}
	ch, err := b.s.UserChannelCreate(userID)
	if err != nil {
		return "", err
	}
	b.mu.Lock()
	b.dms[userID] = ch.ID
	b.mu.Unlock()
	return ch.ID, nil
}

// recordRounds stores the scores of rounds finished since the last record.
func (b *Bot) recordRounds(ctx context.Context, t *table) {
	spec := privates[t.info.Name]
	if spec.rounds == nil {
		return
	}
	rounds := spec.rounds(t.game.View(games.Spectator))
	for r := t.roundsSaved; r < len(rounds); r++ {
		if err := b.store.RecordRound(ctx, t.sess.ID, r, rounds[r]); err != nil {
			b.log.Warn("recording a round failed", "table", t.sess.ID, "round", r, "err", err)
			return
		}
		t.roundsSaved = r + 1
	}
}

// armTurnClock starts the wait for the seat to act: past the turn timeout
// a computer player makes that move for the absent player.
func (b *Bot) armTurnClock(t *table) {
	if t.clock != nil {
		t.clock.Stop()
	}
	b.mu.Lock()
	closed := b.closed
	b.mu.Unlock()
	if closed || b.turnTimeout <= 0 || t.game.Status().Finished() {
		return
	}
	version := t.game.Moves()
	t.clock = time.AfterFunc(b.turnTimeout, func() { b.turnTimedOut(t, version) })
}

// turnTimedOut plays for a player who did not act in time.
func (b *Bot) turnTimedOut(t *table, version int) {
	defer b.recover("turn timeout")
	ctx := context.Background()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.game == nil || t.game.Status().Finished() || t.game.Moves() != version {
		return
	}
	act := t.game.ToAct()
	if len(act) == 0 || t.info.Computer == nil {
		return
	}
	before := b.snapshot(t)
	seat := act[0]
	m := t.info.Computer(t.game, seat)
	if err := b.apply(ctx, t, seat, m.String()); err != nil {
		b.log.Error("playing for an absent player failed", "table", t.sess.ID, "err", err)
		return
	}
	t.notice = fmt.Sprintf("⏰ %s took too long: the dealer played `%s` for them.", plainName(t.player(seat)), m)
	b.log.Info("played for an absent player", "table", t.sess.ID, "seat", seat, "move", m.String())
	b.playComputers(ctx, t)
	b.afterChange(ctx, t, before)
}
