package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// A table's page: a lobby's seats, a game being played (the spectator's
// picture, pushed on every move), or a replay once it is over, every move
// drawn again from the store's record: a game is pure and deterministic.

// tableState is a table as its page shows it.
type tableState struct {
	sess  store.TableRow
	token string
	info  render.Game
	names []string
	// rec is the table's record (nil moves for a lobby); log its moves.
	rec games.Record
	log []games.Entry
	// game is the game after every move of log; nil for a lobby.
	game games.Game
}

// byToken is the table named by the request's {token}: a 404 for a bad
// or unknown token, errPagesOff for a table of a server that turned its
// pages off, a brokenError for one the store marked broken.
func (s *Server) byToken(r *http.Request) (store.TableRow, string, error) {
	token := r.PathValue("token")
	if !store.ValidToken(token) {
		return store.TableRow{}, "", notFound("There is no such table.")
	}
	sess, err := s.st.TableByToken(r.Context(), token)
	if err != nil {
		return store.TableRow{}, "", err
	}
	if err := s.pagesOn(r, sess.GuildID); err != nil {
		return store.TableRow{}, "", err
	}
	if sess.Broken != "" {
		return store.TableRow{}, "", &brokenError{id: sess.ID, why: errors.New(sess.Broken)}
	}
	return sess, token, nil
}

// brokenError is a table whose moves no longer replay under the dealer's
// rules (store.TableRow.Broken, or a replay that failed here): its pages
// say so, and show nothing of it. Its text names the table and the move
// that failed, never why: a refusal may name a card of a hand, which no
// log line shows (why is kept for errors.Is and As).
type brokenError struct {
	id   int64
	move int // the move that did not apply, from 1; 0 if not known
	why  error
}

// Error names the table and, when known, the move that failed, never why
// (see brokenError).
func (e *brokenError) Error() string {
	if e.move > 0 {
		return fmt.Sprintf("web: table %d no longer replays: its move %d does not apply", e.id, e.move)
	}
	return fmt.Sprintf("web: table %d no longer replays", e.id)
}

// Unwrap is why the move does not apply.
func (e *brokenError) Unwrap() error { return e.why }

// errBroken is what a broken table's pages answer: 410 Gone, as the table
// is kept but will not be shown again.
var errBroken = &httpError{http.StatusGone,
	"This table can no longer be shown: its moves do not replay under the dealer's rules. It is kept as it was."}

// replayRecord is rec's game after its moves, under its rules version; a
// record that does not replay (an error, or an engine's panic) is a
// brokenError.
func (s *Server) replayRecord(id int64, rec games.Record) (g games.Game, err error) {
	defer func() {
		if v := recover(); v != nil {
			g, err = nil, &brokenError{id: id, why: fmt.Errorf("panic: %v", v)}
		}
	}()
	g, err = s.games.Engines().Replay(rec)
	if err != nil {
		var move int
		_, _ = fmt.Sscanf(err.Error(), "move %d", &move) // games.Registry.Replay's "move N (…): …"
		return nil, &brokenError{id: id, move: move, why: err}
	}
	return g, nil
}

// applyMoves plays moves on g, the moves from number done+1 on of table
// id; one that does not apply (an error, or an engine's panic) is a
// brokenError, and g is then not to be used.
func (s *Server) applyMoves(id int64, g games.Game, moves []games.Entry, done int) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &brokenError{id: id, why: fmt.Errorf("panic: %v", v)}
		}
	}()
	for i, e := range moves {
		if err := games.Play(g, e.Seat, e.Move); err != nil {
			return &brokenError{id: id, move: done + i + 1, why: err}
		}
	}
	return nil
}

