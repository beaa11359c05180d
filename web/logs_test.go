package web_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/web/webtest"
)

// logLines keeps every line a logger writes, for tests that read the log.
type logLines struct{ testkit.Log }

// logger is a logger at every level that writes to l.
func (l *logLines) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// all are the lines written so far.
func (l *logLines) all() []string {
	text := strings.TrimSuffix(l.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// TestNoTokenInLogs: no log line names a table's token: pages, pictures,
// hands, streams, bad steps, tables that no longer replay and failures with
// the store closed are all logged with their tokens hidden.
func TestNoTokenInLogs(t *testing.T) {
	t.Parallel()
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true,
		Seed: webtest.Seed{Tables: 6, Games: []string{"secretagent", "theagents", "doublets"}, Rand: 31}})
	live := openComputerTable(t, f, "theagents", 3)
	computerMove(t, live)
	broken := openComputerTable(t, f, "secretagent", 4)
	f.appendMove(t, broken.Row.ID, 0, "not a move")
	marked := f.tables[2]
	f.markBroken(t, marked.ID, "the rules changed")
	tokens := []string{f.token(t, live.Row.ID), f.token(t, broken.Row.ID)}
	for _, tb := range f.tables {
		tokens = append(tokens, tb.Token)
	}
	visit := func() {
		for _, token := range tokens {
			for _, path := range []string{"", "?step=1", "?step=99999", "/at/0.png", "/at/1.png", "/at/1/0.png",
				"/at/99999.png", "/at/1/9.png", "/at/x.png"} {
				f.get(t, "/t/"+token+path)
			}
			s, code, _ := f.streamAs(t, token, "", "")
			if code == http.StatusOK {
				s.next(t)
				s.stop()
			}
		}
	}
	visit()
	f.srv.Notify(live.Row.ID)
	require.NoError(t, f.st.Close()) // every page now fails, and says so in the log
	visit()

	lines := f.logs.all()
	require.NotEmpty(t, lines)
	hidden := 0
	for _, line := range lines {
		for _, token := range tokens {
			require.NotContains(t, line, token, "a log line names a token")
		}
		if strings.Contains(line, "/t/[token]") {
			hidden++
		}
	}
	assert.Positive(t, hidden, "paths were logged, with the token hidden: %q", lines[:min(len(lines), 5)])
}
