package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dealer/dealer/bot"
)

// checkScale reads and checks the keys that run the bot on more than one
// process: interactions, listen, discord.public_key and shards.
func checkScale(c *Config) error {
	switch c.Interactions {
	case "", bot.InteractionsGateway:
		c.Interactions = bot.InteractionsGateway
		if c.Listen != "" {
			return keyErr("listen", "listen serves the HTTP interactions endpoint: set interactions: http too, or leave listen out")
		}
	case bot.InteractionsHTTP:
		if c.Listen == "" {
			return keyErr("interactions", "interactions: http needs listen, the address to serve the endpoint on (such as :8080)")
		}
		if err := checkAddress(c.Listen); err != nil {
			return keyErr("listen", "listen %v", err)
		}
		if _, err := bot.ParsePublicKey(c.Discord.PublicKey); err != nil {
			return keyErr("interactions", "interactions: http needs discord.public_key, the application's public key (General Information → Public Key): %v", err)
		}
		if c.Shards != "" {
			return keyErr("shards", "shards are gateway connections: leave shards out with interactions: http")
		}
	default:
		return keyErr("interactions", "interactions must be gateway or http (got %q)", clip(c.Interactions, 20))
	}
	ids, count, err := parseShards(c.Shards)
	if err != nil {
		return keyErr("shards", "shards: %v", err)
	}
	c.ShardIDs, c.ShardCount = ids, count
	return nil
}

// parseShards reads the shards setting: "" (none given), "auto", or
// "IDS/COUNT", IDS a list of ids and ranges ("0-3", "0,2,5-6"), COUNT
// at most maxShardCount and IDS at most maxShardsInProcess: the bounds
// are checked before any id is listed, so no value allocates much.
func parseShards(s string) (ids []int, count int, err error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "auto" {
		return nil, 0, nil
	}
	list, countText, ok := strings.Cut(s, "/")
	count, cerr := strconv.Atoi(strings.TrimSpace(countText))
	switch {
	case !ok || cerr != nil && !isNumber(strings.TrimSpace(countText)):
		return nil, 0, fmt.Errorf("write auto, or this process's shard ids and the shard count, such as 0-3/8 (got %q)", clip(s, 40))
	case cerr != nil || count < 1 || count > maxShardCount:
		return nil, 0, fmt.Errorf("the shard count must be from 1 to %d (got %s)", maxShardCount, clip(strings.TrimSpace(countText), 20))
	}
	seen := map[int]bool{}
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b >= count {
			return nil, 0, fmt.Errorf("%q: shard ids run from 0 to %d", clip(part, 30), count-1)
		}
		if len(ids)+(b-a+1) > maxShardsInProcess {
			return nil, 0, fmt.Errorf("one process runs at most %d shards: give each process its part, such as 0-%d/%d", maxShardsInProcess, min(maxShardsInProcess, count)-1, count)
		}
		for id := a; id <= b; id++ {
			if seen[id] {
				return nil, 0, fmt.Errorf("shard %d is named twice", id)
			}
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, count, nil
}

// isNumber reports whether s is digits alone.
func isNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// autoShards are the shards of shards: auto, as Discord recommends them:
// all in this process, which runs at most maxShardsInProcess.
func autoShards(recommended int) ([]int, error) {
	if recommended > maxShardsInProcess {
		//lint:ignore ST1005 it starts with a name
		return nil, fmt.Errorf("Discord recommends %d shards, more than one process runs (%d): set shards to each process's part, such as shards: 0-%d/%d",
			recommended, maxShardsInProcess, maxShardsInProcess-1, recommended)
	}
	ids := make([]int, recommended)
	for id := range ids {
		ids[id] = id
	}
	return ids, nil
}
