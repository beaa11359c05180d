package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// table is a game at a table in a channel: its session (the record in the
// store and the game rebuilt from its move log) and how the game is shown.
// mu orders everything done to one table; different tables run in
// parallel.
type table struct {
	mu sync.Mutex
	*session.Table
	show render.Game

	// Multiplayer tables only:
	dmClosed     map[games.Seat]bool // players whose DMs could not be delivered
	roundsSaved  int                 // rounds already in the store
	notice       string              // a word for the channel, such as a timeout or a hint
	noEdits      bool                // the bot may not write in the table's channel
	redrawQueued bool                // a redraw of the table's message waits in the outbox
	// announced is the highest move count another process announced for
	// the table, lobbyNews that its lobby changed: it is reloaded from the
	// store before use (set without its lock, by the changes listener).
	announced atomic.Int64
	lobbyNews atomic.Bool
	token     string              // its web page's token, once read (tableLink)
	dmQueued  map[games.Seat]bool // seats whose hand waits in the outbox
	lastHand  drawnHand           // the hand drawn last (privateMessage)
}

// drawnHand is a hand's picture as drawn for seat at a version of the game
// (its move count) by a renderer: the same hand is often drawn twice in a
// row, as the answer to a move and then in the DM that follows, which
// lets it go (so an idle table keeps no picture).
type drawnHand struct {
	seat    games.Seat
	version int
	r       *render.Renderer
	lang    lang.Lang
	png     []byte
}

// newTable wraps a session as a table of the bot's.
func (b *Bot) newTable(st *session.Table) *table {
	show, _ := b.games.Lookup(st.Info.Name)
	return &table{Table: st, show: show}
}

// resumeTables rebuilds every unfinished table by replaying its move log.
func (b *Bot) resumeTables(ctx context.Context) error {
	open, err := b.store.UnfinishedWithMoves(ctx)
	if err != nil {
		return fmt.Errorf("loading unfinished tables: %w", err)
	}
	for _, o := range open {
		if o.GuildID == "" { // a terminal game
			continue
		}
		st, err := session.Replay(b.store, b.games.Engines(), o.Session, o.Log)
		if err != nil {
			b.log.Error("a table could not be resumed", "table", o.ID, "game", o.Game, "err", err)
			continue
		}
		t := b.newTable(st)
		if t.Game == nil { // a lobby
			b.tables[o.ID] = t
			continue
		}
		if t.Game.Status().Finished() { // it ended before its result was saved
			b.finish(ctx, t)
			continue
		}
		// Its timers (a turn's clock) are in the store and fire as they
		// were armed.
		b.tables[o.ID] = t
	}
	if len(open) > 0 {
		b.log.Info("tables resumed", "count", len(b.tables))
	}
	return nil
}

