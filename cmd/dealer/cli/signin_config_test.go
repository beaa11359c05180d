package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSignInConfig: web.client_id turns signing in on only with
// web.public_url and both secrets from the environment; a refusal names
// the key and the variable, never a secret's value.
func TestSignInConfig(t *testing.T) {
	t.Parallel()
	key := strings.Repeat("s", 32)
	full := "web:\n  public_url: https://dealer.example.org\n  client_id: '123456789012345678'\n"
	env := func(secret, session string) func(string) string {
		return func(k string) string {
			return map[string]string{clientSecretEnv: secret, sessionKeyEnv: session}[k]
		}
	}
	for _, tc := range []struct {
		name, text      string
		secret, session string
		want            []string // in the error; none: accepted
	}{
		{"off", "web:\n  public_url: https://dealer.example.org\n", "", "", nil},
		{"on", full, "hunter2", key, nil},
		{"not an id", "web:\n  public_url: https://x.org\n  client_id: abc\n", "hunter2", key, []string{"line 3", "web.client_id must be the application's numeric id"}},
		{"no public_url", "web:\n  client_id: '1234'\n", "hunter2", key, []string{"needs web.public_url"}},
		{"no secret", full, "", key, []string{clientSecretEnv}},
		{"a short session key", full, "hunter2", "short", []string{sessionKeyEnv, "at least 32 characters (it has 5)"}},
		{"the Activity", full + "  activity: true\n", "hunter2", key, nil},
		{"the Activity without signing in", "web:\n  public_url: https://x.org\n  activity: true\n", "", "", []string{"web.activity needs web.client_id"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(writeConfig(t, tc.text), true, env(tc.secret, tc.session))
			if tc.want == nil {
				require.NoError(t, err)
				assert.Equal(t, tc.secret, c.ClientSecret)
				return
			}
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.NotContains(t, err.Error(), "hunter2")
		})
	}
}
