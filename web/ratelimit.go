package web

import (
	"net/http"
	"sync"
	"time"
)

// rateLimit is a token bucket per key (a user, a client address): rate
// tokens a second, up to burst at once. A key idle long enough to have a
// full bucket is forgotten, so the map holds only the keys active lately.
type rateLimit struct {
	rate  float64
	burst float64

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimit(rate float64, burst int) *rateLimit {
	return &rateLimit{rate: rate, burst: float64(burst), buckets: map[string]*bucket{}}
}

// allow takes a token of key's bucket, if it has one.
func (l *rateLimit) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	if now.Sub(l.swept) > full {
		for k, b := range l.buckets {
			if now.Sub(b.at) >= full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// errTooFast answers a player past their rate.
var errTooFast = &httpError{http.StatusTooManyRequests, "You are going too fast: wait a moment, then try again."}
