package discord

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// signatureWire is just enough of a Wire to verify requests: a key, a
// clock, and a session whose REST calls (the clock's re-reading) go nowhere.
func signatureWire(t *testing.T, key ed25519.PublicKey) *Wire {
	t.Helper()
	sess, err := discordgo.New("Bot fake")
	require.NoError(t, err)
	require.NoError(t, discordtest.AttachURL(sess, "http://127.0.0.1:1"))
	return &Wire{s: sess, endpoint: endpoint{publicKey: key}, log: slog.New(slog.DiscardHandler)}
}

func TestSignatureCheck(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	_, other, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	body := []byte(`{"type":1}`)
	now := time.Now()
	tests := []struct {
		name      string
		key       ed25519.PrivateKey
		signed    time.Time // the timestamp signed and sent
		sent      string    // a timestamp header other than the signed one
		body      []byte    // a body other than the signed one
		signature string    // a signature header instead of the computed one
		want      bool
	}{
		{name: "genuine", key: priv, signed: now, want: true},
		{name: "signed 30 s ago", key: priv, signed: now.Add(-30 * time.Second), want: true},
		{name: "signed 30 s ahead", key: priv, signed: now.Add(30 * time.Second), want: true},
		{name: "another key", key: other, signed: now},
		{name: "body changed", key: priv, signed: now, body: []byte(`{"type":2}`)},
		{name: "timestamp changed", key: priv, signed: now, sent: strconv.FormatInt(now.Unix()+1, 10)},
		{name: "no signature", key: priv, signed: now, signature: "-"},
		{name: "signature not hex", key: priv, signed: now, signature: "zz"},
		{name: "signature too short", key: priv, signed: now, signature: "abcd"},
		{name: "signed 2 minutes ago (a replay)", key: priv, signed: now.Add(-2 * time.Minute)},
		{name: "signed 2 minutes ahead", key: priv, signed: now.Add(2 * time.Minute)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := strconv.FormatInt(tt.signed.Unix(), 10)
			sig := hex.EncodeToString(ed25519.Sign(tt.key, append([]byte(ts), body...)))
			if tt.sent != "" {
				ts = tt.sent
			}
			if tt.signature != "" {
				sig = tt.signature
			}
			sent := body
			if tt.body != nil {
				sent = tt.body
			}
			r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(sent))
			r.Header.Set("X-Signature-Timestamp", ts)
			if sig != "-" {
				r.Header.Set("X-Signature-Ed25519", sig)
			}
			assert.Equal(t, tt.want, signatureWire(t, pub).verified(r, sent))
		})
	}
}

// TestSignatureTimestampOnDiscordsClock: the signed timestamp is Discord's
// clock: compared with Discord's clock as the bot estimates it, not the
// host's.
func TestSignatureTimestampOnDiscordsClock(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	b := signatureWire(t, pub)
	now := time.Now()
	b.clock.observe(now.Add(10*time.Minute), now, now) // Discord runs 10 minutes ahead
	body := []byte(`{"type":1}`)
	for _, tt := range []struct {
		name   string
		signed time.Time
		want   bool
	}{
		{"on Discord's clock", now.Add(10 * time.Minute), true},
		{"on the host's clock", now, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts := strconv.FormatInt(tt.signed.Unix(), 10)
			r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
			r.Header.Set("X-Signature-Timestamp", ts)
			r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...))))
			assert.Equal(t, tt.want, b.verified(r, body))
		})
	}
}

func TestInteractionsOptions(t *testing.T) {
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	tests := []struct {
		mode    string
		key     ed25519.PublicKey
		http    bool
		wantErr string
	}{
		{mode: "", http: false},
		{mode: InteractionsGateway, http: false},
		{mode: InteractionsHTTP, key: pub, http: true},
		{mode: InteractionsHTTP, wantErr: "public key"},
		{mode: InteractionsHTTP, key: pub[:16], wantErr: "public key"},
		{mode: "webhook", key: pub, wantErr: `not "webhook"`},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			got, err := interactionsMode(tt.mode, tt.key)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.http, got)
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	for _, tt := range []struct {
		name, in string
		ok       bool
	}{
		{"as the portal shows it", hex.EncodeToString(pub), true},
		{"with spaces around", " " + hex.EncodeToString(pub) + "\n", true},
		{"too short", hex.EncodeToString(pub[:31]), false},
		{"not hex", "zz" + hex.EncodeToString(pub[1:]), false},
		{"empty", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k, err := ParsePublicKey(tt.in)
			if !tt.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, pub, k)
		})
	}
}

func TestSeenIDs(t *testing.T) {
	var s seenIDs
	t0 := time.Now()
	steps := []struct {
		id    string
		at    time.Duration
		first bool
	}{
		{"a", 0, true},
		{"a", time.Second, false},
		{"b", time.Second, true},
		{"a", 2*signedWithin - time.Second, false},
		{"c", 2*signedWithin + time.Minute, true}, // sweeps a and b
		{"a", 2*signedWithin + time.Minute, true},
		{"c", 2*signedWithin + time.Minute, false},
	}
	for _, st := range steps {
		assert.Equal(t, st.first, s.first(st.id, t0.Add(st.at)), "%s at %v", st.id, st.at)
	}
	assert.Len(t, s.at, 2, "old ids are forgotten")
}

// TestConnLimitVictim: which connection a newcomer past the limit replaces.
func TestConnLimitVictim(t *testing.T) {
	type conn struct {
		state    http.ConnState
		verified bool
	}
	tests := []struct {
		name  string
		conns []conn // in order of arrival, the limit full
		want  int    // the index of the connection closed; -1: the newcomer is
	}{
		{"the oldest that sent nothing", []conn{{http.StateActive, true}, {http.StateIdle, false}, {http.StateNew, false}, {http.StateNew, false}}, 2},
		{"then the oldest not yet verified", []conn{{http.StateIdle, false}, {http.StateActive, true}, {http.StateActive, false}, {http.StateActive, false}}, 2},
		{"then the oldest idle", []conn{{http.StateActive, true}, {http.StateIdle, false}, {http.StateIdle, false}}, 1},
		{"none while all serve Discord: the newcomer", []conn{{http.StateActive, true}, {http.StateActive, true}}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			shed := prometheus.NewCounter(prometheus.CounterOpts{Name: "shed"})
			l := &connLimit{max: len(tt.conns), conns: map[net.Conn]*connInfo{}, shed: shed}
			var ends []net.Conn // the client's ends, to see the server's closed
			var served []net.Conn
			for _, c := range tt.conns {
				server, client := net.Pipe()
				ends, served = append(ends, client), append(served, server)
				l.track(server, http.StateNew)
				if c.state != http.StateNew {
					l.track(server, http.StateActive)
				}
				if c.verified {
					l.verified(server)
				}
				if c.state == http.StateIdle {
					l.track(server, http.StateIdle)
				}
			}
			newServer, newClient := net.Pipe()
			defer newClient.Close()
			l.track(newServer, http.StateNew)
			assert.Equal(t, 1.0, testutil.ToFloat64(shed))
			assert.Len(t, l.conns, len(tt.conns), "never more than the limit")
			_, kept := l.conns[newServer]
			assert.Equal(t, tt.want >= 0, kept, "the newcomer is let in")
			for k, c := range served {
				_, open := l.conns[c]
				assert.Equal(t, k != tt.want, open, "connection %d", k)
				ends[k].Close()
			}
			// A closed connection leaves room.
			l.track(served[len(served)-1], http.StateClosed)
			l.track(newServer, http.StateClosed)
			assert.Less(t, len(l.conns), len(tt.conns))
		})
	}
}
