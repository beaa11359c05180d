package web

import (
	"container/list"
	"fmt"
	"sync"
)

// pictureCacheBytes bounds the pictures kept: a few hundred tables' worth.
const pictureCacheBytes = 32 << 20

// pictureKey names one picture. A table's picture after a number of moves
// never changes (a move log only grows) but for its players' names (a
// player forgotten at their request), nor does a deal's: so a picture,
// once drawn, is kept until it is the least recently used.
type pictureKey struct {
	table int64  // a table's id, or 0 for a daily deal
	step  int    // after this many moves
	seat  int    // -1: the table as spectators see it; else that seat's hand
	names string // the table's players' names, as drawn
	game  string // a daily deal's game
	deal  uint64 // a daily deal's number
}

// pictureCache keeps drawn PNGs, least recently used out first, and draws
// a picture once when many ask for it at the same moment (a live table's
// watchers, all told of the same move).
type pictureCache struct {
	mu       sync.Mutex
	max      int
	size     int
	order    *list.List // of *cached, most recent first
	items    map[pictureKey]*list.Element
	inflight map[pictureKey]*drawing
}

type cached struct {
	key pictureKey
	png []byte
}

// drawing is a picture being drawn; its waiters read png or err after done.
type drawing struct {
	done chan struct{}
	png  []byte
	err  error
}

func newPictureCache(maxBytes int) *pictureCache {
	return &pictureCache{max: maxBytes, order: list.New(), items: map[pictureKey]*list.Element{}, inflight: map[pictureKey]*drawing{}}
}

// get returns key's picture, drawing it with draw if it is not kept.
func (c *pictureCache) get(key pictureKey, draw func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		png := e.Value.(*cached).png
		c.mu.Unlock()
		return png, nil
	}
	if d, ok := c.inflight[key]; ok {
		c.mu.Unlock()
		<-d.done
		return d.png, d.err
	}
	d := &drawing{done: make(chan struct{})}
	c.inflight[key] = d
	c.mu.Unlock()

	func() {
		// A drawing that panics must not leave its waiters waiting.
		defer func() {
			if v := recover(); v != nil {
				d.err = fmt.Errorf("web: drawing a picture: %v", v)
			}
		}()
		d.png, d.err = draw()
	}()

	c.mu.Lock()
	delete(c.inflight, key)
	if d.err == nil && len(d.png) <= c.max {
		c.items[key] = c.order.PushFront(&cached{key, d.png})
		c.size += len(d.png)
		for c.size > c.max {
			old := c.order.Back()
			c.order.Remove(old)
			o := old.Value.(*cached)
			delete(c.items, o.key)
			c.size -= len(o.png)
		}
	}
	c.mu.Unlock()
	close(d.done)
	return d.png, d.err
}
