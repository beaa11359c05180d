package bot

import (
	"context"
	"errors"
	"time"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// armTurnClock starts the wait for the seat to act (turnTimers), in a
// write of its own. A move or a deal arms it in its own write instead
// (play.Table.Clock), so this is for a clock that was lost or must be
// armed again. t is locked.
func (b *Bot) armTurnClock(ctx context.Context, t *table) {
	if tms := b.turnTimers(t.Table); len(tms) > 0 {
		b.armTimers(ctx, t, tms)
	}
}

// turnTimers are a turn's clock at table t, as it is or will be once a
// change is saved: halfway the table names the people it waits on
// (remind.go), and past the turn timeout a computer player makes that
// move for the absent player. Both are timers in the store, armed in one
// write, so that another process fires them if this one dies, and each
// fires once. None for a solitaire, a finished game, or a bot without
// turn timeouts or that is closing.
func (b *Bot) turnTimers(t *play.Table) []store.Timer {
	if b.turnTimeout <= 0 || t.Game == nil || t.Info.Solitaire() || t.Game.Status().Finished() || b.wire.Context().Err() != nil {
		return nil
	}
	now := time.Now()
	out := []store.Timer{{Table: t.Row.ID, Kind: timerTurn, Due: now.Add(b.turnTimeout), Version: t.Row.Moves}}
	if len(toRemind(t)) > 0 {
		out = append(out, store.Timer{Table: t.Row.ID, Kind: timerRemind, Due: now.Add(b.turnTimeout / 2), Version: t.Row.Moves})
	}
	return out
}

// clockOf is the play.Table.Clock of t: its turn's clock, armed with each
// move and deal, noted so that afterChange need not arm it again.
func (b *Bot) clockOf(t *table) func(*play.Table) []store.Timer {
	return func(next *play.Table) []store.Timer {
		tms := b.turnTimers(next)
		t.clockArmed, t.clockAt = len(tms) > 0, next.Row.Moves
		return tms
	}
}

// clockArmedNow reports whether the last saved change armed the turn
// clock t needs now (the write may have been refused, or made by another
// process).
func (t *table) clockArmedNow() bool { return t.clockArmed && t.clockAt == t.Row.Moves }

// turnTimedOut plays for a player who did not act in time, unless the
// table moved on since the clock was armed at version (a move count). t
// is locked. An error means the turn was not played and should be tried
// again (the store did not answer); a table that moved on is no error.
func (b *Bot) turnTimedOut(ctx context.Context, t *table, version int) error {
	if t.Game == nil || t.Info.Computer == nil {
		return nil
	}
	if t.Game.Status().Finished() {
		// Its last moves were saved but not its result: the process that
		// made them (computer players standing in, say) died in between,
		// and this clock is the only thing left to finish it.
		b.finish(ctx, t)
		return nil
	}
	if t.Game.Moves() == version {
		err := b.playForAbsent(ctx, t, version)
		if err == nil || !errors.Is(err, store.ErrConflict) {
			return err
		}
		// Refused because the table had moved on: t is now the store's.
	}
	if t.Game.Moves() > version && !t.Game.Status().Finished() {
		// The table moved on since this clock was armed (or the move
		// above was refused because it had), yet the next turn's clock
		// did not replace this one: the process that moved the table died
		// before arming it. Arm it, or the table would wait for an absent
		// player for ever. (Had the next clock been armed after this one
		// was claimed, this only puts it off by moments.)
		b.armTurnClock(ctx, t)
	}
	return nil
}

// playForAbsent makes the move of the player to act, and counts it
// against them: at the second turn in a row, a computer player takes
// their seat (standin.go). t is locked.
func (b *Bot) playForAbsent(ctx context.Context, t *table, version int) error {
	act := t.Game.ToAct()
	if len(act) == 0 {
		return nil
	}
	before := b.snapshot(t)
	seat := act[0]
	if t.ComputerAt(seat) != nil {
		// A stand-in whose move was not made when it took the seat (the
		// process died in between): it moves now, counted against no one.
		b.playComputers(ctx, t)
		b.afterChange(ctx, t, before)
		return nil
	}
	m := t.Info.Computer(t.Game, seat)
	if err := b.apply(ctx, t, seat, m.String()); err != nil {
		if !errors.Is(err, store.ErrConflict) {
			b.log.Warn("playing for an absent player failed: the timer is tried again", "table", t.Row.ID, "err", err)
		}
		return err
	}
	l := b.tableLang(t.Row)
	t.notice = timeoutNotice(l, plainName(l, t.Player(seat)), m)
	b.log.Info("played for an absent player", "table", t.Row.ID, "seat", seat, "move", m.String(), "version", version)
	if !t.Game.Status().Finished() {
		b.countTimeout(ctx, t, seat, version, m)
	}
	b.afterChange(ctx, t, before)
	return nil
}
