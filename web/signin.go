package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/oauth2"
)

// Sign in with Discord: OAuth2's authorization code grant with state and
// PKCE (S256), scope identify alone (the user's id and name: no e-mail,
// no servers). /signin sends the browser to Discord with a fresh state and
// a code challenge, the state and verifier kept in a sealed cookie of ten
// minutes; Discord sends it back to /signin/callback with a code, which
// is exchanged (with the client secret and the verifier) for a token, and
// the token for the user (GET /users/@me). The token is then dropped: the
// session is the sealed cookie (session.go). /signout (a POST carrying the
// CSRF token) forgets it.

// SignIn configures signing in with Discord; nil Config.SignIn offers no
// sign-in (and no play).
type SignIn struct {
	// ClientID and ClientSecret are the application's OAuth2 credentials
	// (the developer portal's OAuth2 page). Required.
	ClientID, ClientSecret string
	// SessionKey seals the session cookies: at least 32 bytes, the same
	// in every process serving the pages. Required.
	SessionKey []byte
	// Discord is where Discord is: "" for https://discord.com; a test
	// names its fake (internal/discordtest).
	Discord string
	// PublicURL is the pages' address as people reach them (the redirect
	// URI is PublicURL + "/signin/callback", to be registered in the
	// portal). Required: Config.PublicURL is used when empty.
	PublicURL string
}

// MinSessionKey is the shortest SessionKey taken.
const MinSessionKey = 32

// signIn is a SignIn ready to use.
type signIn struct {
	oauth  oauth2.Config
	api    string // Discord's REST API, ending in /api/v10
	seal   *sealer
	secure bool // the site is https: cookies are Secure
	client *http.Client
}

// newSignIn checks c and readies it.
func newSignIn(c *SignIn, publicURL string) (*signIn, error) {
	if c.PublicURL != "" {
		publicURL = c.PublicURL
	}
	switch {
	case c.ClientID == "" || c.ClientSecret == "":
		return nil, errors.New("web: signing in needs the application's client id and secret")
	case len(c.SessionKey) < MinSessionKey:
		return nil, fmt.Errorf("web: the session key must be at least %d bytes", MinSessionKey)
	case publicURL == "":
		return nil, errors.New("web: signing in needs the pages' public URL (for Discord's redirect)")
	}
	u, err := url.Parse(publicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("web: the public URL %q is not an http(s) address", publicURL)
	}
	discord := strings.TrimRight(c.Discord, "/")
	if discord == "" {
		discord = "https://discord.com"
	}
	seal, err := newSealer(c.SessionKey)
	if err != nil {
		return nil, err
	}
	return &signIn{
		oauth: oauth2.Config{ClientID: c.ClientID, ClientSecret: c.ClientSecret, Scopes: []string{"identify"},
			RedirectURL: strings.TrimRight(publicURL, "/") + "/signin/callback",
			Endpoint: oauth2.Endpoint{AuthURL: discord + "/oauth2/authorize", TokenURL: discord + "/api/v10/oauth2/token",
				AuthStyle: oauth2.AuthStyleInHeader}},
		api: discord + "/api/v10", seal: seal, secure: u.Scheme == "https",
		client: &http.Client{Timeout: 10 * time.Second},
	}, nil
}

// errNoSignIn answers the sign-in pages of a site that offers none.
var errNoSignIn = notFound("This site does not offer signing in.")