// loadTable rebuilds sess's game from its record.
func (s *Server) loadTable(ctx context.Context, sess store.TableRow, token string) (*tableState, error) {
	if sess.Broken != "" {
		return nil, &brokenError{id: sess.ID, why: errors.New(sess.Broken)}
	}
	info, ok := s.games.Lookup(sess.Game)
	if !ok {
		return nil, notFound("This table's game is no longer offered.")
	}
	ts := &tableState{sess: sess, token: token, info: info, names: seatNames(sess)}
	if sess.Status == store.StatusLobby {
		return ts, nil
	}
	rec, err := s.st.Record(ctx, sess.ID)
	if err != nil {
		return nil, err
	}
	if ts.game, err = s.replayRecord(sess.ID, rec); err != nil {
		return nil, err
	}
	ts.rec, ts.log = rec, rec.Moves
	return ts, nil
}

// seatNames are the players' names by seat, as the bot's pictures show
// them ("" for an empty seat).
func seatNames(sess store.TableRow) []string {
	out := make([]string, sess.Seats)
	for _, p := range sess.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = p.Name
		}
	}
	return out
}

// handsShown reports whether every hand may be shown: a multiplayer game
// that has ended, as the engine itself says (an abandoned game has not).
func (ts *tableState) handsShown() bool {
	return !ts.info.Solitaire() && ts.sess.Status.Finished() && ts.game != nil && ts.game.Status().Finished()
}

// dealHidden reports whether a table's deal number is kept from its page:
// today's daily deal's, until the day is over (in Discord as here), since
// the number would let a player practise the deal first.
func (s *Server) dealHidden(sess store.TableRow) bool {
	return sess.Daily != "" && sess.Daily >= s.today()
}

// tableBody is the table page's content.
type tableBody struct {
	Title, Rules string
	Deal         uint64
	Daily        string
	Lobby        bool
	Seated       []string
	// Live is set while the game is played: the page listens at Events,
	// which pushes what follows Version; unless a cap refuses its stream
	// (LiveOff says so, and Events is "").
	Live                     bool
	Events, Version, LiveOff string
	Now                      liveEvent
	Replay                   *replayBody
	// Player is the signed-in part (nil: the site offers no sign-in);
	// Playing is set when it holds the player's board.
	Player  *seatBody
	Playing bool
}

// liveEvent is a playing table as its page shows it, and as the live
// stream pushes it (JSON): nothing a spectator could not see in Discord.
type liveEvent struct {
	Moves   int    `json:"moves"`
	Picture string `json:"picture"`
	Turn    string `json:"turn"`
	Totals  string `json:"totals"`
}

// table answers /t/{token}.
func (s *Server) table(w http.ResponseWriter, r *http.Request) error {
	sess, token, err := s.byToken(r)
	if err != nil {
		return err
	}
	info, ok := s.games.Lookup(sess.Game)
	if !ok {
		return notFound("This table's game is no longer offered.")
	}
	body := tableBody{Title: info.Title, Rules: info.DescribeOptions(mustOptions(info, sess.Options)),
		Deal: sess.Deal, Daily: sess.Daily}
	p := page{Title: fmt.Sprintf("%s · deal #%d", info.Title, sess.Deal), NoIndex: true, Body: &body}
	if s.dealHidden(sess) {
		body.Deal, p.Title = 0, info.Title
	}
	if body.Player, err = s.playerPart(w, r, sess, token); err != nil {
		return err
	}
	body.Playing = body.Player != nil && body.Player.Board != nil
	if sess.GuildID != "" {
		p.Crumbs = []crumb{{"This server", s.p.server(sess.GuildID)}}
	}
	if sess.Status != store.StatusLobby && sess.Status != store.StatusPlaying {
		ts, err := s.loadTable(r.Context(), sess, token)
		if err != nil {
			return err
		}
		step, err := s.step(r, len(ts.log))
		if err != nil {
			return err
		}
		body.Replay = s.replay(ts, step)
		p.Scripts = []string{"replay.js"}
		return s.render(w, http.StatusOK, "table", p)
	}
	body.Lobby = sess.Status == store.StatusLobby
	body.Seated = seated(sess)
	body.Live, body.Version = true, version(tableVersion(sess))
	if no := s.live.refusal(sess.ID, s.client(r), s.user(r)); no != nil {
		body.LiveOff = no.msg // the page still shows the table as it is
	} else {
		body.Events = s.p.table(token) + "/events"
	}
	if !body.Lobby {
		// A watched table's feed has read it already: no replay here.
		if ev, ok := s.live.shown(sess.ID, body.Version); ok {
			body.Now = ev
		} else {
			ts, err := s.loadTable(r.Context(), sess, token)
			if err != nil {
				return err
			}
			body.Now = s.liveNow(ts)
		}
	}
	p.Scripts = []string{"live.js"}
	if body.Playing {
		p.Scripts = append(p.Scripts, "play.js")
		if s.overlay {
			p.Scripts = append(p.Scripts, "overlay.js")
		}
	}
	if body.Player != nil && body.Player.Hand != nil {
		p.Scripts = append(p.Scripts, "seat.js")
	}
	return s.render(w, http.StatusOK, "table", p)
}

