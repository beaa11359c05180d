package bot

import (
	"github.com/dealer/dealer/store/play"
)

// TableMoved tells the bot that table id was changed elsewhere: a move made
// on the web pages (web.Config.Moved), saved through store/play as a
// click's move is. The table's message in Discord is redrawn as the store
// has it now, through the outbox like every redraw; a game that ended
// there is let go, as a click that finds it over lets it go.
func (b *Bot) TableMoved(id int64) {
	ctx, cancel := b.background()
	defer cancel()
	b.mu.Lock()
	t := b.tables[id]
	b.mu.Unlock()
	if t == nil {
		// Not held: a finished game is not taken on by b.table, but its
		// message must still show its end.
		st, err := play.Load(ctx, b.store, b.games.Engines(), id)
		if err != nil || st.Row.ChannelID == "" {
			return
		}
		t = b.newTable(st)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.Sync(ctx); err != nil {
		b.log.Warn("reading a table moved on the web failed", "table", id, "err", err)
		return
	}
	if !open(t.Row) {
		b.forget(t)
	}
	b.redraw(t)
}
