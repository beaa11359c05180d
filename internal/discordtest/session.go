package discordtest

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// This is the only file that imports discordgo: everything else reads the
// wire format itself.

// discordHosts are the hosts discordgo talks to over HTTP. Anything else is
// refused, so a test can never leak a request to the real Internet.
var discordHosts = map[string]bool{
	"discord.com": true, "discordapp.com": true,
	"cdn.discordapp.com": true, "media.discordapp.net": true,
}

// rewriteTransport sends https://discord.com/... to the fake, keeping the path.
type rewriteTransport struct {
	target *url.URL
	base   http.RoundTripper
}

// RoundTrip sends req to the fake instead of Discord; a request to any
// other host is refused.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !discordHosts[req.URL.Host] {
		return nil, fmt.Errorf("discordtest: refusing request to non-Discord host %q", req.URL.Host)
	}
	r := req.Clone(req.Context())
	r.URL.Scheme, r.URL.Host, r.Host = t.target.Scheme, t.target.Host, t.target.Host
	r.Header.Set("X-Fake-Original-Host", req.URL.Host)
	return t.base.RoundTrip(r)
}

// HTTPClient returns a client that routes discord.com to the fake. No proxy,
// no global state: several fakes can run in parallel tests.
func (s *Server) HTTPClient() *http.Client {
	c, _ := ClientFor(s.http.URL)
	return c
}

// ClientFor returns a client that routes discord.com to a fake served at
// baseURL (a Server's URL), for a bot in another process than the fake,
// such as a child process killed in a crash test.
func ClientFor(baseURL string) (*http.Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("discordtest: bad fake URL %q", baseURL)
	}
	return &http.Client{
		Timeout:   10 * time.Second,
		Transport: &rewriteTransport{target: u, base: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 64}},
	}, nil
}

// AttachURL is Attach for a fake served at baseURL, possibly by another
// process.
func AttachURL(sess *discordgo.Session, baseURL string) error {
	c, err := ClientFor(baseURL)
	if err != nil {
		return err
	}
	sess.Client = c
	sess.Dialer = &websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	return nil
}

// Attach points a discordgo session at the fake, through public,
// per-session hooks only:
//
//   - Session.Client: every REST call goes through it, including GET
//     /gateway, which Open uses to find the websocket URL — the fake answers
//     with its own ws:// address.
//   - Session.Dialer: used for the websocket; replaced to drop gorilla's
//     proxy-from-environment and add a handshake timeout.
func (s *Server) Attach(sess *discordgo.Session) {
	_ = AttachURL(sess, s.http.URL)
}

// NewSession is discordgo.New("Bot "+token) + Attach. The session is not
// opened. Close it before the fake.
func (s *Server) NewSession() *discordgo.Session {
	sess, err := discordgo.New("Bot " + s.opts.Token)
	if err != nil {
		panic(err) // discordgo.New never fails in v0.29.0
	}
	s.Attach(sess)
	return sess
}
