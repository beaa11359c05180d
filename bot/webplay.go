package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// PlayFromWeb makes a move a seated player sent from the web pages at a
// multiplayer table (web.Config.Play), the way a click on their hand
// makes it: the table read and locked as the store has it, the seat and
// the version the page showed checked, the move and the computer players'
// answer saved in one write, the result recorded when the game ends, then
// the channel's table redrawn, hands sent to the seats whose turn came or
// whose hand changed, and the turn clock armed. The refusals are store/play's:
// play.ErrMovedOn for a table that moved on since version (another
// move, its end, a table no longer in play), play.ErrIllegal for a move
// the game refuses or a user with no seat that may play, play.ErrNotSaved
// for a move the store refused; nothing is changed by any of them.
func (b *Bot) PlayFromWeb(ctx context.Context, tableID int64, userID, move string, version int) error {
	t, err := b.table(ctx, tableID)
	switch {
	case err != nil:
		return err
	case t == nil:
		return play.ErrMovedOn
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := b.sync(ctx, t); errors.Is(err, errGone) {
		return play.ErrMovedOn
	} else if err != nil {
		return err
	}
	seat, seated := t.SeatOf(userID)
	switch {
	case t.Game == nil || t.Info.Solitaire():
		return fmt.Errorf("%w: the web plays only a multiplayer game in play here", play.ErrIllegal)
	case !seated || t.Player(seat).StandIn:
		return fmt.Errorf("%w: no seat of theirs to play", play.ErrIllegal)
	case t.Game.Status().Finished() || version != t.Game.Moves():
		return play.ErrMovedOn
	}
	before := b.snapshot(t)
	if err := b.apply(ctx, t, seat, move); err != nil {
		if errors.Is(err, store.ErrConflict) {
			b.redrawLater(t, 0) // another writer's move: its message follows
			return fmt.Errorf("%w: %w", play.ErrMovedOn, err)
		}
		return err
	}
	t.notice = ""
	// The rest on the bot's own deadline: the page's request may end first.
	bctx, cancel := b.background()
	defer cancel()
	b.afterChange(bctx, t, before)
	return nil
}
