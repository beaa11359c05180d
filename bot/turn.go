package bot

// armTurnClock starts the wait for the seat to act: past the turn timeout
// a computer player makes that move for the absent player (a timer in the
// store, so that another process makes it if this one dies). t is locked.
func (b *Bot) armTurnClock(t *table) {
	if b.turnTimeout <= 0 || t.Game.Status().Finished() || b.ctx.Err() != nil {
		return
	}
	b.setTimer(t, timerTurn, b.turnTimeout)
}

// turnTimedOut plays for a player who did not act in time, unless the
// table moved on since the clock was armed at version. t is locked.
func (b *Bot) turnTimedOut(t *table, version int) {
	if t.Game == nil || t.Game.Status().Finished() || t.Info.Computer == nil {
		return
	}
	if t.Game.Moves() == version && b.playForAbsent(t, version) {
		return
	}
	if t.Game.Moves() > version && !t.Game.Status().Finished() {
		// The table moved on since this clock was armed (or the move
		// above was refused because it had: t is now the store's), yet
		// the next turn's clock did not replace this one: the process
		// that moved the table died before arming it. Arm it, or the
		// table would wait for an absent player for ever. (Had the next
		// clock been armed after this one was claimed, this only puts it
		// off by moments.)
		b.armTurnClock(t)
	}
}

// playForAbsent makes the move of the player to act, and reports whether
// it did. t is locked.
func (b *Bot) playForAbsent(t *table, version int) bool {
	act := t.Game.ToAct()
	if len(act) == 0 {
		return true
	}
	before := b.snapshot(t)
	seat := act[0]
	m := t.Info.Computer(t.Game, seat)
	if err := b.apply(b.ctx, t, seat, m.String()); err != nil {
		b.log.Error("playing for an absent player failed", "table", t.Sess.ID, "err", err)
		return false
	}
	l := b.serverLang(t.Sess.GuildID)
	t.notice = timeoutNotice(l, plainName(l, t.Player(seat)), m)
	b.log.Info("played for an absent player", "table", t.Sess.ID, "seat", seat, "move", m.String(), "version", version)
	b.playComputers(t)
	b.afterChange(t, before)
	return true
}
