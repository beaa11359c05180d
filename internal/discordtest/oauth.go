package discordtest

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// OAuth2, as a web site signing players in with Discord uses it: the
// authorization code grant with PKCE (S256). The fake's application is
// its AppID with the secret and redirect URIs SetOAuth registers.
//
//   - GET /oauth2/authorize: Discord's consent screen. A browser has no
//     Discord account here: the test says who approves (ApproveAs), and the
//     fake redirects at once to the redirect URI with a code and the state,
//     as Discord does once the player clicks Authorize (or with
//     error=access_denied after DenyAs, the player declining). A request
//     Discord would refuse (unknown client, unregistered redirect URI, no
//     S256 challenge, a scope other than identify) is a violation and a 400.
//   - POST /api/v10/oauth2/token (and /api/oauth2/token): the code
//     exchanged, form-encoded, the client authenticated by HTTP Basic or
//     the form; the code must be the fake's, unused, ten minutes old at
//     most, for the same redirect URI, and the code_verifier must hash to
//     its challenge. OAuth2's errors otherwise (invalid_client,
//     invalid_grant, invalid_request), as Discord answers them.
//   - GET /api/v10/users/@me with "Authorization: Bearer <token>": the
//     user, validated against the official description's UserPIIResponse.
//
// The token endpoint's form body is not in the OpenAPI description (it is
// not JSON); its fields are checked as Discord's OAuth2 page documents.

// oauthState is the fake's OAuth2: its application and the grants made.
type oauthState struct {
	mu        sync.Mutex
	secret    string
	redirects []string
	approver  string // the user who approves the next authorizations
	deny      bool
	codes     map[string]*grant
	tokens    map[string]string // access token → user id
	exchanges int
}

// grant is a code handed out at authorize.
type grant struct {
	user, redirect, challenge string
	at                        time.Time
	used                      bool
}

// SetOAuth registers the application's client secret and its redirect
// URIs (the exact addresses Discord may send players back to).
func (s *Server) SetOAuth(secret string, redirectURIs ...string) {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.secret, s.oauth.redirects = secret, redirectURIs
}

// ApproveAs makes userID (a user of AddUser) the player at the consent
// screen: each authorization from now on is approved as them.
func (s *Server) ApproveAs(userID string) {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.approver, s.oauth.deny = userID, false
}

// DenyAs makes the player at the consent screen decline.
func (s *Server) DenyAs(userID string) {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.approver, s.oauth.deny = userID, true
}

// OAuthExchanges counts the codes exchanged for tokens.
func (s *Server) OAuthExchanges() int {
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	return s.oauth.exchanges
}

// oauthRoutes serves the OAuth2 routes.
func (s *Server) oauthRoutes() {
	s.oauth.codes, s.oauth.tokens = map[string]*grant{}, map[string]string{}
	s.mux.HandleFunc("GET /oauth2/authorize", s.oauthAuthorize)
	s.mux.HandleFunc("POST /api/v10/oauth2/token", s.oauthToken)
	s.mux.HandleFunc("POST /api/oauth2/token", s.oauthToken)
	s.mux.HandleFunc("GET /api/v10/users/@me", s.oauthMe)
}