// signInStart answers GET /signin: to Discord, to approve.
func (s *Server) signInStart(w http.ResponseWriter, r *http.Request) error {
	if s.signIn == nil {
		return errNoSignIn
	}
	f := flow{State: randomToken(), Verifier: oauth2.GenerateVerifier(), Next: s.localNext(r.URL.Query().Get("next")),
		Expires: s.now().Add(flowLifetime).Unix()}
	v, err := s.signIn.seal.seal(flowCookie, f)
	if err != nil {
		return err
	}
	s.setCookie(w, flowCookie, v, flowLifetime)
	to := s.signIn.oauth.AuthCodeURL(f.State, oauth2.S256ChallengeOption(f.Verifier))
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

// localNext is where to go after signing in: a path of the site's own
// ("/t/…"), never another site's; the home page otherwise.
func (s *Server) localNext(next string) string {
	home := s.p.home()
	if next == "" || !strings.HasPrefix(next, s.p.prefix+"/") || strings.HasPrefix(next, "//") ||
		strings.ContainsAny(next, "\\\r\n") || len(next) > 512 {
		return home
	}
	return next
}

// signInDone answers GET /signin/callback: Discord's redirect back, with a
// code (or an error: the player declined).
func (s *Server) signInDone(w http.ResponseWriter, r *http.Request) error {
	if s.signIn == nil {
		return errNoSignIn
	}
	w.Header().Set("Cache-Control", "no-store")
	var f flow
	c, err := r.Cookie(flowCookie)
	if err != nil || s.signIn.seal.open(flowCookie, c.Value, &f) != nil || s.now().Unix() >= f.Expires {
		return badRequest("That sign-in has expired or was not started here: sign in again.")
	}
	s.setCookie(w, flowCookie, "", -1) // one use
	q := r.URL.Query()
	if q.Get("state") != f.State {
		return badRequest("That sign-in does not match the one started here: sign in again.")
	}
	if q.Get("error") != "" || q.Get("code") == "" {
		return &httpError{http.StatusForbidden, "Discord did not let you sign in (you may have declined): nothing changed."}
	}
	_, v, _, err := s.exchangeSession(r, &s.signIn.oauth, q.Get("code"), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return err
	}
	s.setCookie(w, sessionCookie, v, SessionLifetime)
	http.Redirect(w, r, f.Next, http.StatusSeeOther)
	return nil
}

// exchangeSession exchanges a sign-in's code with Discord (by cfg, with
// opts: PKCE's verifier) for the player's session, within the sign-in rate
// of r's client: the session, sealed for its cookie, and Discord's access
// token. A sign-in by redirect and the Activity's share it.
func (s *Server) exchangeSession(r *http.Request, cfg *oauth2.Config, code string, opts ...oauth2.AuthCodeOption) (session, string, string, error) {
	if !s.signInLimit.allow("signin:"+s.client(r), s.now()) {
		return session{}, "", "", errTooFast
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	ctx = context.WithValue(ctx, oauth2.HTTPClient, s.signIn.client)
	tok, err := cfg.Exchange(ctx, code, opts...)
	if err != nil {
		s.log.Warn("web: signing in: exchanging the code failed", "err", oauthFailure(err))
		return session{}, "", "", &httpError{http.StatusBadGateway, "Discord did not confirm the sign-in: try again."}
	}
	who, err := s.whoIs(ctx, tok.AccessToken)
	if err != nil {
		s.log.Warn("web: signing in: reading the user failed", "err", err)
		return session{}, "", "", &httpError{http.StatusBadGateway, "Discord did not say who you are: try again."}
	}
	sess := session{User: who.ID, Name: who.name(), CSRF: randomToken(), Expires: s.now().Add(SessionLifetime).Unix()}
	v, err := s.signIn.seal.seal(sessionCookie, sess)
	if err != nil {
		return session{}, "", "", err
	}
	return sess, v, tok.AccessToken, nil
}

// oauthFailure is an exchange's failure for the log: the status and
// Discord's error code, never the body (which might echo a secret).
func oauthFailure(err error) string {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		if re.Response != nil {
			return fmt.Sprintf("status %d, %s", re.Response.StatusCode, re.ErrorCode)
		}
		return re.ErrorCode
	}
	return "the token endpoint did not answer"
}

// discordUser is what GET /users/@me says that the pages use.
type discordUser struct {
	ID         string  `json:"id"`
	Username   string  `json:"username"`
	GlobalName *string `json:"global_name"`
}

// name is the user's display name: their global name, else username.
func (u discordUser) name() string {
	n := u.Username
	if u.GlobalName != nil && *u.GlobalName != "" {
		n = *u.GlobalName
	}
	if utf8.RuneCountInString(n) > 32 {
		n = string([]rune(n)[:32])
	}
	return n
}

// whoIs asks Discord whose token it is.
func (s *Server) whoIs(ctx context.Context, token string) (discordUser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.signIn.api+"/users/@me", nil)
	if err != nil {
		return discordUser{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/dealer/dealer, 1) dealer-web")
	resp, err := s.signIn.client.Do(req)
	if err != nil {
		return discordUser{}, errors.New("users/@me did not answer")
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		return discordUser{}, fmt.Errorf("users/@me answered %d", resp.StatusCode)
	}
	var u discordUser
	if err := json.Unmarshal(body, &u); err != nil || !validID(u.ID) {
		return discordUser{}, errors.New("users/@me answered no user")
	}
	return u, nil
}

// signOut answers POST /signout: the session is forgotten (with its CSRF
// token, so another site cannot sign a player out).
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) error {
	if s.signIn == nil {
		return errNoSignIn
	}
	limitForm(r)
	sess, ok := s.session(r)
	if ok && !checkCSRF(r, sess) {
		return &httpError{http.StatusForbidden, "That form has expired: reload the page and try again."}
	}
	s.setCookie(w, sessionCookie, "", -1)
	http.Redirect(w, r, s.localNext(r.PostFormValue("next")), http.StatusSeeOther)
	return nil
}
