package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// The Activity: the same table pages, run by Discord in an iframe inside a
// channel (its Entry Point command, registered by the bot, launches it).
// Discord loads the site's root through its proxy with frame_id and
// instance_id in the query; the page (activity.html, with Discord's
// Embedded App SDK bundled in static/activity.js) asks the Discord client
// to authorize, and the code comes here to be exchanged for the player's
// session, which is the site's ordinary session cookie made for a frame
// (SameSite=None, Partitioned). Then the instance is the table: the page
// asks for the instance's table, which this server checks with Discord
// (the instance's participants, by the bot's token: the page's word for
// who is there counts for nothing), and the first participant to choose a
// game opens it: a solitaire theirs, a multiplayer game (with the bot to
// play it) everyone's there then; later ones watch it. The table page then plays as it does
// outside Discord. Every address is relative, as Discord's proxy needs.

// Activity configures the Activity; nil Config.Activity offers none. It
// needs Config.SignIn (the application's OAuth2 client).
type Activity struct {
	// BotToken looks the Activity's instances up at Discord. Required.
	BotToken string
}

// activity is an Activity ready to use.
type activity struct {
	botToken string
	exchange oauth2.Config // the sign-in's client, without a redirect: the Discord client authorized
}

// activityAuth is activity/token's answer: what the page needs of the
// session it made.
type activityAuth struct {
	AccessToken string `json:"access_token"` // for the SDK's authenticate
	CSRF        string `json:"csrf"`
	User        string `json:"user"`
	Name        string `json:"name"`
}

// Refusals of the Activity's routes.
var (
	errNoActivity    = notFound("This site does not run as a Discord Activity.")
	errNotInActivity = &httpError{http.StatusForbidden, "You are not in this Activity: open it from Discord."}
	errActivityGone  = &httpError{http.StatusNotFound, "This Activity has ended: open it again from Discord."}
	errNoSuchGame    = badRequest("There is no such game to deal here.")
)

// newActivity readies c for a site signing in with in.
func newActivity(c *Activity, in *signIn) (*activity, error) {
	switch {
	case in == nil:
		return nil, errors.New("web: the Activity needs signing in (Config.SignIn)")
	case c.BotToken == "":
		return nil, errors.New("web: the Activity needs the bot's token")
	}
	x := in.oauth
	x.RedirectURL = ""
	return &activity{botToken: c.BotToken, exchange: x}, nil
}

// activityFrame reports whether r is Discord loading the Activity.
func activityFrame(r *http.Request) bool {
	q := r.URL.Query()
	return q.Get("frame_id") != "" && q.Get("instance_id") != ""
}

// activityBody is the Activity's page.
type activityBody struct {
	ClientID string
	Games    []activityGame
	// Seats is set when multiplayer games are dealt: its participants sit.
	Seats bool
}

// activityGame is a game the Activity deals: the solitaires, and with
// the bot to play them (Config.Play) the multiplayer games
// (activityseats.go).
type activityGame struct{ Name, Title string }

// activityPage answers Discord's load of the Activity.
func (s *Server) activityPage(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	return s.render(w, http.StatusOK, "activity", page{Title: "The table", NoIndex: true,
		Scripts: []string{"activity.js"}, Body: activityBody{ClientID: s.signIn.oauth.ClientID, Games: s.activityGames(), Seats: s.play != nil}})
}

// activityGames are the games the Activity deals.
func (s *Server) activityGames() []activityGame {
	var out []activityGame
	for _, g := range s.games.All() {
		if g.Solitaire() || s.play != nil {
			out = append(out, activityGame{g.Name, g.Title})
		}
	}
	return out
}

// activityToken answers POST activity/token: the code the Discord client
// gave the page, exchanged for the player's session.
func (s *Server) activityToken(w http.ResponseWriter, r *http.Request) error {
	if s.activity == nil {
		return errNoActivity
	}
	w.Header().Set("Cache-Control", "no-store")
	var in struct {
		Code string `json:"code"`
	}
	if err := readJSON(r, &in); err != nil || in.Code == "" || len(in.Code) > 256 {
		return badRequest("No code to sign in with.")
	}
	sess, v, token, err := s.exchangeSession(r, &s.activity.exchange, in.Code)
	if err != nil {
		return err
	}
	s.setFrameCookie(w, sessionCookie, v, SessionLifetime)
	return writeJSON(w, http.StatusOK, activityAuth{AccessToken: token, CSRF: sess.CSRF, User: sess.User, Name: sess.Name})
}

// setFrameCookie sets a cookie that a page framed by Discord keeps: sent
// from inside another site's frame (SameSite=None, so Secure), and kept
// apart for that site (Partitioned).
func (s *Server) setFrameCookie(w http.ResponseWriter, name, value string, maxAge time.Duration) {
	path := s.p.prefix
	if path == "" {
		path = "/"
	}
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: path, HttpOnly: true, Secure: true,
		SameSite: http.SameSiteNoneMode, Partitioned: true, MaxAge: int(maxAge / time.Second)})
}

// activityTableReply is the answer of activity/table: the table's page
// (relative), or the games to choose from.
type activityTableReply struct {
	Table  string         `json:"table,omitempty"`
	Choose []activityGame `json:"choose,omitempty"`
}

