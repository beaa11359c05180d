package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// Moves from the table page. A seat's player, signed in, plays a
// solitaire from its page: a move is a POST bound to the session (its
// CSRF token) that names the move in the game's notation and the version
// (move count) the page showed. It goes the way a click in Discord goes:
// the table read from the store (play.Load), the seat and the version
// checked, the move made and saved by play.Table.Play (the one check of
// its legality, saved only if the table is still at the version read, so
// a Discord click and a web move at once keep one and refuse the other),
// the result recorded when it ends the game (play.Table.Finish). Then the
// live pages and the bot (Config.Moved) are told. Anything else is
// refused with a short answer, and nothing is changed.

// moveTimeout bounds a move's reading and writing of the store.
const moveTimeout = 5 * time.Second

// The refusals of a move.
var (
	errSignInToPlay = &httpError{http.StatusUnauthorized, "Sign in with Discord to play your seat."}
	errBadForm      = &httpError{http.StatusForbidden, "That form has expired: reload the page and try again."}
	errNotYourSeat  = &httpError{http.StatusForbidden, "This is not your game: you can watch it here."}
	errOver         = &httpError{http.StatusConflict, "This game is over: nothing was changed."}
	errStale        = &httpError{http.StatusConflict, "The table moved on since this page showed it: look again, then play."}
	errIllegalMove  = &httpError{http.StatusUnprocessableEntity, "That move isn't possible now."}
	errNotHere      = &httpError{http.StatusForbidden, "This game is played in Discord: the page shows it."}
	errNotSaved     = &httpError{http.StatusServiceUnavailable, "The move could not be saved, so it was not made: try again."}
)

// seatAt is a table read for a move: the signed-in player's seat at it,
// checked.
type seatAt struct {
	t     *play.Table
	sess  session
	seat  games.Seat
	token string
}

