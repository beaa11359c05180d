package bot

// /privacy: what the dealer keeps about a player, sent to them as a JSON
// file, and erased at their word (store.Forget), as Discord's developer
// terms expect. An admin does the same with `dealer db export|forget`.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
)

// forgetButton begins the custom id of the button that confirms /privacy
// delete; the clicker's user id follows it. It is not a table's (t:…).
const forgetButton = "u:forget:"

// maxExport is the largest JSON file sent as it is; a larger one goes
// gzipped, under Discord's attachment limit.
const maxExport = 8 << 20

// privacyCommand is /privacy, usable anywhere, privately: show, export,
// delete.
func (b *Bot) privacyCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "What the dealer keeps about you: see it, download it, delete it",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "show", Description: "What the dealer keeps about you, why, and for how long"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "export", Description: "Everything the dealer keeps about you, as a JSON file"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "delete", Description: "Erase what the dealer keeps about you (it asks first)"},
		},
	}
}

// privacy answers /privacy show|export|delete, privately.
func (b *Bot) privacy(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	l := userLang(i)
	user := discord.UserOf(i)
	if user.ID == "" {
		return private(words.T(l, "I couldn't tell who you are: try again."))
	}
	if opts["delete"] != nil {
		return askToForget(l, user.ID)
	}
	d, err := b.store.PlayerData(ctx, user.ID)
	if err != nil {
		b.log.Error("reading a player's data failed", "err", err)
		return private(words.T(l, "I couldn't read your data just now: try again."))
	}
	if opts["export"] != nil {
		return b.exportData(l, d)
	}
	return private(privacyText(l, d))
}

// privacyText says what is kept about a player, why and for how long.
func privacyText(l lang.Lang, d store.PlayerData) string {
	var sb strings.Builder
	sb.WriteString(words.T(l, "**What I keep about you**") + "\n")
	if d.Empty() {
		sb.WriteString(words.T(l, "Nothing: you have no settings and have played no game with me.") + "\n")
	} else {
		sb.WriteString(settingsLine(l, d.Settings) + "\n")
		var names []string
		for _, n := range d.Names {
			names = append(names, "**"+markdownEscaper.Replace(n.Name)+"**")
		}
		if len(names) > 0 {
			sb.WriteString(words.T(l, "- names you were shown under: %s", strings.Join(names, ", ")) + "\n")
		}
		open := 0
		for _, t := range d.Tables {
			if t.FinishedAt == nil {
				open++
			}
		}
		sb.WriteString(words.T(l, "- %s (%d still in play), with your moves and scores at them, and %s",
			words.N(l, len(d.Tables), "%d table", "%d tables"), open, words.N(l, len(d.Results), "%d result", "%d results")) + "\n")
	}
	sb.WriteString(words.T(l, "Why: to deal and resume your games, to draw your cards as you chose, to speak your language, "+
		"and for the leaderboards and statistics of the servers you play in. For how long: as long as the bot runs, until you delete it. "+
		"Your Discord id is kept with it; no message of yours is."))
	sb.WriteString("\n" + words.T(l, "`/privacy export` sends it all to you as a JSON file; `/privacy delete` erases it."))
	return sb.String()
}

// settingsLine says a player's settings row.
func settingsLine(l lang.Lang, st *store.PlayerSettings) string {
	if st == nil {
		return words.T(l, "- settings: none (the defaults)")
	}
	deck, cards := words.T(l, "classic"), words.T(l, "normal")
	if st.FourColour {
		deck = words.T(l, "four-colour")
	}
	if st.LargeCards {
		cards = words.T(l, "large")
	}
	language := lang.English
	if st.Language != "" {
		language = lang.Lang(st.Language)
	}
	return words.T(l, "- settings: deck **%s**, cards **%s**, language **%s**", deck, cards, language.Name())
}

