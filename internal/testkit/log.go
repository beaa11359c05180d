package testkit

import (
	"strings"
	"sync"
)

// Log collects what a logger writes from many goroutines (a bot's, a
// server's), for the test to read.
type Log struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write adds p to the log.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is the log so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