// activityTable answers POST activity/table: the instance's table, opened
// with the game named when none is, for a participant of the instance.
func (s *Server) activityTable(w http.ResponseWriter, r *http.Request) error {
	if s.activity == nil {
		return errNoActivity
	}
	w.Header().Set("Cache-Control", "no-store")
	sess, ok := s.session(r)
	switch {
	case !ok:
		return errSignInToPlay
	case !checkCSRF(r, sess):
		return errBadForm
	case !s.moveLimit.allow(sess.User, s.now()):
		return errTooFast
	}
	var in struct {
		Instance string `json:"instance"`
		Game     string `json:"game"`
	}
	if err := readJSON(r, &in); err != nil || in.Instance == "" || len(in.Instance) > 256 {
		return badRequest("No Activity named.")
	}
	ctx, cancel := context.WithTimeout(r.Context(), moveTimeout)
	defer cancel()
	inst, err := s.activityInstance(ctx, in.Instance)
	if err != nil {
		return err
	}
	if !slices.Contains(inst.Users, sess.User) {
		return errNotInActivity
	}
	id, err := s.st.ActivityTable(ctx, in.Instance)
	switch {
	case errors.Is(err, store.ErrNotFound) && in.Game == "":
		return writeJSON(w, http.StatusOK, activityTableReply{Choose: s.activityGames()})
	case errors.Is(err, store.ErrNotFound):
		if id, err = s.openActivityTable(ctx, inst, sess, in.Game); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	token, err := s.st.TableToken(ctx, id)
	if err != nil {
		return err
	}
	// Relative to the page (the site's root), as Discord's proxy needs.
	return writeJSON(w, http.StatusOK, activityTableReply{Table: strings.TrimPrefix(s.p.table(token), s.p.home())})
}

// openActivityTable opens game at instance inst for the player of sess,
// and binds it to the instance: of two opened at once, the first bound is
// the instance's, and the other is given up.
func (s *Server) openActivityTable(ctx context.Context, inst activityInstance, sess session, game string) (int64, error) {
	g, ok := s.games.Lookup(game)
	if !ok || (!g.Solitaire() && s.play == nil) {
		return 0, errNoSuchGame
	}
	var t *play.Table
	var err error
	if g.Solitaire() {
		t, err = play.Open(ctx, s.st, s.games.Engines(), store.TableRow{Game: g.Name, Deal: play.RandomDeal(), Seats: 1,
			GuildID: inst.Location.GuildID, OwnerID: sess.User, Status: store.StatusPlaying,
			Players: []store.Player{{Seat: 0, UserID: sess.User, Name: sess.Name}}})
	} else {
		t, err = s.openActivityMulti(ctx, inst, sess, g)
	}
	if err != nil {
		return 0, err
	}
	id, err := s.st.BindActivity(ctx, inst.InstanceID, t.Row.ID)
	if err != nil {
		return 0, err
	}
	if id != t.Row.ID {
		if err := t.Abandon(ctx); err != nil {
			s.log.Warn("web: giving up a second table of an Activity failed", "table", t.Row.ID, "err", err)
		}
	}
	s.log.Info("web: an Activity's table opened", "table", id, "game", g.Name, "guild", inst.Location.GuildID, "user", sess.User)
	return id, nil
}

// activityInstance is an Activity instance as Discord says it is.
type activityInstance struct {
	InstanceID string `json:"instance_id"`
	Location   struct {
		Kind      string `json:"kind"`
		ChannelID string `json:"channel_id"`
		GuildID   string `json:"guild_id"`
	} `json:"location"`
	Users []string `json:"users"`
}

// activityInstance asks Discord, with the bot's token, for instance id.
func (s *Server) activityInstance(ctx context.Context, id string) (activityInstance, error) {
	u := fmt.Sprintf("%s/applications/%s/activity-instances/%s", s.signIn.api,
		url.PathEscape(s.signIn.oauth.ClientID), url.PathEscape(id))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return activityInstance{}, err
	}
	req.Header.Set("Authorization", "Bot "+s.activity.botToken)
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/dealer/dealer, 1) dealer-web")
	resp, err := s.signIn.client.Do(req)
	if err != nil {
		return activityInstance{}, &httpError{http.StatusBadGateway, "Discord did not answer: try again."}
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return activityInstance{}, errActivityGone
	case resp.StatusCode != http.StatusOK:
		s.log.Warn("web: looking an Activity up failed", "status", resp.StatusCode)
		return activityInstance{}, &httpError{http.StatusBadGateway, "Discord did not answer: try again."}
	}
	var inst activityInstance
	if err := json.Unmarshal(body, &inst); err != nil || inst.InstanceID != id {
		return activityInstance{}, &httpError{http.StatusBadGateway, "Discord did not answer: try again."}
	}
	return inst, nil
}

// readJSON reads a small JSON body into v.
func readJSON(r *http.Request, v any) error {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		return errors.New("not JSON")
	}
	return json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(v)
}

// discordFrames are the origins that frame the Activity: Discord's
// clients, and its proxy of the Activity itself (a page framing another
// of the site's pages).
const discordFrames = "'self' https://discord.com https://ptb.discord.com https://canary.discord.com https://*.discordsays.com"

// frameAncestors is the pages' CSP frame-ancestors: Discord's, with the
// Activity; else none.
func (s *Server) frameAncestors() string {
	if s.activity != nil {
		return discordFrames
	}
	return "'none'"
}

// refusedAsJSON is h with its refusals said as JSON to the page's script.
func refusedAsJSON(s *Server, h func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := h(w, r); err != nil {
			return s.moveRefused(w, r, err)
		}
		return nil
	}
}
