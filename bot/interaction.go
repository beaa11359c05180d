package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
)

// workBudget bounds the work an interaction's answer waits for, from when
// Discord created it: its store calls end by then (a database that stopped
// answering makes the click answer "try again" before Discord's 3 s).
// What follows the answer (redraws, hands, timers) runs on its own
// deadline (background).
const workBudget = 2500 * time.Millisecond

// backgroundBudget bounds each piece of the bot's own work that no
// interaction waits for: a timer's firing, what follows an answer.
const backgroundBudget = 10 * time.Second

// background is a context for the bot's own work, ending after
// backgroundBudget or when the bot closes.
func (b *Bot) background() (context.Context, context.CancelFunc) {
	return context.WithTimeout(b.wire.Context(), backgroundBudget)
}

// quickBudget bounds a small read that a picture or a text waits for (a
// player's language, settings, a table's page token): without an answer
// in time the default is used.
const quickBudget = time.Second

// quick is a context for such a read.
func (b *Bot) quick() (context.Context, context.CancelFunc) {
	return context.WithTimeout(b.wire.Context(), quickBudget)
}

// reply is a handler's answer to an interaction.
//
// Lock ownership: a reply that names a table carries that table's lock,
// taken by the handler. answer releases it once the answer is out and
// then runs, so that answers about one table reach Discord in the order of
// its moves, and a new table's clicks wait until its message is known.
type reply struct {
	resp *discordgo.InteractionResponse // nil: given up (the interaction is gone)
	// table, when set, is locked; answer unlocks it.
	table *table
	// then runs after the answer is sent (err is the sending's error),
	// still under the table's lock.
	then func(err error)
}

// respond is a reply with no table and nothing after.
func respond(resp *discordgo.InteractionResponse) reply { return reply{resp: resp} }

// answer is the bot's discord.Handler: it answers one interaction, a
// command or a click, within ctx, the answer's context (3 s from Discord's
// creation, 15 minutes once deferred). The handler's store calls run on a
// child bounded by workBudget, which also ends when the bot closes.
func (b *Bot) answer(ctx context.Context, r *discord.Responder) {
	i := r.Interaction()
	b.noteLangs(i)
	work, cancel := context.WithDeadline(ctx, r.Created().Add(workBudget))
	defer cancel()
	defer context.AfterFunc(b.wire.Context(), cancel)()
	var rep reply
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		rep = b.onCommand(work, i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		rep = b.onAutocomplete(work, i)
	case discordgo.InteractionMessageComponent:
		if isForgetButton(i.MessageComponentData().CustomID) {
			rep = b.onForget(work, i)
			break
		}
		rep = b.onClick(work, i, r.Gone)
	default:
		rep = respond(private(words.T(userLang(i), "The dealer does not know what to do with that.")))
	}
	if rep.table != nil {
		defer rep.table.mu.Unlock()
	}
	if rep.resp == nil {
		r.Drop()
		b.log.Warn("an interaction waited too long to answer", "interaction", i.ID, "user", discord.UserOf(i).ID)
		return
	}
	err := r.Send(ctx, rep.resp)
	if err != nil {
		b.log.Warn("answering interaction failed", "interaction", i.ID, "user", discord.UserOf(i).ID, "err", err)
	} else if rep.table != nil {
		b.noteAnswer(rep.table, i, rep.resp)
	}
	if rep.then != nil {
		rep.then(err)
	}
}

// private returns an ephemeral text answer.
func private(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral},
	}
}
