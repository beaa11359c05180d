package discordtest_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// endpoint is an application's interactions endpoint, for testing the
// fake's side: it verifies signatures (unless lax), answers PINGs, and
// answers interactions with answer.
type endpoint struct {
	key    ed25519.PublicKey
	lax    bool // accepts anything, forged or not
	pong   func(w http.ResponseWriter)
	answer func(w http.ResponseWriter, id, token string)
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.lax && !discordgo.VerifyInteraction(r, e.key) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i struct {
		Type  int    `json:"type"`
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &i)
	if i.Type == discordtest.InteractionPing {
		if e.pong != nil {
			e.pong(w)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":1}`))
		return
	}
	e.answer(w, i.ID, i.Token)
}

// callback sends an initial response through the fake's callback endpoint.
func callback(t *testing.T, fake *discordtest.Server, id, token, body string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "https://discord.com"+discordtest.APIPrefix+"/interactions/"+id+"/"+token+"/callback", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "endpoint-test")
	resp, err := fake.HTTPClient().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
}

// httpFake is a fake with a /deal command, whose interactions go to e.
func httpFake(t *testing.T, e *endpoint, opts discordtest.Options) *discordtest.Server {
	t.Helper()
	opts.Guilds = []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}}
	fake := discordtest.New(t, opts)
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	e.key = fake.PublicKey()
	req, err := http.NewRequest(http.MethodPut, "https://discord.com"+discordtest.APIPrefix+"/applications/"+fake.AppID()+"/guilds/"+guildID+"/commands",
		strings.NewReader(`[{"name":"deal","description":"Deal a hand","type":1}]`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bot "+fake.Token())
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "endpoint-test")
	resp, err := fake.HTTPClient().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	require.NoError(t, fake.SetInteractionsEndpoint(srv.URL))
	return fake
}

