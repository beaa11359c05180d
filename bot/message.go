package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Every table message is sent whole: discordgo sends every field of an
// answer, so a partial one would wipe the rest, and a new picture replaces
// the old one rather than adding to it (discordgo#1524).

// message is a table's message in the channel as it is now: a lobby, a
// solitaire with its board (with a place selected), or a multiplayer
// table with My hand.
func (b *Bot) message(t *table, selected string) (*discordgo.InteractionResponseData, error) {
	switch {
	case t.Game == nil && t.Row.RematchOf != 0:
		return b.rematchLobby(t)
	case t.Game == nil:
		return b.lobbyMessage(t), nil
	case t.Info.Solitaire():
		return b.solitaireMessage(t, selected)
	}
	return b.channelMessage(t)
}

// picture draws viewer's view of the table with a place selected, with
// its description in words (for a solitaire, with the player's moves). A
// solitaire's is drawn in its player's deck (settings.go); a multiplayer
// table's, everyone's, in the classic one.
func (b *Bot) picture(t *table, viewer games.Seat, selected string) (*discordgo.File, error) {
	view := t.Game.View(viewer)
	hidden := dealHidden(t, time.Now())
	params := render.Params{Names: t.Names(), Selected: selected, Lang: b.tableLang(t.Row), HideDeal: hidden}
	r := b.render
	if t.Info.Solitaire() {
		r = b.renderFor(t.Row.OwnerID)
	}
	start := time.Now()
	png, err := t.show.Table(r.Series(fmt.Sprintf("table %d seen by %d", t.Row.ID, viewer)), view, params)
	if err != nil {
		return nil, err
	}
	b.metrics.drawn(t.Info.Name, "table", time.Since(start), len(png))
	if t.Info.Solitaire() {
		params.Legal = legalStrings(t.Game, 0)
	}
	name := fmt.Sprintf("%s-%d-%d.png", t.Info.Name, t.Row.Deal, t.Game.Moves())
	if hidden {
		name = fmt.Sprintf("%s-daily-%d.png", t.Info.Name, t.Game.Moves())
	}
	return discord.PNG(name, png, t.show.Describe(view, params)), nil
}

// solitaireMessage is a solitaire's table: its picture and its board.
func (b *Bot) solitaireMessage(t *table, selected string) (*discordgo.InteractionResponseData, error) {
	file, err := b.picture(t, games.Spectator, pictureSelection(selected))
	if err != nil {
		return nil, err
	}
	l := b.tableLang(t.Row)
	var links []discordgo.MessageComponent
	if !dealHidden(t, time.Now()) { // the replay's page names the deal
		links = linkRow(words.T(l, "Replay"), b.tableLink(t))
	}
	var comps []discordgo.MessageComponent
	if !t.Game.Status().Finished() {
		legal := legalStrings(t.Game, 0)
		st := controlState{table: t.Row.ID, version: t.Game.Moves(), selected: selected, hints: t.Info.Solve != nil, lang: l}
		comps = components(t.show.Controls(t.Game.View(0), render.Params{Legal: legal, Lang: l}), st, legal)
	} else {
		comps = b.nextButtons(t)
	}
	// The link last: in play, the board's rows come first and take the
	// room they need.
	comps = append(comps, links...)
	return v2Message(solitaireAccent(t.Game.Status()), b.solitaireCaption(l, t, selected), file, comps), nil
}

// pictureSelection is the place to highlight in the picture.
func pictureSelection(selected string) string {
	if strings.HasPrefix(selected, "confirm:") {
		return ""
	}
	return selected
}