// mustOptions reads a table's stored house rules (nil if they no longer
// parse: the title then says the standard game's name).
func mustOptions(info render.Game, options string) games.Options {
	o, err := info.ParseOptions(options)
	if err != nil {
		return nil
	}
	return o
}

// seated lists a lobby's players.
func seated(sess store.TableRow) []string {
	var out []string
	for _, p := range sess.Players {
		name := p.Name
		if p.Computer {
			name += " (computer)"
		}
		out = append(out, name)
	}
	return out
}

// liveNow is the playing table as a spectator sees it now.
func (s *Server) liveNow(ts *tableState) liveEvent {
	g := ts.game
	ev := liveEvent{Moves: g.Moves(), Picture: s.pictureURL(ts.token, g.Moves())}
	var turn []string
	if !g.Status().Finished() {
		for _, seat := range games.WaitingOn(g) {
			turn = append(turn, ts.name(seat))
		}
	}
	ev.Turn = strings.Join(turn, ", ")
	ev.Totals = totals(ts, g)
	return ev
}

// name is the player at seat, for the page's text.
func (ts *tableState) name(seat games.Seat) string {
	if int(seat) >= 0 && int(seat) < len(ts.names) && ts.names[seat] != "" {
		return ts.names[seat]
	}
	return "Seat " + strconv.Itoa(int(seat)+1)
}

// totals says the scores: "Score 52" for a solitaire, "Ann 12 · Bond 3"
// for a multiplayer game.
func totals(ts *tableState, g games.Game) string {
	scores := g.Scores()
	if ts.info.Solitaire() && len(scores) > 0 {
		return "Score " + strconv.Itoa(scores[0])
	}
	parts := make([]string, len(scores))
	for seat, v := range scores {
		parts[seat] = ts.name(games.Seat(seat)) + " " + strconv.Itoa(v)
	}
	return strings.Join(parts, " · ")
}

func (s *Server) pictureURL(token string, step int) string {
	return s.p.table(token) + "/at/" + strconv.Itoa(step) + ".png"
}

func (s *Server) handURL(token string, step, seat int) string {
	return s.p.table(token) + "/at/" + strconv.Itoa(step) + "/" + strconv.Itoa(seat) + ".png"
}

// step reads the replay's ?step= (from 0 to last; last when absent).
func (s *Server) step(r *http.Request, last int) (int, error) {
	q := r.URL.Query()
	v, ok := q["step"]
	if !ok {
		return last, nil
	}
	n, err := strconv.Atoi(strings.Join(v, ","))
	if err != nil || n < 0 {
		return 0, badRequest("A step is a whole number from 0.")
	}
	if n > last {
		return 0, notFound("The game has no move " + strconv.Itoa(n) + ".")
	}
	return n, nil
}

// replayBody is a closed table's replay at one step.
type replayBody struct {
	Step, Last              int
	Picture                 string
	PictureAt, HandAt, Base string // URL patterns: {n} the step, {s} the seat
	First, Prev, Next, End  string
	Moves                   []moveLine
	Wide                    bool // the moves say who made them: wider columns
	Hands                   []handLine
	Ending                  string
	Standings               []standingLine
}

