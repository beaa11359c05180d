package web

import (
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// The table page of a signed-in player: who they are, sign out, and at
// their own solitaire in play, the board to play it (board.go) with the
// addresses and the CSRF token its script and its forms send.

// seatBody is the signed-in part of a table page.
type seatBody struct {
	// SignIn is the address to sign in at (nil session); Name the player
	// signed in, with SignOut's form.
	SignIn, Name, SignOut, CSRF, Here string
	// Board is the player's board, when they play this solitaire now;
	// Hand their seat at this multiplayer game (seat.go).
	Board *board
	Hand  *handBody
	// BoardJSON is Board for the script; Move, Hint, Refresh its POSTs'
	// and its reading's addresses.
	BoardJSON           string
	Move, Hint, Refresh string
}

// playerPart is the signed-in part of table row's page (nil when the
// site offers no sign-in). The page is then the player's: no cache keeps
// it.
func (s *Server) playerPart(w http.ResponseWriter, r *http.Request, row store.TableRow, token string) (*seatBody, error) {
	if s.signIn == nil {
		return nil, nil
	}
	here := s.p.table(token)
	sess, ok := s.session(r)
	switch {
	case !ok && row.Status != store.StatusPlaying:
		return nil, nil // nothing to play here
	case !ok:
		return &seatBody{SignIn: s.p.prefix + "/signin?next=" + url.QueryEscape(here), Here: here}, nil
	}
	w.Header().Set("Cache-Control", "private, no-store")
	pb := &seatBody{Name: sess.Name, SignOut: s.p.prefix + "/signout", CSRF: sess.CSRF, Here: here,
		Move: here + "/move", Hint: here + "/hint", Refresh: here + "/board"}
	if row.Status != store.StatusPlaying || !seatedAt(row, sess.User) {
		return pb, nil
	}
	t, err := play.Load(r.Context(), s.st, s.games.Engines(), row.ID)
	if err != nil {
		return nil, err
	}
	seat, _ := t.SeatOf(sess.User)
	at := &seatAt{t: t, sess: sess, seat: seat, token: token}
	switch {
	case t.Game == nil:
		return pb, nil
	case !t.Info.Solitaire():
		pb.Hand = s.handOf(at, wordsOf(r))
		return pb, nil
	}
	b := s.boardOf(at, "")
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	pb.Board, pb.BoardJSON = &b, string(raw)
	return pb, nil
}

// seatedAt reports whether user plays a seat of row (a person's seat).
func seatedAt(row store.TableRow, user string) bool {
	for _, p := range row.Players {
		if !p.Computer && p.UserID == user {
			return true
		}
	}
	return false
}