// solitaireCaption is a solitaire table's text: the game, the deal, whose
// table, and what is going on.
func (b *Bot) solitaireCaption(l lang.Lang, t *table, selected string) string {
	var sb strings.Builder
	hidden := dealHidden(t, time.Now())
	switch {
	case hidden:
		sb.WriteString(words.T(l, "**%s** · daily deal of %s · %s's table · move %d", t.Info.Title, t.Row.Daily, mention(t.Row.OwnerID), t.Game.Moves()))
	case t.Row.Daily != "":
		sb.WriteString(words.T(l, "**%s** · deal #%d%s · %s's table · move %d", t.Info.Title, t.Row.Deal, rulesNote(l, t), mention(t.Row.OwnerID), t.Game.Moves()))
		sb.WriteString(" · " + words.T(l, "daily deal of %s", t.Row.Daily))
	default:
		sb.WriteString(words.T(l, "**%s** · deal #%d%s · %s's table · move %d", t.Info.Title, t.Row.Deal, rulesNote(l, t), mention(t.Row.OwnerID), t.Game.Moves()))
	}
	if t.notice != "" {
		sb.WriteString("\n" + t.notice)
	}
	scores := t.Game.Scores()
	switch st := t.Game.Status(); {
	case st == games.Won:
		sb.WriteString("\n" + words.N(l, t.Game.Moves(), "🏆 **Won** in %d move! Score %d. Deal again with `/play`.", "🏆 **Won** in %d moves! Score %d. Deal again with `/play`.", scores[0]))
	case st == games.Lost && hidden:
		sb.WriteString("\n" + words.T(l, "**Game over**: score %d. A new daily deal comes at midnight UTC.", scores[0]))
	case st == games.Lost:
		sb.WriteString("\n" + words.T(l, "**Game over**: score %d. Try deal #%d again with `/play deal:%d`.", scores[0], t.Row.Deal, t.Row.Deal))
	case st == games.Over:
		sb.WriteString("\n" + words.T(l, "**Game over**."))
	case strings.HasPrefix(selected, "confirm:"):
		sb.WriteString("\n" + words.T(l, "Really %s? The game will count as lost.", strings.TrimPrefix(selected, "confirm:")))
	case selected != "":
		sb.WriteString("\n" + words.T(l, "Selected **%s**: pick where it goes (the lit buttons), or click it again to cancel.", selected))
	default:
		sb.WriteString("\n" + words.T(l, "Score %d. Pick a card to move.", scores[0]))
	}
	return sb.String()
}

// channelMessage is a multiplayer table in the channel: the spectator's
// picture and My hand.
func (b *Bot) channelMessage(t *table) (*discordgo.InteractionResponseData, error) {
	file, err := b.picture(t, games.Spectator, "")
	if err != nil {
		return nil, err
	}
	l := b.tableLang(t.Row)
	comps := linkRow(words.T(l, "Replay, every hand shown"), b.tableLink(t))
	if !t.Game.Status().Finished() {
		row := []discordgo.MessageComponent{
			discordgo.Button{Label: words.T(l, "My hand"), Style: discordgo.PrimaryButton, CustomID: buttonID{Table: t.Row.ID, Action: actHand}.String()},
		}
		row = append(row, b.takeBackButton(l, t)...)
		if url := b.tableLink(t); url != "" {
			row = append(row, discordgo.Button{Label: words.T(l, "Watch on the web"), Style: discordgo.LinkButton, URL: url})
		}
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
	} else {
		comps = append(b.nextButtons(t), comps...)
	}
	return v2Message(seatAccent(t, games.Spectator), b.channelCaption(l, t), file, comps), nil
}

// channelCaption is a multiplayer table's text.
func (b *Bot) channelCaption(l lang.Lang, t *table) string {
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s** · deal #%d%s · move %d", t.Info.Title, t.Row.Deal, rulesNote(l, t), t.Game.Moves()))
	if t.notice != "" {
		sb.WriteString("\n" + t.notice)
	}
	if t.Game.Status().Finished() {
		sb.WriteString("\n" + words.T(l, "🏆 **Game over.** Winner: %s. Totals: %s.", t.namesOf(l, t.Game.Winners(), playerName), t.totals(l)))
		return sb.String()
	}
	sb.WriteString("\n" + words.T(l, "To play: %s. Totals: %s.\nSeated players: your cards are in your DMs, or under **My hand**.",
		t.namesOf(l, games.WaitingOn(t.Game), playerName), t.totals(l)))
	if line := t.standInLine(l); line != "" {
		sb.WriteString("\n" + line)
	}
	return sb.String()
}

// totals lists each player's total.
func (t *table) totals(l lang.Lang) string {
	var parts []string
	for s, v := range t.Game.Scores() {
		parts = append(parts, fmt.Sprintf("%s %d", plainName(l, t.Player(games.Seat(s))), v))
	}
	return strings.Join(parts, " · ")
}

