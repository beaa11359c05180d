package web

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// A seat at a multiplayer table, on its player's own table page: their
// hand (drawn as the bot draws it for their DM), their private facts, and
// their legal moves as the page's controls: the game's card buttons, or
// its menu (render.WalkTree) one step a page, each step's choices links
// and each whole move a form, so that all of it works without
// JavaScript (seat.js only fetches the part again). Nothing of another
// seat is read here: every picture, word and control comes from the
// player's own view, and only a session seated at the table gets them.

// maxWords bounds a menu step's words (?words=): a move is a few dozen
// bytes.
const maxWords = 200

// handBody is a seated player's part of a multiplayer table in play.
type handBody struct {
	// Picture is the hand's address, Alt what it shows in words.
	Picture, Alt string
	// Private are the seat's private facts ("Your agent: …"); Status whose
	// turn it is.
	Private, Status string
	Version         int
	// Off says why the page takes no move from this seat ("": it does).
	Off string
	// Buttons are the game's card buttons, in rows; Menu its menu's step.
	Buttons [][]handMove
	Menu    *menuStep
	// Move, CSRF and Part are the moves' address, the session's token and
	// this part's own address (seat.js fetches it again).
	Move, CSRF, Part string
}

// handMove is one move the page makes: a form with one button.
type handMove struct {
	Label, Move      string
	Primary, Enabled bool
}

// seatForm is what one move's form is drawn from.
type seatForm struct {
	Action, CSRF string
	Version      int
	Move         handMove
}

// menuStep is a step of the game's menu: the words chosen so far, the
// choices that lead on (links) and those that make a move (forms).
type menuStep struct {
	// Prefix is the words chosen so far, in notation; SoFar as said.
	Prefix, SoFar string
	Next          []menuChoice
	Moves         []handMove
	// Back is the first step's address ("" at the first step).
	Back string
}

// menuChoice is a choice that leads to the menu's next step.
type menuChoice struct {
	Label, URL, Words string
}

// errStandIn is a move from a seat a computer player stands in for.
var errStandIn = &httpError{http.StatusForbidden, "A computer player has your seat: take it back in Discord with Take my seat back, then play here."}

// handOf is the part of a checked seat at a multiplayer table, at the
// menu's step after words.
func (s *Server) handOf(at *seatAt, words string) *handBody {
	t, seat := at.t, at.seat
	here := s.p.table(at.token)
	names := t.Names()
	legal := legalOf(t.Game, seat)
	view := t.Game.View(seat)
	info, _ := s.games.Lookup(t.Row.Game)
	params := render.Params{Names: names, Legal: legal}
	hb := &handBody{Version: t.Game.Moves(), Picture: here + "/hand/" + strconv.Itoa(t.Game.Moves()) + ".png",
		Alt: info.Describe(view, params), Private: strings.ReplaceAll(info.Private(view, params), "**", ""),
		Move: here + "/move", CSRF: at.sess.CSRF, Part: here + "/seat"}
	switch {
	case t.Game.Status().Finished():
		hb.Status = "The game is over."
	case len(legal) > 0:
		hb.Status = "Your turn."
	default:
		var waiting []string
		for _, w := range games.WaitingOn(t.Game) {
			waiting = append(waiting, nameAt(names, w))
		}
		hb.Status = "Waiting for " + strings.Join(waiting, ", ") + "."
	}
	switch {
	case s.play == nil:
		hb.Off = "Moves at this table are made in Discord: this page shows your hand and the table."
	case t.Player(seat).StandIn:
		hb.Off = errStandIn.msg
	case len(legal) > 0 && !t.Game.Status().Finished():
		c := info.Controls(view, params)
		switch {
		case c.Menu != nil:
			hb.Menu = menuAt(c.Menu, legal, strings.Fields(words), here)
		case c.Buttons != nil:
			hb.Buttons = handButtons(c.Buttons)
		default: // a game with no controls for its seats: its moves as they are written
			hb.Buttons = handButtons(plainButtons(legal))
		}
	}
	return hb
}

// nameAt is the player at seat, or "Seat N".
func nameAt(names []string, seat games.Seat) string {
	if int(seat) >= 0 && int(seat) < len(names) && names[seat] != "" {
		return names[seat]
	}
	return "Seat " + strconv.Itoa(int(seat)+1)
}

// legalOf is seat's legal moves in notation.
func legalOf(g games.Game, seat games.Seat) []string {
	var out []string
	for _, m := range g.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}

