package bot

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/store"
)

// What a table waits for is kept in the store as timers (rows), not in a
// process's memory: any process may fire a timer, and when the process
// that armed one dies, another fires it. Each process claims the timers
// that are due for a lease; a timer whose table moved on since it was
// armed does nothing.
const (
	timerTurn   = "turn"   // a player's turn: past it, a computer player moves for them
	timerLobby  = "lobby"  // a lobby nobody starts is closed
	timerRedraw = "redraw" // a table message to redraw (Discord refused it for a while)
)

const (
	// timerLease is how long a claimed timer is this process's to fire.
	timerLease = 30 * time.Second
	// timerPoll bounds how long a process goes without looking for due
	// timers: other processes arm timers too.
	timerPoll = time.Second
	// timerBatch is how many timers a process claims at once.
	timerBatch = 16
)

// newProcessID names this process in the timers it claims.
func newProcessID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// setTimer arms a timer of t's and wakes the timer loop. t is locked.
func (b *Bot) setTimer(t *table, kind string, after time.Duration) {
	tm := store.Timer{Session: t.Sess.ID, Kind: kind, Due: time.Now().Add(after), Version: t.Sess.Moves}
	if err := b.store.SetTimer(b.ctx, tm); err != nil {
		if b.ctx.Err() == nil {
			b.log.Warn("arming a timer failed", "table", t.Sess.ID, "kind", kind, "err", err)
		}
		return
	}
	select {
	case b.timerWake <- struct{}{}:
	default:
	}
}

// clearTimer disarms a timer of t's.
func (b *Bot) clearTimer(t *table, kind string) {
	if err := b.store.ClearTimer(b.ctx, t.Sess.ID, kind); err != nil && b.ctx.Err() == nil {
		b.log.Warn("clearing a timer failed", "table", t.Sess.ID, "kind", kind, "err", err)
	}
}

// runTimers fires the timers that come due, in whichever process claims
// them first, until the bot closes.
func (b *Bot) runTimers() {
	for b.ctx.Err() == nil {
		due, err := b.store.ClaimTimers(b.ctx, b.processID, time.Now(), timerLease, timerBatch)
		if err != nil && b.ctx.Err() == nil {
			b.log.Warn("claiming timers failed", "err", err)
		}
		for _, tm := range due {
			b.fire(tm)
			if err := b.store.DoneTimer(b.ctx, tm); err != nil && b.ctx.Err() == nil {
				b.log.Warn("a fired timer could not be removed", "table", tm.Session, "kind", tm.Kind, "err", err)
			}
		}
		if len(due) == timerBatch {
			continue
		}
		wait := timerPoll
		if next, ok, err := b.store.NextTimer(b.ctx); err == nil && ok {
			wait = min(wait, max(time.Until(next), 5*time.Millisecond))
		}
		t := time.NewTimer(wait)
		select {
		case <-b.ctx.Done():
		case <-b.timerWake:
		case <-t.C:
		}
		t.Stop()
	}
}

// fire does what a timer is for; a timer of a table no longer in play, or
// that moved on since the timer was armed, does nothing.
func (b *Bot) fire(tm store.Timer) {
	defer b.recover("timer")
	t := b.table(tm.Session)
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	// A timer armed at a move this copy has not reached says the copy is
	// behind (the store's notice of the move is still on its way).
	b.tableChanged(tm.Session, tm.Version)
	b.refresh(t)
	switch tm.Kind {
	case timerTurn:
		b.turnTimedOut(t, tm.Version)
	case timerLobby:
		if t.Game == nil && t.Sess.Moves == tm.Version {
			b.expireLobby(t)
		}
	case timerRedraw:
		b.redraw(t)
	}
}

// expireLobby closes a lobby nobody started in time; t is locked.
func (b *Bot) expireLobby(t *table) {
	b.close(t, store.StatusAbandoned)
	b.log.Info("lobby expired", "table", t.Sess.ID, "game", t.Info.Name)
	content := T(b.serverLang(t.Sess.GuildID), "**%s** · the table was closed: nobody started it within %s. Open a new one with `/play`.",
		t.Info.Title, b.lobbyTimeout.Round(time.Minute))
	channel, message := t.Sess.ChannelID, t.Sess.MessageID
	if message == "" {
		return
	}
	edit := &discordgo.MessageEdit{Content: &content, Components: &[]discordgo.MessageComponent{}, AllowedMentions: noMentions}
	b.post(channel, letter{what: "a closed lobby", send: func() error {
		_, err := b.request("PATCH", discordgo.EndpointChannelMessage(channel, message), discordgo.EndpointChannelMessage(channel, ""), edit, nil)
		if restCode(err) == discordgo.ErrCodeUnknownMessage {
			return nil // deleted meanwhile: nothing to say
		}
		return err
	}})
}
