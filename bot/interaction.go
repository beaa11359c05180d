package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"
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
	return context.WithTimeout(b.ctx, backgroundBudget)
}

// quickBudget bounds a small read that a picture or a text waits for (a
// player's language, settings, a table's page token): without an answer
// in time the default is used.
const quickBudget = time.Second

// quick is a context for such a read.
func (b *Bot) quick() (context.Context, context.CancelFunc) {
	return context.WithTimeout(b.ctx, quickBudget)
}

// reply is a handler's answer to an interaction.
//
// Lock ownership: a reply that names a table carries that table's lock,
// taken by the handler. onInteraction releases it once the answer is out
// and then runs, so that answers about one table reach Discord in the
// order of its moves, and a new table's clicks wait until its message is
// known.
type reply struct {
	resp *discordgo.InteractionResponse // nil: given up (see responder.gone)
	// table, when set, is locked; onInteraction unlocks it.
	table *table
	// then runs after the answer is sent (err is the sending's error),
	// still under the table's lock.
	then func(err error)
}

// respond is a reply with no table and nothing after.
func respond(resp *discordgo.InteractionResponse) reply { return reply{resp: resp} }

// onInteraction runs on its own goroutine for each interaction received
// over the gateway (discordgo's default).
func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	b.handle(ic.Interaction, nil)
}

// handle answers one interaction, from the gateway or the HTTP endpoint:
// one path, the answers always sent over REST by the responder. The table
// lock orders clicks on one table. onInitial, when set, learns once whether
// the initial response went out (see responder).
func (b *Bot) handle(i *discordgo.Interaction, onInitial func(ok bool)) {
	defer b.recover("interaction")
	r := newResponder(b, i, onInitial)
	defer r.settle()
	if r.gone() {
		r.dropLate()
		b.log.Warn("an interaction came too late to answer", "interaction", i.ID, "user", userOf(i).ID)
		return
	}
	b.live.Store(i.ID, r)
	defer b.live.Delete(i.ID)
	b.noteLangs(i)
	// The work's store calls end in time for a "try again" within the
	// interaction's 3 s, however the database is doing.
	ctx, cancel := context.WithDeadline(b.ctx, r.created.Add(workBudget))
	defer cancel()
	var rep reply
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		rep = b.onCommand(ctx, i)
	case discordgo.InteractionMessageComponent:
		rep = b.onClick(ctx, i)
	default:
		rep = respond(private(T(userLang(i), "The dealer does not know what to do with that.")))
	}
	if rep.table != nil {
		defer rep.table.mu.Unlock()
	}
	if rep.resp == nil {
		r.drop()
		b.log.Warn("an interaction waited too long to answer", "interaction", i.ID, "user", userOf(i).ID)
		return
	}
	err := r.send(rep.resp)
	if err != nil {
		b.log.Warn("answering interaction failed", "interaction", i.ID, "user", userOf(i).ID, "err", err)
	}
	if rep.then != nil {
		rep.then(err)
	}
}

// gone reports whether an interaction being handled can no longer be
// answered (see responder.gone).
func (b *Bot) gone(i *discordgo.Interaction) bool {
	r, ok := b.live.Load(i.ID)
	return ok && r.(*responder).gone()
}
