package discord

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A bot in more than 2,500 servers must shard: each gateway connection
// (shard) carries the servers whose id gives (id >> 22) % count == its id,
// and DMs come on shard 0. A process may run several shards; any process
// may serve any table (tables are loaded from the store), so shards are
// only how interactions reach the processes.

// identifySpacing is Discord's limit on starting sessions: one IDENTIFY per
// rate-limit bucket (shard id % max_concurrency) every 5 seconds.
const identifySpacing = 5 * time.Second

// ShardPlan is what GET /gateway/bot recommends: how many shards, and how
// many may identify at once.
type ShardPlan struct {
	Count          int
	MaxConcurrency int
}

// PlanShards asks Discord how many shards the bot should run (shards:
// auto).
func PlanShards(s *discordgo.Session) (ShardPlan, error) {
	gb, err := s.GatewayBot()
	if err != nil {
		return ShardPlan{}, fmt.Errorf("asking Discord for the shard count: %w", err)
	}
	return ShardPlan{Count: max(gb.Shards, 1), MaxConcurrency: max(gb.SessionStartLimit.MaxConcurrency, 1)}, nil
}

// ShardSessions makes one gateway session per shard id of count, each a
// copy of the bot's session s (same token and settings) with its shard set.
// s itself is used for REST and is not connected unless it is one of them.
func ShardSessions(s *discordgo.Session, ids []int, count int) ([]*discordgo.Session, error) {
	var out []*discordgo.Session
	seen := map[int]bool{}
	for _, id := range ids {
		if id < 0 || id >= count || seen[id] {
			return nil, fmt.Errorf("shard %d: shard ids run from 0 to %d, each once", id, count-1)
		}
		seen[id] = true
		sh, err := discordgo.New(s.Token)
		if err != nil {
			return nil, err
		}
		sh.Client, sh.Dialer, sh.UserAgent, sh.MaxRestRetries = s.Client, s.Dialer, s.UserAgent, s.MaxRestRetries
		sh.ShardID, sh.ShardCount = id, count
		out = append(out, sh)
	}
	return out, nil
}

// openShards connects the shards, honouring Discord's identify limit:
// shards in different rate-limit buckets start together, those in one
// bucket one every spacing. It waits for each shard's READY.
func (w *Wire) openShards(ctx context.Context) error {
	buckets := map[int][]*discordgo.Session{}
	for _, sh := range w.gateway.shards {
		k := sh.ShardID % max(w.gateway.maxConcurrency, 1)
		buckets[k] = append(buckets[k], sh)
	}
	keys := make([]int, 0, len(buckets))
	for k := range buckets {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	errs := make(chan error, len(keys))
	var wg sync.WaitGroup
	for _, k := range keys {
		wg.Add(1)
		go func(list []*discordgo.Session) {
			defer wg.Done()
			for n, sh := range list {
				if n > 0 && !w.Sleep(w.gateway.identifySpacing) {
					errs <- ctx.Err()
					return
				}
				if err := w.openShard(ctx, sh); err != nil {
					errs <- err
					return
				}
			}
		}(buckets[k])
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// openShard connects one shard and waits for its READY.
func (w *Wire) openShard(ctx context.Context, sh *discordgo.Session) error {
	ready := make(chan struct{})
	var once sync.Once
	remove := sh.AddHandler(func(*discordgo.Session, *discordgo.Ready) { once.Do(func() { close(ready) }) })
	defer remove()
	if err := sh.Open(); err != nil {
		return fmt.Errorf("connecting shard %d of %d to Discord: %w", sh.ShardID, max(sh.ShardCount, 1), err)
	}
	select {
	case <-ready:
		w.log.Info("shard connected", "shard", sh.ShardID, "of", max(sh.ShardCount, 1))
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
