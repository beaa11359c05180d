package discord

import (
	"sync"

	"github.com/bwmarrin/discordgo"
)

// dmChannels are the DM channels the bot has opened, by user id, and the
// gate held while one is being opened.
type dmChannels struct {
	mu   sync.Mutex
	ids  map[string]string
	gate chan struct{}
}

// DMChannel returns the DM channel with a user, asking Discord once per
// user (every DM channel request shares one process-wide rate limit).
func (w *Wire) DMChannel(userID string) (string, error) {
	w.dms.mu.Lock()
	id, ok := w.dms.ids[userID]
	w.dms.mu.Unlock()
	if ok {
		return id, nil
	}
	// One at a time, and the bucket's wait waited out here, where closing
	// the wire cuts it short: discordgo's own wait for the bucket cannot be
	// cut short, and with hundreds of new players queued behind one
	// process-wide bucket Close would wait minutes.
	ctx := w.Context()
	select {
	case w.dms.gate <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-w.dms.gate }()
	if !w.WaitBucket(discordgo.EndpointUserChannels("")) {
		return "", ctx.Err()
	}
	ch, err := w.s.UserChannelCreate(userID, discordgo.WithRetryOnRatelimit(false))
	if err != nil {
		return "", err
	}
	w.dms.mu.Lock()
	w.dms.ids[userID] = ch.ID
	w.dms.mu.Unlock()
	return ch.ID, nil
}
