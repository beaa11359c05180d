package web_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
)

// logLines keeps every line a logger writes, for tests that read the log.
type logLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p (a slog.TextHandler writes one line a call).
func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// logger is a logger at every level that writes to l.
func (l *logLines) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// all are the lines written so far.
func (l *logLines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	text := strings.TrimSuffix(l.buf.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}
