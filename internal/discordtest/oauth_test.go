package discordtest_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestOAuth: the fake's OAuth2 grants a code for a registered redirect
// with an S256 challenge, exchanges it once for a token with the client's
// secret and the matching verifier, and answers users/@me for the token
// as the official description's UserPIIResponse says; every other request
// is refused as Discord refuses it.
func TestOAuth(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t, discordtest.Options{})
	fake.AddUser(discordtest.User{ID: "310000000000000001", Name: "Ann Lee"})
	const redirect = "http://127.0.0.1:1/signin/callback"
	fake.SetOAuth("secret", redirect)
	fake.ApproveAs("310000000000000001")
	verifier := strings.Repeat("v", 43)
	sum := sha256.Sum256([]byte(verifier))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	authorize := func(redirectURI, method string) (*http.Response, url.Values) {
		q := url.Values{"client_id": {fake.AppID()}, "response_type": {"code"}, "redirect_uri": {redirectURI}, "scope": {"identify"},
			"state": {"st"}, "code_challenge": {challenge}, "code_challenge_method": {method}}
		res, err := noFollow.Get(fake.URL() + "/oauth2/authorize?" + q.Encode())
		require.NoError(t, err)
		res.Body.Close()
		loc, _ := url.Parse(res.Header.Get("Location"))
		return res, loc.Query()
	}
	exchange := func(code, secret, verifier string) (int, map[string]any) {
		f := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "code_verifier": {verifier}}
		req, _ := http.NewRequest(http.MethodPost, fake.URL()+"/api/v10/oauth2/token", strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(fake.AppID(), secret)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var body map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&body))
		return res.StatusCode, body
	}

	res, q := authorize(redirect, "S256")
	require.Equal(t, http.StatusFound, res.StatusCode)
	assert.Equal(t, "st", q.Get("state"))
	code := q.Get("code")
	status, body := exchange(code, "wrong", verifier)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, "invalid_client", body["error"])
	status, body = exchange(code, "secret", strings.Repeat("w", 43))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "invalid_grant", body["error"])
	status, body = exchange(code, "secret", verifier)
	require.Equal(t, http.StatusOK, status)
	token, _ := body["access_token"].(string)
	status, body = exchange(code, "secret", verifier)
	assert.Equal(t, "invalid_grant", body["error"], "a code is used once")
	assert.Equal(t, http.StatusBadRequest, status)

	req, _ := http.NewRequest(http.MethodGet, fake.URL()+"/api/v10/users/@me", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	me, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	raw, _ := io.ReadAll(me.Body)
	me.Body.Close()
	require.Equal(t, http.StatusOK, me.StatusCode)
	problems, err := discordtest.ResponseCheck("UserPIIResponse", raw)
	require.NoError(t, err)
	assert.Empty(t, problems)
	assert.Contains(t, string(raw), `"global_name":"Ann Lee"`)
	require.Empty(t, fake.Violations())

	// Requests Discord refuses: violations.
	res, _ = authorize("http://elsewhere.example/cb", "S256")
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	res, _ = authorize(redirect, "plain")
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	assert.Len(t, fake.Violations(), 2)
	fake.ClearViolations()
}
