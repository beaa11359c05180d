package bot

import (
	"time"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/store"
)

// OnFire has f called as each claimed timer is about to fire (a test
// breaks the database's connection there). Set it before Open.
func OnFire(b *Bot, f func(store.Timer)) { b.onFire = f }

// InvalidWindow is Discord's invalid-request window.
const InvalidWindow = discord.InvalidWindow

// SetInvalidRequests makes b hold back its letters from holdAt invalid
// requests in the window on, on the clock now; letters waiting look again.
// Call it again after moving the clock on.
func SetInvalidRequests(b *Bot, holdAt int, now func() time.Time) { b.wire.HoldBackAt(holdAt, now) }

// InvalidRequests is the invalid requests b counts in the window now.
func InvalidRequests(b *Bot) int { return b.wire.Invalid() }