func TestHTTPDeliveryJudgesTheAnswer(t *testing.T) {
	t.Parallel()
	const hi = `{"type":4,"data":{"content":"hi"}}`
	tests := []deliveryCase{
		{name: "callback, then 202 with no body", status: 202, answered: true,
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				callback(t, fake, id, token, hi)
				w.WriteHeader(http.StatusAccepted)
			}},
		{name: "the response in the body", status: 200, answered: true, inline: true,
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, hi)
			}},
		{name: "no answer (500)", status: 500,
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				w.WriteHeader(http.StatusInternalServerError)
			}},
		{name: "a genuine request refused", status: 401, violation: "signature check is wrong",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				w.WriteHeader(http.StatusUnauthorized)
			}},
		{name: "202 before any callback", status: 202, violation: "202 before any accepted initial response",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				w.WriteHeader(http.StatusAccepted)
			}},
		{name: "202 with a body", status: 202, answered: true, violation: "202 with a body",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				callback(t, fake, id, token, hi)
				w.WriteHeader(http.StatusAccepted)
				_, _ = io.WriteString(w, "ok")
			}},
		{name: "callback, then 200 with no body", status: 200, answered: true, violation: "Discord wants 202",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				callback(t, fake, id, token, hi)
			}},
		{name: "callback, then the response in the body too", status: 200, answered: true, violation: "acknowledged twice",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				callback(t, fake, id, token, hi)
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, hi)
			}},
		{name: "a response in the body that breaks the schema", status: 200, violation: "OpenAPI schema",
			answer: func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"type":4,"data":{"content":5}}`)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkDeliveryJudged(t, tt) })
	}
}

// deliveryCase is one way the bot's endpoint answers Discord's request, and
// how the fake must judge it.
type deliveryCase struct {
	name      string
	answer    func(t *testing.T, fake *discordtest.Server, w http.ResponseWriter, id, token string)
	status    int
	answered  bool   // the interaction got an accepted initial response
	inline    bool   // given in the HTTP answer's body
	violation string // "" none
}

// checkDeliveryJudged delivers a command over HTTP to an endpoint that
// answers as tt does, and checks the fake's judgement: the status seen,
// whether the interaction was answered (and inline), the violation.
func checkDeliveryJudged(t *testing.T, tt deliveryCase) {
	t.Parallel()
	e := &endpoint{}
	fake := httpFake(t, e, discordtest.Options{AckDeadline: time.Second})
	e.answer = func(w http.ResponseWriter, id, token string) { tt.answer(t, fake, w, id, token) }
	in, err := fake.SlashCommand(guildID, channelID, alice, "deal", nil)
	require.NoError(t, err)
	d, err := in.WaitDelivery(wait)
	require.NoError(t, err)
	assert.Equal(t, tt.status, d.Status)
	r, err := in.WaitFinal(wait)
	if tt.answered {
		require.NoError(t, err)
		assert.Equal(t, "hi", r.Content)
		assert.Equal(t, tt.inline, r.Callback.Route == discordtest.RouteInlineResponse)
	} else {
		assert.ErrorIs(t, err, discordtest.ErrNoResponse)
	}
	if tt.violation == "" {
		assert.NoError(t, fake.CheckClean())
	} else {
		assert.Contains(t, strings.Join(fake.Violations(), "\n"), tt.violation)
	}
	identifies, _ := fake.GatewayStats()
	assert.Zero(t, identifies, "no gateway")
}

func TestSetInteractionsEndpointChecksPingAndSignature(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		e       *endpoint
		wantErr string
	}{
		{name: "a good endpoint", e: &endpoint{}},
		{name: "an endpoint that takes forged requests", e: &endpoint{lax: true}, wantErr: "not 401"},
		{name: "a PONG that is not JSON", e: &endpoint{pong: func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = io.WriteString(w, `{"type":1}`)
		}}, wantErr: "not 200 with a JSON"},
		{name: "no PONG", e: &endpoint{pong: func(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }}, wantErr: "not 200 with a JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := discordtest.New(t, discordtest.Options{})
			tt.e.key = fake.PublicKey()
			srv := httptest.NewServer(tt.e)
			t.Cleanup(srv.Close)
			err := fake.SetInteractionsEndpoint(srv.URL)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				assert.NotEmpty(t, fake.Violations())
				assert.Empty(t, fake.InteractionsEndpoint(), "the URL is not saved")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, srv.URL, fake.InteractionsEndpoint())
			assert.NoError(t, fake.CheckClean())
			// The application tells its key and endpoint.
			sess := fake.NewSession()
			body, err := sess.Request(http.MethodGet, discordgo.EndpointApplication("@me"), nil)
			require.NoError(t, err)
			var app discordgo.Application
			require.NoError(t, json.Unmarshal(body, &app))
			assert.Equal(t, fake.PublicKeyHex(), app.VerifyKey)
			assert.Equal(t, fake.AppID(), app.ID)
			assert.Contains(t, string(body), `"interactions_endpoint_url":"`+srv.URL+`"`)
		})
	}
}

func TestForgedInteractions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		lax       bool
		violation string
	}{
		{name: "refused with 401"},
		{name: "taken", lax: true, violation: "not 401"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := &endpoint{}
			fake := httpFake(t, e, discordtest.Options{AckDeadline: 500 * time.Millisecond})
			e.lax = tt.lax
			e.answer = func(w http.ResponseWriter, id, token string) {
				// A callback for a forged interaction: Discord never made it.
				callback(t, fake, id, token, `{"type":4,"data":{"content":"hi"}}`)
				w.WriteHeader(http.StatusAccepted)
			}
			fake.ForgeNext(discordtest.BadSignature)
			in, err := fake.SlashCommand(guildID, channelID, alice, "deal", nil)
			require.NoError(t, err)
			d, err := in.WaitDelivery(wait)
			require.NoError(t, err)
			assert.Equal(t, discordtest.BadSignature, d.Forgery)
			_, err = in.WaitFinal(wait)
			assert.ErrorIs(t, err, discordtest.ErrNoResponse, "no answer is accepted for a forged interaction")
			assert.Empty(t, fake.Interactions(), "a forged request is no interaction")
			if tt.violation == "" {
				assert.Equal(t, http.StatusUnauthorized, d.Status)
				assert.NoError(t, fake.CheckClean())
				return
			}
			assert.Contains(t, strings.Join(fake.Violations(), "\n"), tt.violation)
			assert.Contains(t, strings.Join(fake.Violations(), "\n"), "unknown interaction", "its callback was refused")
		})
	}
	t.Run("without an endpoint", func(t *testing.T) {
		t.Parallel()
		fake := discordtest.New(t, discordtest.Options{})
		fake.AddUser(discordtest.User{ID: alice})
		fake.ForgeNext(discordtest.BadSignature)
		_, err := fake.SendComponent(discordtest.RawComponent{UserID: alice, CustomID: "x"})
		assert.ErrorContains(t, err, "needs an interactions endpoint")
	})
}

func TestPostRawSigns(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t, discordtest.Options{ClockOffset: time.Hour})
	key := fake.PublicKey()
	type seen struct {
		Verified  bool
		Timestamp int64
		Method    string
		Type      string
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts, _ := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		verified := discordgo.VerifyInteraction(r, key)
		var p struct{ Type int }
		if json.Unmarshal(body, &p) == nil && p.Type == discordtest.InteractionPing { // SetInteractionsEndpoint's checks
			if !verified {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"type":1}`)
			return
		}
		_ = json.NewEncoder(w).Encode(seen{Verified: verified, Timestamp: ts, Method: r.Method, Type: r.Header.Get("Content-Type")})
	}))
	t.Cleanup(srv.Close)
	_, err := fake.PostRaw(discordtest.RawPost{})
	require.Error(t, err, "no endpoint yet")
	require.NoError(t, fake.SetInteractionsEndpoint(srv.URL))
	now := fake.Now().Unix() // the fake's clock, an hour ahead of ours
	for _, tt := range []struct {
		name     string
		post     discordtest.RawPost
		verified bool
		age      int64 // seconds before the fake's now
		method   string
		ctype    string
	}{
		{name: "genuine", post: discordtest.RawPost{Body: []byte("x")}, verified: true, method: "POST", ctype: "application/json"},
		{name: "bad signature", post: discordtest.RawPost{Body: []byte("x"), Forgery: discordtest.BadSignature}, method: "POST", ctype: "application/json"},
		{name: "missing signature", post: discordtest.RawPost{Body: []byte("x"), Forgery: discordtest.MissingSignature}, age: now, method: "POST", ctype: "application/json"},
		{name: "stale", post: discordtest.RawPost{Body: []byte("x"), Forgery: discordtest.StaleTimestamp}, verified: true,
			age: int64(discordtest.StaleBy / time.Second), method: "POST", ctype: "application/json"},
		{name: "a GET in plain text", post: discordtest.RawPost{Method: "GET", ContentType: "text/plain"}, verified: true, method: "GET", ctype: "text/plain"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := fake.PostRaw(tt.post)
			require.NoError(t, err)
			var s seen
			require.NoError(t, json.Unmarshal(d.Body, &s))
			assert.Equal(t, tt.verified, s.Verified)
			assert.InDelta(t, now-tt.age, s.Timestamp, 2)
			assert.Equal(t, tt.method, s.Method)
			assert.Equal(t, tt.ctype, s.Type)
		})
	}
	assert.NoError(t, fake.CheckClean())
}
