package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// A signed-in player's session is a sealed cookie (AES-256-GCM under
// SignIn.SessionKey): the server keeps nothing, so any process sharing
// the key knows the session, and nothing is written to the database (the
// pages may run on a read-only database user). The price: a cookie cannot
// be revoked before it expires (SessionLifetime), only forgotten by its
// browser at sign-out; it holds nothing secret beyond the CSRF token.

// sessionCookie and flowCookie are the cookies' names: the signed-in
// session, and a sign-in under way (its state and PKCE verifier).
const (
	sessionCookie = "dealer_session"
	flowCookie    = "dealer_signin"
)

// SessionLifetime is how long a sign-in lasts; flowLifetime how long the
// player has to approve at Discord.
const (
	SessionLifetime = 7 * 24 * time.Hour
	flowLifetime    = 10 * time.Minute
)

// session is a signed-in player.
type session struct {
	User    string `json:"u"` // Discord user id
	Name    string `json:"n"` // as the pages greet them
	CSRF    string `json:"c"` // the token every POST carries
	Expires int64  `json:"e"` // Unix seconds
}

// flow is a sign-in under way, from /signin to Discord's redirect back.
type flow struct {
	State    string `json:"s"`
	Verifier string `json:"v"`
	Next     string `json:"n"` // the page to return to
	Expires  int64  `json:"e"`
}

// sealer seals and opens cookies' values.
type sealer struct{ aead cipher.AEAD }

// newSealer makes a sealer from a key of any length (hashed to 32 bytes).
func newSealer(key []byte) (*sealer, error) {
	k := sha256.Sum256(key)
	block, err := aes.NewCipher(k[:])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

// seal writes v as a cookie's value, bound to name (a value of one cookie
// does not open as another's).
func (s *sealer) seal(name string, v any) (string, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, plain, []byte(name))
	return base64.RawURLEncoding.EncodeToString(out), nil
}

// errBadCookie is a cookie that does not open: forged, cut, or sealed
// under another key.
var errBadCookie = errors.New("web: a cookie that does not open")

// open reads a cookie's value sealed by seal into v.
func (s *sealer) open(name, value string, v any) error {
	raw, err := base64.RawURLEncoding.DecodeString(value)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return errBadCookie
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(name))
	if err != nil {
		return errBadCookie
	}
	if json.Unmarshal(plain, v) != nil {
		return errBadCookie
	}
	return nil
}

// randomToken is 16 random bytes, written for a URL.
func randomToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// setCookie sets a cookie of the site's: HttpOnly, SameSite=Lax (sent on
// the top-level redirect back from Discord, never on another site's POST),
// Secure when the site is served over https, for the pages' path.
func (s *Server) setCookie(w http.ResponseWriter, name, value string, maxAge time.Duration) {
	path := s.p.prefix
	if path == "" {
		path = "/"
	}
	c := &http.Cookie{Name: name, Value: value, Path: path, HttpOnly: true, Secure: s.signIn.secure,
		SameSite: http.SameSiteLaxMode, MaxAge: int(maxAge / time.Second)}
	if maxAge < 0 {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// session is the request's signed-in player, if any (a cookie that does
// not open, or expired, is no session).
func (s *Server) session(r *http.Request) (session, bool) {
	if s.signIn == nil {
		return session{}, false
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return session{}, false
	}
	var sess session
	if s.signIn.seal.open(sessionCookie, c.Value, &sess) != nil || sess.User == "" ||
		s.now().Unix() >= sess.Expires || sess.CSRF == "" {
		return session{}, false
	}
	return sess, true
}

// checkCSRF reports whether a POST carries the session's CSRF token, in
// the X-CSRF-Token header or the csrf form field.
func checkCSRF(r *http.Request, sess session) bool {
	got := r.Header.Get("X-CSRF-Token")
	if got == "" {
		got = r.PostFormValue("csrf")
	}
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(sess.CSRF)) == 1
}
