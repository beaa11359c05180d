package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// table is a game at a table in a channel: its record (the row in the
// store and the game rebuilt from its move log) and how the game is shown.
// mu orders everything done to one table; different tables run in
// parallel.
type table struct {
	mu sync.Mutex
	*play.Table
	show render.Game

	// Multiplayer tables only:
	dmClosed     map[games.Seat]bool // players whose DMs could not be delivered
	notice       string              // a word for the channel, such as a timeout or a hint
	noEdits      bool                // the bot may not write in the table's channel
	redrawQueued bool                // a redraw of the table's message waits in the outbox
	token        string              // its web page's token, once read (tableLink)
	dmQueued     map[games.Seat]bool // seats whose hand waits in the outbox
	lastHand     drawnHand           // the hand drawn last (privateMessage)
	lastSeats    []store.Player      // a rematch's lobby: the seats of the game it follows (lastPlayers)
	reach        reach               // an interaction-only table: the answers that reach its messages (anywhere.go)
	clockArmed   bool                // the last saved change armed the turn clock (play.Table.Clock)…
	clockAt      int                 // …at this move count
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

// newTable wraps a live table (play.Table) as a table of the bot's.
func (b *Bot) newTable(st *play.Table) *table {
	show, _ := b.games.Lookup(st.Info.Name)
	t := &table{Table: st, show: show}
	st.Clock = b.clockOf(t)
	return t
}

// resumeTables rebuilds every unfinished table by replaying its move log.
// A table whose moves no longer replay is kept as it is (keep), and every
// table that waits on a timer is given one if it lost it.
func (b *Bot) resumeTables(ctx context.Context) error {
	open, err := b.store.UnfinishedWithMoves(ctx)
	if err != nil {
		return fmt.Errorf("loading unfinished tables: %w", err)
	}
	for _, o := range open {
		if o.ChannelID == "" { // a terminal game
			continue
		}
		st, err := play.Restore(ctx, b.store, b.games.Engines(), o.TableRow, o.Log)
		var u *play.Unreplayable
		if errors.As(err, &u) {
			b.keep(u)
			continue
		}
		if err != nil {
			b.log.Error("a table could not be resumed", "table", o.ID, "game", o.Game, "err", err)
			continue
		}
		t := b.newTable(st)
		if t.Game != nil && t.Game.Status().Finished() { // it ended before its result was saved
			b.finish(ctx, t)
			continue
		}
		b.tables[o.ID] = t
	}
	if len(open) > 0 {
		b.log.Info("tables resumed", "count", len(b.tables))
	}
	if kept, err := b.store.BrokenTables(ctx); err == nil {
		b.metrics.unreplayable.Set(float64(len(kept)))
	}
	return b.rearmTimers(ctx)
}

// table finds a table in play: in this process's tables, or else in the
// store. Any process serves any table: a click may reach one that never
// saw it (another process opened it; DM clicks all arrive on shard 0), so
// it loads the table from the store. nil, and no error, when there is no
// such table in play; a *play.Unreplayable for a table kept because
// its moves no longer replay (keep has been told); another error when the
// store could not say.
func (b *Bot) table(ctx context.Context, id int64) (*table, error) {
	b.mu.Lock()
	t := b.tables[id]
	b.mu.Unlock()
	if t != nil {
		return t, nil
	}
	st, err := play.Load(ctx, b.store, b.games.Engines(), id)
	var u *play.Unreplayable
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil
	case errors.As(err, &u):
		b.keep(u)
		return nil, err
	case err != nil:
		b.log.Warn("loading a table failed", "table", id, "err", err)
		return nil, err
	case st.Row.ChannelID == "" || !open(st.Row): // a terminal game, or over
		return nil, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if have := b.tables[id]; have != nil { // loaded meanwhile
		return have, nil
	}
	if b.wire.Context().Err() != nil { // closing: no table is taken on
		return nil, nil
	}
	t = b.newTable(st)
	b.tables[id] = t
	return t, nil
}

// open reports whether a table is in play: a lobby, or a game going on.
func open(sess store.TableRow) bool {
	return sess.Status == store.StatusLobby || sess.Status == store.StatusPlaying
}

// sync brings a locked table up to the store, where another process (or
// a terminal on the same file) may have changed it since this copy was
// read: one cheap read when it has not. A table no longer in play is
// forgotten (the error is errGone).
func (b *Bot) sync(ctx context.Context, t *table) error {
	if err := t.Sync(ctx); err != nil {
		var u *play.Unreplayable
		if errors.As(err, &u) {
			b.keep(u)
			b.forget(t)
		}
		return err
	}
	if !open(t.Row) {
		b.forget(t)
		return errGone
	}
	return nil
}

// errGone is a table that another writer finished or closed meanwhile.
var errGone = errors.New("the table is no longer in play")

// openTable is the one way a table opens, for /play, /daily and lobbies:
// the table is created in the store, the table is registered locked, and
// the answer that shows it carries the lock (see reply) until the table's
// message is known.
func (b *Bot) openTable(ctx context.Context, i *discordgo.Interaction, sess store.TableRow) (reply, error) {
	st, err := play.Open(ctx, b.store, b.games.Engines(), sess)
	if err != nil {
		return reply{}, err
	}
	t := b.newTable(st)
	t.mu.Lock()
	b.mu.Lock()
	b.tables[t.Row.ID] = t
	b.mu.Unlock()
	if t.Game == nil {
		b.armLobbyClock(ctx, t)
	}
	rep := reply{table: t, then: b.rememberMessage(i, t)}
	data, err := b.message(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		rep.resp = private(words.T(userLang(i), "I couldn't draw the table: try again."))
		return rep, nil
	}
	b.log.Info("table opened", "table", t.Row.ID, "game", t.Info.Name, "deal", t.Row.Deal, "daily", t.Row.Daily,
		"guild", i.GuildID, "user", discord.UserOf(i).ID)
	rep.resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
	return rep, nil
}

// rememberMessage is the step after a new table's answer: it stores where
// the message is (to redraw it later). A table whose message never
// appeared is closed again.
func (b *Bot) rememberMessage(i *discordgo.Interaction, t *table) func(error) {
	return func(err error) {
		ctx, cancel := b.background()
		defer cancel()
		if err != nil {
			b.close(ctx, t)
			return
		}
		if m, err := b.wire.OriginalMessage(ctx, i); err == nil {
			t.Row.MessageID, t.Row.ChannelID = m.ID, m.ChannelID
			if err := b.store.SetMessage(ctx, t.Row.ID, m.ChannelID, m.ID); err != nil {
				b.log.Warn("saving the table's message failed", "table", t.Row.ID, "err", err)
			}
		}
	}
}

// close takes a table out of play, abandoned (it counts for no one),
// unless it moved on since this copy was read (another process started or
// closed it): err is then play.ErrMovedOn and the table is the store's.
func (b *Bot) close(ctx context.Context, t *table) error {
	if err := t.Abandon(ctx); err != nil {
		if !errors.Is(err, play.ErrMovedOn) {
			b.log.Warn("closing a table failed", "table", t.Row.ID, "err", err)
		}
		return err
	}
	b.clearTimer(ctx, t, timerTurn)
	b.clearTimer(ctx, t, timerLobby)
	b.changed(t.Row.ID)
	b.forget(t)
	return nil
}

// forget takes a table out of the tables in play.
func (b *Bot) forget(t *table) {
	b.mu.Lock()
	delete(b.tables, t.Row.ID)
	b.mu.Unlock()
}

// apply makes a move at t (whose lock the caller holds) and the computer
// players' answer, saved in one write before anything reports them (see
// play.Table.Play), and closes the table when the game ends.
func (b *Bot) apply(ctx context.Context, t *table, seat games.Seat, move string) error {
	start := time.Now()
	if err := t.Play(ctx, seat, move, nil); errors.Is(err, play.ErrComputer) {
		b.log.Error("a computer player's move failed", "table", t.Row.ID, "err", err)
	} else if err != nil {
		return err
	}
	b.metrics.moveCommit.Observe(time.Since(start).Seconds())
	b.changed(t.Row.ID)
	if t.Game.Status().Finished() {
		b.finish(ctx, t)
	}
	return nil
}

// finish records a finished game's result and closes the table. A table
// that another process finished meanwhile is only forgotten here.
func (b *Bot) finish(ctx context.Context, t *table) {
	if err := t.Finish(ctx); err != nil {
		if errors.Is(err, play.ErrMovedOn) && !open(t.Row) {
			b.forget(t) // recorded by another process: its results stand
			return
		}
		// The moves are all saved: the result is recomputed at the next start.
		b.log.Error("recording a result failed", "table", t.Row.ID, "err", err)
		return
	}
	b.clearTimer(ctx, t, timerTurn)
	b.log.Info("game over", "table", t.Row.ID, "game", t.Row.Game, "status", t.Row.Status, "scores", t.Game.Scores())
	b.forget(t)
}
