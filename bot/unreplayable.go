package bot

import (
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store/play"
)

// A table whose moves no longer replay under its rules (an engine changed
// without a new rules version; a log written by hand) is kept as it was,
// in the store (play.Restore marks it): it takes no more moves, is
// resumed and counted by no one, and dealer db check lists it. The first
// process to find it out says so once: a log line, the metric, and its
// message in the channel; every click on it after gets the same answer.

// keep tells of a table kept because its moves no longer replay; only the
// first to find it out (u.Found) logs it, counts it and tells its players.
func (b *Bot) keep(u *play.Unreplayable) {
	if !u.Found {
		return
	}
	b.metrics.unreplayable.Inc()
	b.log.Error("a table's moves no longer replay: it is kept as it was and takes no more moves (dealer db check lists it)",
		"table", u.Row.ID, "game", u.Row.Game, "rules", u.Row.Rules, "reason", u.Reason)
	channel, message := u.Row.ChannelID, u.Row.MessageID
	if channel == "" || message == "" {
		return
	}
	title := u.Row.Game
	if g, ok := b.games.Lookup(u.Row.Game); ok {
		title = g.Title
	}
	content := "**" + title + "** · " + unreplayableText(b.tableLang(u.Row))
	b.lastWords(channel, message, content, "an unreplayable table's notice")
}

// unreplayableText says what happened to a kept table, in l.
func unreplayableText(l lang.Lang) string {
	return words.T(l, "This table can't be played on: its moves no longer replay under the dealer's rules. It is kept as it was — nothing is lost, and it counts for no one — and the bot's admin can look at it with `dealer db check`.")
}