// moveLine is one move of a replay's list: who made it and what it was
// (Move, unless Shown is false: the game does not say how its moves read
// to spectators, and the list says only that a move was made).
type moveLine struct {
	N         int
	Who, Move string
	Shown     bool
	URL       string
	Current   bool
}

type handLine struct {
	Seat    int
	Name    string
	Picture string
}

type standingLine struct {
	Place int
	Name  string
	Score int
	Won   bool
}

// replay is the replay of a closed table at step.
func (s *Server) replay(ts *tableState, step int) *replayBody {
	base := s.p.table(ts.token)
	at := func(n int) string { return base + "?step=" + strconv.Itoa(n) }
	last := len(ts.log)
	rb := &replayBody{Step: step, Last: last, Picture: s.pictureURL(ts.token, step),
		PictureAt: base + "/at/{n}.png", HandAt: base + "/at/{n}/{s}.png", Base: base,
		First: at(0), Prev: at(max(step-1, 0)), Next: at(min(step+1, last)), End: at(last)}
	// Until every hand is shown, a multiplayer game's moves read as the
	// channel saw them: a move that named a card from a hand does not
	// name it here.
	rb.Wide = !ts.info.Solitaire()
	spectate := !ts.info.Solitaire() && !ts.handsShown()
	for i, e := range ts.log {
		line := moveLine{N: i + 1, Move: e.Move, URL: at(i + 1), Current: i+1 == step}
		if !ts.info.Solitaire() {
			line.Who = ts.name(e.Seat)
		}
		if spectate {
			line.Move, line.Shown = ts.info.Spectate(e.Move, render.Params{Names: ts.names})
		} else {
			line.Shown = true
		}
		rb.Moves = append(rb.Moves, line)
	}
	if ts.handsShown() {
		for seat := range ts.names {
			rb.Hands = append(rb.Hands, handLine{Seat: seat, Name: ts.name(games.Seat(seat)), Picture: s.handURL(ts.token, step, seat)})
		}
	}
	rb.Ending, rb.Standings = ending(ts)
	return rb
}

// ending says how the game ended.
func ending(ts *tableState) (string, []standingLine) {
	g := ts.game
	st := g.Status()
	switch {
	case ts.sess.Status == store.StatusAbandoned || !st.Finished():
		return "Abandoned before the end: it counts for no one.", nil
	case ts.info.Solitaire():
		score := g.Scores()[0]
		if st == games.Won {
			return fmt.Sprintf("Won in %d moves, score %d%s.", g.Moves(), score, took(ts.sess)), nil
		}
		return fmt.Sprintf("Lost after %d moves, score %d.", g.Moves(), score), nil
	}
	var lines []standingLine
	var winners []string
	for _, sd := range play.Standings(g) {
		lines = append(lines, standingLine{Place: sd.Place, Name: ts.name(sd.Seat), Score: sd.Score, Won: sd.Won})
		if sd.Won {
			winners = append(winners, ts.name(sd.Seat))
		}
	}
	if len(winners) == 0 {
		return "Game over.", lines
	}
	return "Won by " + strings.Join(winners, " and ") + ".", lines
}

// took says how long a game took, " in 4m05s", or "".
func took(sess store.TableRow) string {
	if sess.FinishedAt.IsZero() {
		return ""
	}
	return " in " + shortDuration(sess.FinishedAt.Sub(sess.CreatedAt))
}