// playerSeat reads the request's table for a change by its player: the
// session, its CSRF token and rate, the table in play, the player's seat
// at it (a solitaire, or a multiplayer game when the bot plays it), and
// the version the page showed.
func (s *Server) playerSeat(ctx context.Context, r *http.Request) (*seatAt, error) {
	if s.signIn == nil {
		return nil, errNoSignIn
	}
	limitForm(r)
	sess, ok := s.session(r)
	switch {
	case !ok:
		return nil, errSignInToPlay
	case !checkCSRF(r, sess):
		return nil, errBadForm
	case !s.moveLimit.allow(sess.User, s.now()):
		return nil, errTooFast
	}
	row, token, err := s.byToken(r)
	if err != nil {
		return nil, err
	}
	t, err := s.loadPlay(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	seat, seated := t.SeatOf(sess.User)
	switch {
	case !seated:
		return nil, errNotYourSeat
	case t.Row.Status != store.StatusPlaying || t.Game == nil || t.Game.Status().Finished():
		return nil, errOver
	case !t.Info.Solitaire() && s.play == nil:
		return nil, errNotHere
	case t.Player(seat).StandIn:
		return nil, errStandIn
	case r.PostFormValue("version") != strconv.Itoa(t.Game.Moves()):
		return nil, errStale
	}
	return &seatAt{t: t, sess: sess, seat: seat, token: token}, nil
}

// loadPlay reads table id for a seated player's change or view: a table
// whose moves no longer replay is a brokenError, answered as such.
func (s *Server) loadPlay(ctx context.Context, id int64) (*play.Table, error) {
	t, err := play.Load(ctx, s.st, s.games.Engines(), id)
	var u *play.Unreplayable
	if errors.As(err, &u) {
		return nil, &brokenError{id: id, why: err}
	}
	return t, err
}

// handleSeated serves pattern, counted as route, with h: a change a
// table's seated player makes (a move, a hint). h is given the player's
// seat (playerSeat), read within moveTimeout; a request without one is
// refused as a move is.
func (s *Server) handleSeated(pattern, route string, h func(context.Context, http.ResponseWriter, *http.Request, *seatAt) error) {
	s.handle(pattern, route, func(w http.ResponseWriter, r *http.Request) error {
		ctx, cancel := context.WithTimeout(r.Context(), moveTimeout)
		defer cancel()
		at, err := s.playerSeat(ctx, r)
		if err != nil {
			return s.moveRefused(w, r, err)
		}
		return h(ctx, w, r, at)
	})
}

// tableMove answers POST /t/{token}/move (through handleSeated): the move
// made, and the board as it now is (JSON), or the table page again for a
// form sent without JavaScript.
func (s *Server) tableMove(ctx context.Context, w http.ResponseWriter, r *http.Request, at *seatAt) error {
	move := strings.TrimSpace(r.PostFormValue("move"))
	if move == "" || len(move) > 64 {
		return s.moveRefused(w, r, errIllegalMove)
	}
	if !at.t.Info.Solitaire() {
		return s.multiMove(ctx, w, r, at, move)
	}
	t := at.t
	err := t.Play(ctx, at.seat, move, nil)
	switch {
	case errors.Is(err, play.ErrIllegal):
		return s.moveRefused(w, r, errIllegalMove)
	case errors.Is(err, store.ErrConflict):
		return s.moveRefused(w, r, errStale)
	case errors.Is(err, play.ErrNotSaved):
		s.log.Warn("web: saving a move failed", "table", t.Row.ID, "err", err)
		return s.moveRefused(w, r, errNotSaved)
	case err != nil && !errors.Is(err, play.ErrComputer):
		return err
	}
	if t.Game.Status().Finished() {
		if err := t.Finish(ctx); err != nil && !errors.Is(err, play.ErrMovedOn) {
			// The moves are saved: the result is recorded at the bot's next start.
			s.log.Error("web: recording a result failed", "table", t.Row.ID, "err", err)
		}
	}
	s.Notify(t.Row.ID)
	if s.moved != nil {
		// Off the answer: the bot may hold the table's lock for a click
		// (up to its 3 s); its redraw draws the table as it then is.
		go s.moved(t.Row.ID)
	}
	if !wantsJSON(r) {
		http.Redirect(w, r, s.p.table(at.token), http.StatusSeeOther)
		return nil
	}
	return writeJSON(w, http.StatusOK, s.boardOf(at, ""))
}

// multiMove makes a move at a multiplayer table through the bot
// (Config.Play), which tells the live pages and Discord itself; it
// answers with the move count now (JSON), or the page again.
func (s *Server) multiMove(ctx context.Context, w http.ResponseWriter, r *http.Request, at *seatAt, move string) error {
	id := at.t.Row.ID
	err := s.play(ctx, id, at.sess.User, move, at.t.Game.Moves())
	var u *play.Unreplayable
	switch {
	case errors.Is(err, play.ErrIllegal):
		return s.moveRefused(w, r, errIllegalMove)
	case errors.Is(err, play.ErrMovedOn), errors.Is(err, store.ErrConflict):
		return s.moveRefused(w, r, errStale)
	case errors.Is(err, play.ErrNotSaved):
		s.log.Warn("web: saving a move failed", "table", id, "err", err)
		return s.moveRefused(w, r, errNotSaved)
	case errors.As(err, &u):
		return &brokenError{id: id, why: err}
	case err != nil:
		return err
	}
	if !wantsJSON(r) {
		http.Redirect(w, r, s.p.table(at.token)+"#seat", http.StatusSeeOther)
		return nil
	}
	return writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// tableHint answers POST /t/{token}/hint (through handleSeated): the next
// move of a solution, counted as the bot counts a hint.
func (s *Server) tableHint(ctx context.Context, w http.ResponseWriter, r *http.Request, at *seatAt) error {
	if at.t.Info.Solve == nil {
		return s.moveRefused(w, r, &httpError{http.StatusNotFound, "This game has no hints."})
	}
	sol := at.t.Info.Solve(at.t.Game, 2*time.Second)
	if _, err := at.t.Hint(ctx); err != nil {
		s.log.Warn("web: counting a hint failed", "table", at.t.Row.ID, "err", err)
	}
	advice := "No win found in time: play on, and ask again later."
	hint := ""
	switch {
	case sol.Verdict == games.Solvable && len(sol.Moves) > 0:
		hint, advice = sol.Moves[0], "Hint: "+sol.Moves[0]+", a win is still possible ("+strconv.Itoa(len(sol.Moves))+" moves)."
	case sol.Verdict == games.Unwinnable:
		advice = "This deal can't be won from here any more. Undo, or resign."
	case len(sol.Moves) > 0:
		hint, advice = sol.Moves[0], "No win found in time; a good move: "+sol.Moves[0]+"."
	}
	if !wantsJSON(r) {
		http.Redirect(w, r, s.p.table(at.token), http.StatusSeeOther)
		return nil
	}
	b := s.boardOf(at, hint)
	b.Notice = advice
	return writeJSON(w, http.StatusOK, b)
}

// tableBoard answers GET /t/{token}/board: the signed-in player's board
// as it is now (JSON), for a page that learnt of a move made elsewhere.
func (s *Server) tableBoard(w http.ResponseWriter, r *http.Request) error {
	if s.signIn == nil {
		return errNoSignIn
	}
	sess, ok := s.session(r)
	switch {
	case !ok:
		return s.moveRefused(w, r, errSignInToPlay)
	case !s.moveLimit.allow(sess.User, s.now()): // each reading replays the game
		return s.moveRefused(w, r, errTooFast)
	}
	row, token, err := s.byToken(r)
	if err != nil {
		return s.moveRefused(w, r, err)
	}
	t, err := play.Load(r.Context(), s.st, s.games.Engines(), row.ID)
	if err != nil {
		return s.moveRefused(w, r, err)
	}
	seat, seated := t.SeatOf(sess.User)
	if !seated || !t.Info.Solitaire() || t.Game == nil {
		return s.moveRefused(w, r, errNotYourSeat)
	}
	return writeJSON(w, http.StatusOK, s.boardOf(&seatAt{t: t, sess: sess, seat: seat, token: token}, ""))
}

// maxForm bounds a POST's body: a move, a version and a token are a few
// dozen bytes.
const maxForm = 4 << 10

// limitForm bounds r's body before its form is read: a longer one reads
// as no form, and is refused for what it lacks.
func limitForm(r *http.Request) {
	r.Body = http.MaxBytesReader(nil, r.Body, maxForm)
}

// wantsJSON reports whether the request is the page's script (which asks
// for JSON) rather than a form sent without JavaScript.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// moveRefused answers a refused change: the short reason as JSON for the
// page's script, else as an error page.
func (s *Server) moveRefused(w http.ResponseWriter, r *http.Request, err error) error {
	var he *httpError
	if !wantsJSON(r) || !errors.As(err, &he) {
		return err
	}
	if he == errTooFast {
		w.Header().Set("Retry-After", "1")
	}
	return writeJSON(w, he.status, map[string]string{"error": he.msg})
}

// writeJSON answers v as JSON, never kept by a cache.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
	return nil
}
