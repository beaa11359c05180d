package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/dealer/dealer/store"
)

//go:embed templates/*.html
var templateFiles embed.FS

// pageNames are the pages, each templates/NAME.html drawn inside
// templates/base.html.
var pageNames = []string{"home", "server", "leaderboard", "player", "daily", "days", "table", "activity", "error"}

// templates are the parsed pages, by name.
type templates map[string]*template.Template

func parseTemplates() (templates, error) {
	funcs := template.FuncMap{
		"add": func(a, b int) int { return a + b },
		// seatForm is one move's form at a seat (seat.go).
		"seatForm": func(h *handBody, m handMove) seatForm {
			return seatForm{Action: h.Move, CSRF: h.CSRF, Version: h.Version, Move: m}
		},
	}
	t := templates{}
	for _, name := range pageNames {
		page, err := template.New(name).Funcs(funcs).ParseFS(templateFiles, "templates/base.html", "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("web: templates: %w", err)
		}
		t[name] = page
	}
	return t, nil
}

// crumb is one step of a page's breadcrumb trail.
type crumb struct{ Name, URL string }

// page is what base.html draws around a page's content (Body).
type page struct {
	Title   string
	Crumbs  []crumb
	NoIndex bool     // table pages: no search engine keeps them
	Scripts []string // script URLs, loaded deferred
	Body    any

	// Home and CSS are set by render.
	Home, CSS string
}

// render draws page name with p, whole before anything is written, so that
// a template's failure is a clean 500 and not half a page.
func (s *Server) render(w http.ResponseWriter, status int, name string, p page) error {
	p.Home, p.CSS = s.p.home(), s.p.static("style.css")+"?v="+s.static.version("style.css")
	for i, js := range p.Scripts {
		p.Scripts[i] = s.p.static(js) + "?v=" + s.static.version(js)
	}
	start := time.Now()
	var buf bytes.Buffer
	if err := s.tmpl[name].ExecuteTemplate(&buf, "base", p); err != nil {
		return fmt.Errorf("web: page %s: %w", name, err)
	}
	s.m.render.WithLabelValues("page").Observe(time.Since(start).Seconds())
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-cache")
	}
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes()) // a client gone: nothing more to do
	return nil
}

// httpError is an answer other than the page: a status and what to say.
type httpError struct {
	status int
	msg    string
}

// Error says the status and why.
func (e *httpError) Error() string { return fmt.Sprintf("%d: %s", e.status, e.msg) }

// notFound is a 404 saying msg.
func notFound(msg string) error { return &httpError{http.StatusNotFound, msg} }

// badRequest is a 400 saying msg.
func badRequest(msg string) error { return &httpError{http.StatusBadRequest, msg} }

// errPagesOff is the answer of every page of a server whose admins turned
// its pages off: it says so, and shows nothing else.
var errPagesOff = &httpError{http.StatusForbidden, "This server's admins have turned its pages off."}

// errorBody is the error page's content.
type errorBody struct {
	Status  int
	Heading string
	Message string
}

// fail answers err as an error page: its own status for an httpError, 404
// for the store's ErrNotFound, 410 for a table that no longer replays
// (logged), nothing for a request its client gave up, and 500 (logged,
// its detail kept from the page) for anything else. A picture or a live
// stream is answered in a line of plain text: no browser shows an HTML
// page in their place.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var (
		he     *httpError
		broken *brokenError
	)
	switch {
	case errors.As(err, &he):
	case errors.As(err, &broken):
		s.log.Warn("web: a table that no longer replays was asked for", "err", broken)
		he = errBroken
	case errors.Is(err, store.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		he = &httpError{http.StatusNotFound, "There is nothing here."}
	case r.Context().Err() != nil && errors.Is(err, context.Canceled):
		return
	default:
		s.log.Error("web: page failed", "path", r.URL.Path, "err", err)
		he = &httpError{http.StatusInternalServerError, "Something went wrong on our side. Try again in a moment."}
	}
	if strings.HasSuffix(r.URL.Path, ".png") || strings.HasSuffix(r.URL.Path, "/events") {
		plain(w, he.status, he.msg+"\n")
		return
	}
	heading := http.StatusText(he.status)
	switch he {
	case errPagesOff:
		heading = "Pages turned off"
	case errBroken:
		heading = "This table can no longer be shown"
	}
	body := errorBody{Status: he.status, Heading: heading, Message: he.msg}
	if he == errBroken {
		body.Message = "Its moves do not replay under the dealer's rules. It is kept as it was."
	}
	w.Header().Set("Cache-Control", "no-store")
	if rerr := s.render(w, he.status, "error", page{Title: heading, Body: body, NoIndex: true}); rerr != nil {
		plain(w, he.status, he.msg+"\n")
	}
}