// table finds a table in play: in this process's tables, or else in the
// store. Any process serves any table: a click may reach one that never
// saw it (another process opened it; DM clicks all arrive on shard 0), so
// it loads the table from the store. nil when there is no such table in
// play.
func (b *Bot) table(id int64) *table {
	b.mu.Lock()
	t := b.tables[id]
	b.mu.Unlock()
	if t != nil {
		return t
	}
	st, err := session.Load(b.ctx, b.store, b.games.Engines(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		b.log.Warn("loading a table failed", "table", id, "err", err)
		return nil
	case st.Sess.GuildID == "" || st.Sess.Status.Finished() || st.Sess.Status == games.Abandoned:
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if have := b.tables[id]; have != nil { // loaded meanwhile
		return have
	}
	if b.closed {
		return nil
	}
	t = b.newTable(st)
	b.tables[id] = t
	return t
}

// refresh brings a locked table up to the store when another process
// moved it on (announced by the store): the store's log is the truth.
func (b *Bot) refresh(t *table) {
	lobby := t.Game == nil && t.lobbyNews.Swap(false)
	if !lobby && t.announced.Load() <= int64(t.Sess.Moves) {
		return
	}
	st, err := session.Load(b.ctx, b.store, b.games.Engines(), t.Sess.ID)
	if err != nil {
		b.log.Warn("refreshing a table failed", "table", t.Sess.ID, "err", err)
		return
	}
	t.Table = st
	t.announced.Store(int64(st.Sess.Moves))
}

// tableChanged is told that table id was changed by some process (its move
// log is moves long; id 0: any table may have changed). A copy here that
// is behind is reloaded before its next use.
func (b *Bot) tableChanged(id int64, moves int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	mark := func(t *table, moves int64) {
		t.lobbyNews.Store(true)
		for {
			was := t.announced.Load()
			if was >= moves || t.announced.CompareAndSwap(was, moves) {
				return
			}
		}
	}
	if id == 0 {
		for _, t := range b.tables {
			mark(t, math.MaxInt64)
		}
		return
	}
	if t := b.tables[id]; t != nil {
		mark(t, int64(moves))
	}
}

// openTable is the one way a table opens, for /play, /daily and lobbies:
// the session is created in the store, the table is registered locked, and
// the answer that shows it carries the lock (see reply) until the table's
// message is known.
func (b *Bot) openTable(i *discordgo.Interaction, sess store.Session) (reply, error) {
	st, err := session.Open(b.ctx, b.store, b.games.Engines(), sess)
	if err != nil {
		return reply{}, err
	}
	t := b.newTable(st)
	t.mu.Lock()
	b.mu.Lock()
	b.tables[t.Sess.ID] = t
	b.mu.Unlock()
	if t.Game == nil {
		b.armLobbyClock(t)
	}
	rep := reply{table: t, then: b.rememberMessage(i, t)}
	data, err := b.message(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Sess.ID, "err", err)
		rep.resp = private(T(userLang(i), "I couldn't draw the table: try again."))
		return rep, nil
	}
	b.log.Info("table opened", "table", t.Sess.ID, "game", t.Info.Name, "deal", t.Sess.Deal, "daily", t.Sess.Daily,
		"guild", i.GuildID, "user", userOf(i).ID)
	rep.resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
	return rep, nil
}

// rememberMessage is the step after a new table's answer: it stores where
// the message is (to redraw it later). A table whose message never
// appeared is closed again.
func (b *Bot) rememberMessage(i *discordgo.Interaction, t *table) func(error) {
	return func(err error) {
		if err != nil {
			b.close(t, store.StatusAbandoned)
			return
		}
		if m, err := b.originalMessage(i); err == nil {
			t.Sess.MessageID, t.Sess.ChannelID = m.ID, m.ChannelID
			if err := b.store.SetMessage(b.ctx, t.Sess.ID, m.ChannelID, m.ID); err != nil {
				b.log.Warn("saving the table's message failed", "table", t.Sess.ID, "err", err)
			}
		}
	}
}

// close takes a table out of play with a status (abandoned: no result).
func (b *Bot) close(t *table, status games.Status) {
	b.clearTimer(t, timerTurn)
	b.clearTimer(t, timerLobby)
	if err := b.store.Finish(b.ctx, t.Sess.ID, status, nil); err != nil {
		b.log.Warn("closing a table failed", "table", t.Sess.ID, "err", err)
	}
	b.forget(t)
}

// forget takes a table out of the tables in play.
func (b *Bot) forget(t *table) {
	b.mu.Lock()
	delete(b.tables, t.Sess.ID)
	b.mu.Unlock()
}

// apply makes a move at t (whose lock the caller holds), saved before
// anything reports it (see session.Table.Apply), and closes the table when
// the game ends.
func (b *Bot) apply(ctx context.Context, t *table, seat games.Seat, move string) error {
	start := time.Now()
	if err := t.Apply(ctx, seat, move); err != nil {
		return err
	}
	b.metrics.moveCommit.Observe(time.Since(start).Seconds())
	b.changed(t.Sess.ID)
	if t.Game.Status().Finished() {
		b.finish(ctx, t)
	}
	return nil
}

// finish records a finished game's result and closes the table.
func (b *Bot) finish(ctx context.Context, t *table) {
	if err := t.Finish(ctx); err != nil {
		// The moves are all saved: the result is recomputed at the next start.
		b.log.Error("recording a result failed", "table", t.Sess.ID, "err", err)
		return
	}
	b.clearTimer(t, timerTurn)
	b.log.Info("game over", "table", t.Sess.ID, "game", t.Sess.Game, "status", t.Sess.Status, "scores", t.Game.Scores())
	b.forget(t)
}
