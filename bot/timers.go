package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// What a table waits for is kept in the store as timers (rows), not in a
// process's memory: any process may fire a timer, and when the process
// that armed one dies, another fires it. Each process claims the timers
// that are due for a lease; a timer whose table moved on since it was
// armed does nothing.
const (
	timerTurn   = "turn"   // a player's turn: past it, a computer player moves for them
	timerRemind = "remind" // halfway through a player's turn: the table names them, once
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

// timerRetry bounds the wait before a timer whose firing failed is tried
// again: 1, 2, 4… seconds after each failure, up to it.
const timerRetry = 2 * time.Minute

// retryAfter is how long a timer that failed attempts times waits.
func retryAfter(attempts int) time.Duration {
	return min(time.Second<<min(attempts, 10), timerRetry)
}

// timerAt is a timer of a kind to arm, due after a wait.
type timerAt struct {
	kind  string
	after time.Duration
}

// setTimer arms a timer of t's and wakes the timer loop. t is locked.
func (b *Bot) setTimer(ctx context.Context, t *table, kind string, after time.Duration) {
	b.setTimers(ctx, t, timerAt{kind, after})
}

// setTimers arms timers of t's (at least one) in one write, and wakes the
// timer loop. t is locked.
func (b *Bot) setTimers(ctx context.Context, t *table, timers ...timerAt) {
	now := time.Now()
	tms := make([]store.Timer, len(timers))
	for i, at := range timers {
		tms[i] = store.Timer{Table: t.Row.ID, Kind: at.kind, Due: now.Add(at.after), Version: t.Row.Moves}
	}
	b.armTimers(ctx, t, tms)
}

// armTimers arms tms (at least one, all t's) in one write, and wakes the
// timer loop. t is locked.
func (b *Bot) armTimers(ctx context.Context, t *table, tms []store.Timer) {
	if err := b.store.SetTimer(ctx, tms[0], tms[1:]...); err != nil {
		if b.wire.Context().Err() == nil {
			b.log.Warn("arming a timer failed", "table", t.Row.ID, "kind", tms[0].Kind, "err", err)
		}
		return
	}
	b.wakeTimers()
}

// wakeTimers has the timer loop look again for the next timer due: one
// was armed that may come before the loop would look.
func (b *Bot) wakeTimers() {
	select {
	case b.timerWake <- struct{}{}:
	default:
	}
}

// clearTimer disarms a timer of t's.
func (b *Bot) clearTimer(ctx context.Context, t *table, kind string) {
	if err := b.store.ClearTimer(ctx, t.Row.ID, kind); err != nil && b.wire.Context().Err() == nil {
		b.log.Warn("clearing a timer failed", "table", t.Row.ID, "kind", kind, "err", err)
	}
}

// rearmTimers gives every table in play that waits on a timer and has
// none one (at start-up): a lobby its expiry, a game its turn's clock. A
// timer lost (armed by a process that died before it could, removed by a
// version of the bot that dropped failed timers) would leave the table
// waiting for ever.
func (b *Bot) rearmTimers(ctx context.Context) error {
	armed, err := b.store.Timers(ctx)
	if err != nil {
		return fmt.Errorf("reading the timers: %w", err)
	}
	has := map[int64]map[string]bool{}
	for _, tm := range armed {
		if has[tm.Table] == nil {
			has[tm.Table] = map[string]bool{}
		}
		has[tm.Table][tm.Kind] = true
	}
	n := 0
	for _, t := range b.tables {
		switch {
		case t.Game == nil && b.lobbyTimeout > 0 && !has[t.Row.ID][timerLobby]:
			b.armLobbyClock(ctx, t)
		case t.Game != nil && b.turnTimeout > 0 && !t.Info.Solitaire() && !has[t.Row.ID][timerTurn]:
			b.armTurnClock(ctx, t)
		default:
			continue
		}
		n++
	}
	if n > 0 {
		b.log.Info("timers armed again for tables that had lost theirs", "count", n)
	}
	return nil
}

// runTimers fires the timers that come due, in whichever process claims
// them first, until the bot closes. A timer whose firing fails (but for a
// table that moved on, which is no failure) stays armed and is tried
// again after a pause that grows with its failures.
func (b *Bot) runTimers() {
	for b.wire.Context().Err() == nil {
		ctx, cancel := b.background()
		due, err := b.store.ClaimTimers(ctx, b.processID, time.Now(), timerLease, timerBatch)
		cancel()
		if err != nil && b.wire.Context().Err() == nil {
			b.log.Warn("claiming timers failed", "err", err)
		}
		for _, tm := range due {
			if b.onFire != nil {
				b.onFire(tm)
			}
			b.settleTimer(tm, b.fire(tm))
		}
		if len(due) == timerBatch {
			continue
		}
		wait := timerPoll
		ctx, cancel = b.background()
		if next, ok, err := b.store.NextTimer(ctx); err == nil && ok {
			wait = min(wait, max(time.Until(next), 5*time.Millisecond))
		}
		cancel()
		t := time.NewTimer(wait)
		select {
		case <-b.wire.Context().Done():
		case <-b.timerWake:
		case <-t.C:
		}
		t.Stop()
	}
}

// settleTimer removes a timer that fired, or puts it off when its firing
// failed. When even that fails (the store is away), its claim runs out
// and it is fired again then.
func (b *Bot) settleTimer(tm store.Timer, fired error) {
	if b.wire.Context().Err() != nil {
		return
	}
	ctx, cancel := b.background()
	defer cancel()
	if fired == nil {
		if err := b.store.DoneTimer(ctx, tm); err != nil {
			b.log.Warn("a fired timer could not be removed", "table", tm.Table, "kind", tm.Kind, "err", err)
		}
		return
	}
	wait := retryAfter(tm.Attempts)
	b.log.Warn("a timer failed: it is tried again", "table", tm.Table, "kind", tm.Kind, "attempts", tm.Attempts+1, "after", wait, "err", fired)
	var err error
	for try := 0; try < 2; try++ { // a dropped connection costs the first
		if err = b.store.RetryTimer(ctx, tm, time.Now().Add(wait)); err == nil {
			return
		}
	}
	b.log.Warn("putting off a failed timer failed: it fires again when its claim runs out", "table", tm.Table, "kind", tm.Kind, "err", err)
}

// fire does what a timer is for; a timer of a table no longer in play, or
// that moved on since the timer was armed, does nothing. An error means it
// did not do it and should be tried again.
func (b *Bot) fire(tm store.Timer) (err error) {
	defer b.wire.Recover("timer")
	ctx, cancel := b.background()
	defer cancel()
	t, err := b.table(ctx, tm.Table)
	var u *play.Unreplayable
	switch {
	case errors.As(err, &u):
		return nil // kept as it is: nothing to do
	case err != nil:
		return err
	case t == nil:
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := b.sync(ctx, t); err != nil {
		if errors.Is(err, errGone) || errors.As(err, &u) {
			return nil
		}
		return err
	}
	switch tm.Kind {
	case timerTurn:
		return b.turnTimedOut(ctx, t, tm.Version)
	case timerRemind:
		if !t.Row.InteractionOnly { // it may post nothing to name anyone with
			b.remind(t, tm.Version)
		}
	case timerLobby:
		if t.Game == nil && t.Row.Moves == tm.Version {
			return b.expireLobby(ctx, t)
		}
	case timerRedraw:
		b.redraw(t)
	}
	return nil
}

// expireLobby closes a lobby nobody started in time; t is locked.
func (b *Bot) expireLobby(ctx context.Context, t *table) error {
	if err := b.close(ctx, t); err != nil {
		if errors.Is(err, play.ErrMovedOn) {
			return nil // started or closed meanwhile
		}
		return err
	}
	b.log.Info("lobby expired", "table", t.Row.ID, "game", t.Info.Name)
	content := b.closedText(t)
	channel, message := t.Row.ChannelID, t.Row.MessageID
	switch {
	case message == "":
	case t.Row.InteractionOnly:
		b.lastWordsAnswered(t, content)
	default:
		b.lastWords(channel, message, content, "a closed lobby")
	}
	return nil
}
