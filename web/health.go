package web

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// readyTimeout bounds a readiness check: a store that does not answer in
// time is not ready.
const readyTimeout = 2 * time.Second

// The answers of /livez and /readyz: fixed words, nothing of the process.
const (
	liveText     = "ok\n"
	readyText    = "ready\n"
	notReadyText = "not ready\n"
)

// LiveHandler answers /livez: 200 "ok" while the process runs and serves.
func LiveHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plain(w, http.StatusOK, liveText)
	})
}

// ReadyHandler answers /readyz: 200 "ready" when ready returns nil, else
// 503 "not ready" (ready is given two seconds; a nil ready is always
// ready). Why it is not ready goes to log (nil: slog.Default()), never to
// the client: the error may name the database's host or user. It is
// logged when the reason changes, not at every probe, and the return to
// ready is logged too.
func ReadyHandler(ready func(context.Context) error, log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.Default()
	}
	var (
		mu   sync.Mutex
		last string // the reason last logged; "" while ready
	)
	note := func(reason string) {
		mu.Lock()
		changed := reason != last
		was := last
		last = reason
		mu.Unlock()
		switch {
		case !changed:
		case reason != "":
			log.Warn("web: not ready", "reason", reason)
		case was != "":
			log.Info("web: ready again")
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ready != nil {
			ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
			defer cancel()
			if err := ready(ctx); err != nil {
				if r.Context().Err() == nil { // not the client gone
					note(err.Error())
				}
				plain(w, http.StatusServiceUnavailable, notReadyText)
				return
			}
		}
		note("")
		plain(w, http.StatusOK, readyText)
	})
}

// plain answers with text.
func plain(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(text))
}