// oauthAuthorize is the consent screen, approved or declined at once.
func (s *Server) oauthAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	o := &s.oauth
	o.mu.Lock()
	defer o.mu.Unlock()
	var bad string
	switch {
	case q.Get("client_id") != s.opts.AppID:
		bad = "unknown client_id"
	case q.Get("response_type") != "code":
		bad = "response_type is not code"
	case !slices.Contains(o.redirects, q.Get("redirect_uri")):
		bad = "redirect_uri is not registered"
	case q.Get("scope") != "identify":
		bad = "scope is not identify alone"
	case q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43:
		bad = "no S256 code_challenge"
	case q.Get("state") == "":
		bad = "no state"
	case o.approver == "":
		bad = "no user to approve (ApproveAs)"
	}
	if bad != "" {
		s.violation("GET /oauth2/authorize: %s", bad)
		http.Error(w, "Invalid OAuth2 request: "+bad, http.StatusBadRequest)
		return
	}
	back, _ := url.Parse(q.Get("redirect_uri"))
	v := back.Query()
	if o.deny {
		v.Set("error", "access_denied")
		v.Set("error_description", "The resource owner or authorization server denied the request")
	} else {
		code := s.NewID() + "c" + randomHex(8)
		o.codes[code] = &grant{user: o.approver, redirect: q.Get("redirect_uri"), challenge: q.Get("code_challenge"), at: time.Now()}
		v.Set("code", code)
	}
	v.Set("state", q.Get("state"))
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// oauthToken exchanges a code for a token.
func (s *Server) oauthToken(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") || r.ParseForm() != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "the body must be form-encoded")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	o := &s.oauth
	o.mu.Lock()
	defer o.mu.Unlock()
	if id != s.opts.AppID || o.secret == "" || subtle.ConstantTimeCompare([]byte(secret), []byte(o.secret)) != 1 {
		oauthError(w, http.StatusUnauthorized, "invalid_client", "")
		return
	}
	f := r.PostForm
	if f.Get("grant_type") != "authorization_code" {
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "")
		return
	}
	g := o.codes[f.Get("code")]
	switch {
	case g == nil || g.used || time.Since(g.at) > 10*time.Minute:
		oauthError(w, http.StatusBadRequest, "invalid_grant", `Invalid "code" in request.`)
		return
	case f.Get("redirect_uri") != g.redirect:
		oauthError(w, http.StatusBadRequest, "invalid_grant", `Invalid "redirect_uri" in request.`)
		return
	case g.challenge != "" && !pkceMatches(f.Get("code_verifier"), g.challenge): // an Activity's code has none
		oauthError(w, http.StatusBadRequest, "invalid_grant", `Invalid "code_verifier" in request.`)
		return
	}
	g.used = true
	o.exchanges++
	token := randomHex(15)
	o.tokens[token] = g.user
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": token, "token_type": "Bearer", "expires_in": 604800,
		"refresh_token": randomHex(15), "scope": "identify"})
}

// pkceMatches reports whether verifier (43 to 128 characters) hashes to
// challenge, as S256 says.
func pkceMatches(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:]) == challenge
}

// oauthError answers as Discord's OAuth2 endpoints do.
func oauthError(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	body := map[string]string{"error": code}
	if desc != "" {
		body["error_description"] = desc
	}
	_ = json.NewEncoder(w).Encode(body)
}

// oauthMe answers GET /users/@me for a bearer token.
func (s *Server) oauthMe(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.oauth.mu.Lock()
	userID := s.oauth.tokens[token]
	s.oauth.mu.Unlock()
	if !ok || userID == "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"message": "401: Unauthorized", "code": 0}`))
		return
	}
	s.mu.Lock()
	u := s.users[userID]
	s.mu.Unlock()
	name := "user" + userID
	if u != nil && u.Name != "" {
		name = u.Name
	}
	body, _ := json.Marshal(map[string]any{"id": userID, "username": strings.ToLower(strings.ReplaceAll(name, " ", "_")),
		"global_name": name, "avatar": nil, "discriminator": "0", "public_flags": 0, "flags": 0,
		"mfa_enabled": false, "locale": "en-US", "premium_type": 0})
	if problems, err := ResponseCheck("UserPIIResponse", body); err != nil || len(problems) > 0 {
		s.violation("GET /users/@me: the fake's answer breaks UserPIIResponse: %v %v", problems, err)
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// ResponseCheck validates a JSON body against a schema of the official
// description's components (such as "UserPIIResponse") and returns the
// problems found, one line each, or nil when it conforms.
func ResponseCheck(component string, body []byte) ([]string, error) {
	sch, err := sharedSchemas.component(component)
	if err != nil {
		return nil, err
	}
	return validateAgainst(sch, body)
}

// component compiles a schema of the description's components, once.
func (ss *schemaSet) component(name string) (*jsonschema.Schema, error) {
	if err := ss.load(); err != nil {
		return nil, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	key := "#/components/schemas/" + name
	if sch := ss.byRoute[key]; sch != nil {
		return sch, nil
	}
	sch, err := ss.compiler.Compile(specURL + key)
	if err != nil {
		return nil, err
	}
	ss.byRoute[key] = sch
	return sch, nil
}

// randomHex is n random bytes in hex: codes and tokens no one guesses.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
