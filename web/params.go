package web

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/dealer/dealer/render"
)

// What a request names is checked before anything is read: ids, games,
// page numbers and days each have one shape, and anything else is a 400 or
// a 404 page, never a query.

// maxPage bounds page numbers: no board has a million pages.
const maxPage = 1_000_000

// validID reports whether s looks like a Discord id (a snowflake: 1 to 20
// digits).
func validID(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pageNumber reads the query's page: 1 when absent, a 400 unless it is a
// whole number from 1 to maxPage.
func pageNumber(q url.Values) (int, error) {
	return positive(q, "page", 1, maxPage)
}

// positive reads a whole number from lo to hi, def when the key is absent.
func positive(q url.Values, key string, def, hi int) (int, error) {
	v, ok := q[key]
	if !ok {
		return def, nil
	}
	if len(v) != 1 {
		return 0, badRequest("Give " + key + " once.")
	}
	n, err := strconv.Atoi(v[0])
	if err != nil || n < 1 || n > hi {
		return 0, badRequest("The " + key + " must be a whole number from 1 to " + strconv.Itoa(hi) + ".")
	}
	return n, nil
}

// game is the game named by the request's {game}, or a 404.
func (s *Server) game(r *http.Request) (render.Game, error) {
	name := r.PathValue("game")
	if len(name) > 64 {
		return render.Game{}, notFound("There is no such game.")
	}
	g, ok := s.games.Lookup(name)
	if !ok || g.Name != name {
		return render.Game{}, notFound("There is no game called that.")
	}
	return g, nil
}

// day reads the request's {day} ("2026-11-22"; "" is today's): a 400 for
// another shape, a 404 for a day yet to come.
func (s *Server) day(r *http.Request) (string, error) {
	today := s.today()
	d := r.PathValue("day")
	if d == "" {
		return today, nil
	}
	t, err := time.Parse(time.DateOnly, d)
	if err != nil || t.Format(time.DateOnly) != d {
		return "", badRequest("A day is written like 2026-11-22.")
	}
	if d > today {
		return "", notFound("That day has not come yet.")
	}
	return d, nil
}

// today is the day of the daily deals: the UTC date, as the bot has it.
func (s *Server) today() string { return s.now().UTC().Format(time.DateOnly) }

// guild is the server named by the request's {guild}, once it is known to
// have pages to show: a 404 for an id nobody played in, errPagesOff for a
// server whose admins turned its pages off.
func (s *Server) guild(r *http.Request) (string, error) {
	g := r.PathValue("guild")
	if !validID(g) {
		return "", notFound("There is no such server.")
	}
	if err := s.pagesOn(r, g); err != nil {
		return "", err
	}
	played, err := s.st.GuildPlayed(r.Context(), g)
	if err != nil {
		return "", err
	}
	if !played {
		return "", notFound("Nobody has finished a game in this server yet.")
	}
	return g, nil
}

// pagesOn is errPagesOff when guild's admins turned its pages off ("" is
// the terminal's: always on).
func (s *Server) pagesOn(r *http.Request, guild string) error {
	if guild == "" {
		return nil
	}
	off, err := s.st.PagesOff(r.Context(), guild)
	if err != nil {
		return err
	}
	if off {
		return errPagesOff
	}
	return nil
}