// shortDuration writes a game's time as players say it: 45s, 4m05s, 1h02m.
func shortDuration(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// tablePicture answers /t/{token}/at/{n}.png: the table after n moves as a
// spectator saw it then.
func (s *Server) tablePicture(w http.ResponseWriter, r *http.Request) error {
	sess, token, err := s.byToken(r)
	if err != nil {
		return err
	}
	n, ok := strings.CutSuffix(r.PathValue("step"), ".png")
	step, err := strconv.Atoi(n)
	if !ok || err != nil || step < 0 || step > sess.Moves || sess.Status == store.StatusLobby {
		return notFound("There is no such picture.")
	}
	png, err := s.pics.get(pictureKey{table: sess.ID, step: step, seat: int(games.Spectator), names: namesOf(sess)}, func() ([]byte, error) {
		return s.drawStep(sess, token, step, games.Spectator)
	})
	if err != nil {
		return err
	}
	return writePNG(w, png, keptAMinute)
}

// handPicture answers /t/{token}/at/{n}/{seat}.png: a seat's hand after n
// moves, only once a multiplayer game has ended.
func (s *Server) handPicture(w http.ResponseWriter, r *http.Request) error {
	sess, token, err := s.byToken(r)
	if err != nil {
		return err
	}
	step, err1 := strconv.Atoi(r.PathValue("step"))
	n, ok := strings.CutSuffix(r.PathValue("seat"), ".png")
	seat, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil || !ok || step < 0 || step > sess.Moves || seat < 0 || seat >= sess.Seats {
		return notFound("There is no such picture.")
	}
	// Hands are shown only when the store and the engine agree that the
	// game ended (drawStep checks the engine).
	if !sess.Status.Finished() {
		return notFound("Hands are shown once the game is over.")
	}
	png, err := s.pics.get(pictureKey{table: sess.ID, step: step, seat: seat, names: namesOf(sess)}, func() ([]byte, error) {
		return s.drawStep(sess, token, step, games.Seat(seat))
	})
	if err != nil {
		return err
	}
	return writePNG(w, png, keptAMinute)
}

// drawTimeout bounds reading a table to draw one of its pictures.
const drawTimeout = 10 * time.Second

// drawStep draws the table after step moves: as a spectator saw it
// (viewer games.Spectator), or a seat's hand, which only a multiplayer
// game that has ended shows. It is drawn once for all who ask at the same
// moment (pictureCache), so not on any one request's context: one client
// leaving does not fail the others.
func (s *Server) drawStep(sess store.TableRow, token string, step int, viewer games.Seat) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), drawTimeout)
	defer cancel()
	ts, err := s.loadTable(ctx, sess, token)
	if err != nil {
		return nil, err
	}
	if step > len(ts.log) {
		return nil, notFound("There is no such picture.")
	}
	if viewer != games.Spectator && !ts.handsShown() {
		return nil, notFound("Hands are shown once the game is over.")
	}
	g := ts.game
	if step < len(ts.log) {
		rec := ts.rec
		rec.Moves = ts.log[:step]
		if g, err = s.replayRecord(sess.ID, rec); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	defer func() { s.m.render.WithLabelValues("picture").Observe(time.Since(start).Seconds()) }()
	if viewer == games.Spectator {
		return ts.info.Table(s.rend, g.View(games.Spectator), render.Params{Names: ts.names, HideDeal: s.dealHidden(sess)})
	}
	var legal []string
	for _, m := range g.Legal(viewer) {
		legal = append(legal, m.String())
	}
	return ts.info.Hand(s.rend, g.View(viewer), render.Params{Names: ts.names, Legal: legal})
}

// namesOf is a table's players' names, one key: a picture drawn with
// other names is another picture.
func namesOf(sess store.TableRow) string {
	var sb strings.Builder
	for _, p := range sess.Players {
		sb.WriteString(p.Name)
		sb.WriteByte(0)
	}
	return sb.String()
}

// keptAMinute is how browsers keep a table's picture (Cache-Control): a
// table's picture after n moves never changes, but a server may turn its
// pages off, so a minute.
const keptAMinute = "private, max-age=60"

// writePNG answers with a picture, kept as cache (Cache-Control) says.
func writePNG(w http.ResponseWriter, png []byte, cache string) error {
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", cache)
	h.Set("Content-Length", strconv.Itoa(len(png)))
	_, _ = w.Write(png)
	return nil
}