// exportData is the answer to /privacy export: the player's data as a
// JSON file (gzipped when large), privately.
func (b *Bot) exportData(l lang.Lang, d store.PlayerData) *discordgo.InteractionResponse {
	if d.Empty() {
		return private(words.T(l, "I keep nothing about you: there is nothing to send."))
	}
	js, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		b.log.Error("writing a player's data failed", "err", err)
		return private(words.T(l, "I couldn't read your data just now: try again."))
	}
	file := &discordgo.File{Name: "dealer-data.json", ContentType: "application/json", Reader: bytes.NewReader(js)}
	if len(js) > maxExport {
		var gz bytes.Buffer
		w := gzip.NewWriter(&gz)
		_, _ = w.Write(js) // a bytes.Buffer does not fail
		_ = w.Close()
		if gz.Len() > maxExport {
			return private(words.T(l, "Your data is too large to send here: ask the bot's admin for it (`dealer db export`)."))
		}
		file = &discordgo.File{Name: "dealer-data.json.gz", ContentType: "application/gzip", Reader: &gz}
	}
	resp := private(words.T(l, "Everything I keep about you: %s, %s.",
		words.N(l, len(d.Tables), "%d table", "%d tables"), words.N(l, len(d.Results), "%d result", "%d results")))
	resp.Data.Files = []*discordgo.File{file}
	return resp
}

// askToForget is the answer to /privacy delete: what deleting does, and a
// button to confirm it.
func askToForget(l lang.Lang, userID string) *discordgo.InteractionResponse {
	resp := private(words.T(l, "**Delete what I keep about you?** Your settings and language are deleted. "+
		"In every game you played your name and id are replaced by a placeholder such as **Player #1a2b3c4d**: "+
		"the other players' games and results stay whole, and yours stay on the leaderboards under it. "+
		"At tables still in play your seat is played for when your turn runs out. "+
		"Tables in play are redrawn; pictures of finished games already posted in Discord stay as they are. This cannot be undone."))
	resp.Data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: words.T(l, "Delete my data"), Style: discordgo.DangerButton, CustomID: forgetButton + userID},
	}}}
	return resp
}

// isForgetButton reports whether a custom id is /privacy delete's button.
func isForgetButton(customID string) bool { return strings.HasPrefix(customID, forgetButton) }

// onForget answers the click on /privacy delete's button: it forgets the
// clicker (only the player the button was drawn for), redraws their
// tables still in play, and says what it did in place of the question.
func (b *Bot) onForget(ctx context.Context, i *discordgo.Interaction) reply {
	l := userLang(i)
	user := discord.UserOf(i)
	if user.ID == "" || i.MessageComponentData().CustomID != forgetButton+user.ID {
		return respond(private(words.T(l, "This button was for someone else: use `/privacy delete` yourself.")))
	}
	f, err := b.store.Forget(ctx, user.ID)
	if err != nil {
		b.log.Error("forgetting a player failed", "err", err)
		return respond(private(words.T(l, "I couldn't delete your data just now: nothing was changed. Try again.")))
	}
	b.langs.Delete(playerLangs.prefix + user.ID)
	// Logged by count and placeholder only: the log names nobody.
	b.log.Info("a player's data was deleted at their request", "placeholder", f.Name, "tables", f.Tables, "results", f.Results)
	if len(f.Open) > 0 {
		b.wire.Go("redrawing a forgotten player's tables", func() { b.redrawTables(f.Open) })
	}
	text := words.T(l, "**Done.** I keep nothing about you any more.")
	if f.Name != "" {
		text += " " + words.T(l, "Your games are kept for the other players under **%s**.", f.Name)
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: text, Components: []discordgo.MessageComponent{}}})
}

// redrawTables redraws the messages of tables that changed under this
// process (their players' names), each read again from the store first.
func (b *Bot) redrawTables(ids []int64) {
	for _, id := range ids {
		ctx, cancel := b.background()
		t, err := b.table(ctx, id)
		cancel()
		if err != nil || t == nil {
			continue // gone or unreadable: its next click reads it again
		}
		t.mu.Lock()
		b.redraw(t)
		t.mu.Unlock()
		b.changed(id) // and its live web page
	}
}

// markdownEscaper keeps a name's own asterisks, underscores and the like
// from formatting the text around it.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "|", `\|`, "`", "\\`", ">", `\>`)

// mention is how a message names a player by user id: a Discord mention,
// or a forgotten player's placeholder, which Discord could not resolve.
func mention(userID string) string {
	if name := store.ForgottenName(userID); name != "" {
		return "**" + name + "**"
	}
	return "<@" + userID + ">"
}
