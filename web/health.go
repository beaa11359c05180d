package web

import (
	"context"
	"net/http"
	"time"
)

// readyTimeout bounds a readiness check: a store that does not answer in
// time is not ready.
const readyTimeout = 2 * time.Second

// LiveHandler answers /livez: 200 "ok" while the process runs and serves.
func LiveHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plain(w, http.StatusOK, "ok\n")
	})
}

// ReadyHandler answers /readyz: 200 "ok" when ready returns nil, else 503
// with its error (ready is given two seconds). A nil ready is always
// ready.
func ReadyHandler(ready func(context.Context) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ready != nil {
			ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
			defer cancel()
			if err := ready(ctx); err != nil {
				plain(w, http.StatusServiceUnavailable, "not ready: "+err.Error()+"\n")
				return
			}
		}
		plain(w, http.StatusOK, "ok\n")
	})
}

// plain answers with text.
func plain(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(text))
}
