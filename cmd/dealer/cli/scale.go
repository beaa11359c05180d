package cli

import (
	"errors"
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
			return errors.New("config: listen serves the HTTP interactions endpoint: set interactions: http too, or leave listen out")
		}
	case bot.InteractionsHTTP:
		if c.Listen == "" {
			return errors.New("config: interactions: http needs listen, the address to serve the endpoint on (such as :8080)")
		}
		if _, err := bot.ParsePublicKey(c.Discord.PublicKey); err != nil {
			return fmt.Errorf("config: interactions: http needs discord.public_key, the application's public key (General Information → Public Key): %v", err)
		}
		if c.Shards != "" {
			return errors.New("config: shards are gateway connections: leave shards out with interactions: http")
		}
	default:
		return fmt.Errorf("config: interactions must be gateway or http (got %q)", c.Interactions)
	}
	ids, count, err := parseShards(c.Shards)
	if err != nil {
		return fmt.Errorf("config: shards: %w", err)
	}
	c.ShardIDs, c.ShardCount = ids, count
	return nil
}

// parseShards reads the shards setting: "" (none given), "auto", or
// "IDS/COUNT", IDS a list of ids and ranges ("0-3", "0,2,5-6").
func parseShards(s string) (ids []int, count int, err error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "auto" {
		return nil, 0, nil
	}
	list, countText, ok := strings.Cut(s, "/")
	count, cerr := strconv.Atoi(strings.TrimSpace(countText))
	if !ok || cerr != nil || count < 1 {
		return nil, 0, fmt.Errorf("write auto, or this process's shard ids and the shard count, such as 0-3/8 (got %q)", s)
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
			return nil, 0, fmt.Errorf("%q: shard ids run from 0 to %d", part, count-1)
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