// handButtons are the game's buttons as the page's forms.
func handButtons(rows [][]render.Button) [][]handMove {
	var out [][]handMove
	for _, row := range rows {
		var r []handMove
		for _, b := range row {
			r = append(r, handMove{Label: b.Label, Move: b.Move, Primary: b.Style == render.Primary, Enabled: b.Enabled})
		}
		if len(r) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// plainButtons are legal moves as buttons, five a row.
func plainButtons(legal []string) [][]render.Button {
	var rows [][]render.Button
	for i, m := range legal {
		if i%5 == 0 {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], render.Button{Label: m, Move: m, Enabled: true})
	}
	return rows
}

// menuAt is the menu's step after prefix (the first step when prefix is
// not one the legal moves reach: a stale or forged address).
func menuAt(m *render.Menu, legal, prefix []string, here string) *menuStep {
	step := render.WalkTree(legal, prefix)
	if step.Move == "" && len(step.Options) == 0 {
		step = render.WalkTree(legal, nil)
	}
	said := func(words []string) string {
		var out []string
		for i, w := range words {
			out = append(out, m.Word(words[:i], w))
		}
		return strings.Join(out, " ")
	}
	ms := &menuStep{Prefix: strings.Join(step.Prefix, " "), SoFar: said(step.Prefix)}
	if len(step.Prefix) > 0 {
		ms.Back = here + "#seat"
	}
	if step.Move != "" { // every word forced: the one move there is
		ms.Moves = append(ms.Moves, handMove{Label: said(step.Prefix), Move: step.Move, Primary: true, Enabled: true})
		return ms
	}
	for _, w := range step.Options {
		move, next, ok := render.Choose(legal, step.Prefix, w)
		switch {
		case !ok:
			continue
		case w == render.TreeEnd:
			ms.Moves = append(ms.Moves, handMove{Label: "Just that: " + said(step.Prefix), Move: move, Enabled: true})
		case move != "":
			ms.Moves = append(ms.Moves, handMove{Label: m.Word(step.Prefix, w), Move: move, Enabled: true})
		default:
			words := strings.Join(next, " ")
			ms.Next = append(ms.Next, menuChoice{Label: m.Word(step.Prefix, w), Words: words,
				URL: here + "?words=" + url.QueryEscape(words) + "#seat"})
		}
	}
	return ms
}

// seatedPlayer reads the request's table for its seated player's own
// view (no change): the session and its rate, the table in play, a seat
// of the player's at a multiplayer game.
func (s *Server) seatedPlayer(ctx context.Context, r *http.Request) (*seatAt, error) {
	if s.signIn == nil {
		return nil, errNoSignIn
	}
	sess, ok := s.session(r)
	switch {
	case !ok:
		return nil, errSignInToPlay
	case !s.moveLimit.allow(sess.User, s.now()): // each reading replays the game
		return nil, errTooFast
	}
	row, token, err := s.byToken(r)
	if err != nil {
		return nil, err
	}
	if row.Status != store.StatusPlaying || !seatedAt(row, sess.User) {
		return nil, errNotYourSeat
	}
	t, err := s.loadPlay(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	seat, seated := t.SeatOf(sess.User)
	if !seated || t.Game == nil || t.Info.Solitaire() {
		return nil, errNotYourSeat
	}
	return &seatAt{t: t, sess: sess, seat: seat, token: token}, nil
}

// seatPart answers GET /t/{token}/seat: the seated player's part of the
// page alone (?words= the menu's step), for seat.js to show after a move.
func (s *Server) seatPart(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), moveTimeout)
	defer cancel()
	at, err := s.seatedPlayer(ctx, r)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := s.tmpl["table"].ExecuteTemplate(&buf, "seat", s.handOf(at, wordsOf(r))); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "private, no-store")
	_, _ = w.Write(buf.Bytes())
	return nil
}

// wordsOf is the request's menu step (?words=), bounded.
func wordsOf(r *http.Request) string {
	words := r.URL.Query().Get("words")
	if len(words) > maxWords {
		return ""
	}
	return words
}

// seatHand answers GET /t/{token}/hand/{n}.png: the seated player's own
// hand as it is now (n, the move count the page showed, only keeps one
// picture from another), to them alone and kept by no cache.
func (s *Server) seatHand(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), drawTimeout)
	defer cancel()
	n, ok := strings.CutSuffix(r.PathValue("n"), ".png")
	if _, err := strconv.Atoi(n); !ok || err != nil {
		return notFound("There is no such picture.")
	}
	at, err := s.seatedPlayer(ctx, r)
	if err != nil {
		return err
	}
	t, seat := at.t, at.seat
	info, _ := s.games.Lookup(t.Row.Game)
	png, err := info.Hand(s.rend, t.Game.View(seat), render.Params{Names: t.Names(), Legal: legalOf(t.Game, seat)})
	if err != nil {
		return err
	}
	return writePNG(w, png, "private, no-store")
}
