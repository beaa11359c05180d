package bot

import "github.com/dealer/dealer/store"

// OnFire has f called as each claimed timer is about to fire (a test
// breaks the database's connection there). Set it before Open.
func OnFire(b *Bot, f func(store.Timer)) { b.onFire = f }