// privateMessage is what seat alone sees: its picture (in its player's
// deck), its facts in words and its controls (enabled only while it may
// act; prefix is the words chosen so far in a menu).
func (b *Bot) privateMessage(t *table, seat games.Seat, prefix ...string) (*discordgo.InteractionResponseData, error) {
	view, legal, names := t.Game.View(seat), legalStrings(t.Game, seat), t.Names()
	l := b.playerLang(t.Player(seat).UserID)
	params := render.Params{Names: names, Legal: legal, Lang: l}
	r := b.renderFor(t.Player(seat).UserID)
	png := t.lastHand.png
	if h := t.lastHand; h.png == nil || h.seat != seat || h.version != t.Game.Moves() || h.r != r || h.lang != l {
		start := time.Now()
		var err error
		if png, err = t.show.Hand(r.Series(fmt.Sprintf("table %d hand %d", t.Row.ID, seat)), view, params); err != nil {
			return nil, err
		}
		b.metrics.drawn(t.Info.Name, "hand", time.Since(start), len(png))
		if !t.dmClosed[seat] { // kept for the DM that follows (sendHandNow)
			t.lastHand = drawnHand{seat: seat, version: t.Game.Moves(), r: r, lang: l, png: png}
		}
	}
	controls := t.show.Controls(view, params)
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s** · table #%d in <#%s>%s · move %d", t.Info.Title, t.Row.ID, t.Row.ChannelID, rulesNote(l, t), t.Game.Moves()))
	sb.WriteString("\n" + t.show.Private(view, params))
	switch {
	case t.Game.Status().Finished():
		sb.WriteString("\n" + words.T(l, "The game is over: see the table for the result."))
	case len(legal) > 0 && controls.Menu != nil && len(prefix) > 0:
		sb.WriteString("\n" + words.T(l, "**Your turn.** So far: `%s`", strings.Join(prefix, " ")))
	case len(legal) > 0:
		sb.WriteString("\n" + words.T(l, "**Your turn.**"))
	default:
		sb.WriteString("\n" + words.T(l, "Waiting for %s.", t.namesOf(l, games.WaitingOn(t.Game), plainName)))
	}
	var comps []discordgo.MessageComponent
	if !t.Game.Status().Finished() {
		comps = components(controls, controlState{table: t.Row.ID, version: t.Game.Moves(), prefix: prefix, lang: l}, legal)
	}
	file := discord.PNG("hand.png", png, t.show.Describe(view, params))
	return v2Message(seatAccent(t, seat), sb.String(), file, comps), nil
}

func legalStrings(g games.Game, seat games.Seat) []string {
	moves := g.Legal(seat)
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

// truncate cuts s to at most n bytes, on a character boundary, marking
// the cut with an ellipsis.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// channelEdit is the edit of a channel message to d: the whole message,
// with the V2 flag (which turns a message made before the upgrade V2, its
// content emptied as Discord asks).
func channelEdit(d *discordgo.InteractionResponseData) *discordgo.MessageEdit {
	return &discordgo.MessageEdit{Content: &d.Content, Components: &d.Components, Flags: d.Flags,
		Attachments: d.Attachments, AllowedMentions: discord.NoMentions}
}

// renderParams are the names and seat's legal moves, for its controls.
func renderParams(t *table, seat games.Seat, l lang.Lang) render.Params {
	return render.Params{Names: t.Names(), Legal: legalStrings(t.Game, seat), Lang: l}
}

// lastWords edits a table's message in channel to words alone (a V2
// message: one made before the upgrade turns V2 too), its picture and
// buttons taken away, by the outbox (what names the letter in its logs);
// a message deleted meanwhile is left so.
func (b *Bot) lastWords(channel, message, content, what string) {
	edit := channelEdit(textMessage(accentLobby, content))
	b.wire.Post(channel, discord.Letter{What: what, Send: func() error {
		_, err := b.wire.Request("PATCH", discordgo.EndpointChannelMessage(channel, message), discordgo.EndpointChannelMessage(channel, ""), edit, nil)
		if discord.Code(err) == discord.ErrCodeUnknownMessage {
			return nil // deleted meanwhile: nothing to say
		}
		return err
	}})
}
