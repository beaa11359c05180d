package web_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestURLs: the addresses for Discord's links: web.public_url and a page's
// path, which the server then serves.
func TestURLs(t *testing.T) {
	u, err := web.NewURLs("https://dealer.example.org/")
	require.NoError(t, err)
	tok := "0123456789abcdef0123456789abcdef"
	assert.Equal(t, "https://dealer.example.org/t/"+tok, u.Table(tok))
	assert.Equal(t, "https://dealer.example.org/g/42", u.Server("42"))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets", u.Leaderboard("42", "doublets", store.ByWins))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets?by=points", u.Leaderboard("42", "doublets", store.ByPoints))
	assert.Equal(t, "https://dealer.example.org/g/42/players/7", u.Player("42", "7"))
	assert.Equal(t, "https://dealer.example.org/g/42/daily/doublets", u.Daily("42", "doublets", ""))
	assert.Equal(t, "https://dealer.example.org/g/42/daily/doublets/2026-11-22", u.Daily("42", "doublets", "2026-11-22"))

	prefixed, err := web.NewURLs("http://example.org:8080/dealer")
	require.NoError(t, err)
	assert.Equal(t, "http://example.org:8080/dealer/g/42", prefixed.Server("42"))

	for _, bad := range []string{"", "example.org", "ftp://example.org", "https://", "https://example.org/?a=b", "https://u:p@example.org", "://"} {
		_, err := web.NewURLs(bad)
		assert.Error(t, err, "%q", bad)
	}

	// A table's URL from its id, and the pages answer at the URLs made.
	f := newFixture(t, webtest.Seed{Tables: 3, Rand: 8}, -1)
	local, err := web.NewURLs(f.url)
	require.NoError(t, err)
	tableURL, err := local.TableOf(context.Background(), f.st, f.tables[0].ID)
	require.NoError(t, err)
	assert.Equal(t, local.Table(f.tables[0].Token), tableURL)
	_, err = local.TableOf(context.Background(), f.st, 99999)
	require.ErrorIs(t, err, store.ErrNotFound)
	for _, link := range []string{tableURL, local.Server(guild), local.Leaderboard(guild, "doublets", store.ByScore),
		local.Player(guild, f.people[0].ID)} {
		code, _ := f.get(t, link[len(f.url):])
		assert.Equal(t, 200, code, link)
	}
}
