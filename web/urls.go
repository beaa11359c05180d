package web

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/dealer/dealer/store"
)

// paths are the pages' addresses under a prefix: "" when the pages are at
// the root of the site, "/dealer" when a proxy serves them under /dealer/
// (and strips that before passing requests on). Every link a page holds
// is one of these.
type paths struct{ prefix string }

func (p paths) home() string               { return p.prefix + "/" }
func (p paths) server(guild string) string { return p.prefix + "/g/" + url.PathEscape(guild) }
func (p paths) table(token string) string  { return p.prefix + "/t/" + url.PathEscape(token) }

// leaderboard is a game's board: season "" for the current one, "all"
// for all time, or a season's key.
func (p paths) leaderboard(guild, game, by, rules, season string, page int) string {
	return p.server(guild) + "/leaderboard/" + url.PathEscape(game) +
		query("by", by, "rules", rules, "season", season, "page", pageParam(page))
}

func (p paths) player(guild, user string) string {
	return p.server(guild) + "/players/" + url.PathEscape(user)
}

// daily is a day's deal of a game: day "" for today's.
func (p paths) daily(guild, game, day string) string {
	u := p.server(guild) + "/daily/" + url.PathEscape(game)
	if day != "" {
		u += "/" + url.PathEscape(day)
	}
	return u
}

func (p paths) static(name string) string { return p.prefix + "/static/" + name }

// pageParam is a page number as a query value: "" for the first.
func pageParam(page int) string {
	if page <= 1 {
		return ""
	}
	return fmt.Sprint(page)
}

// query writes the non-empty pairs of kv as a query string ("" if none).
func query(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			v.Set(kv[i], kv[i+1])
		}
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// URLs builds the public addresses of the pages, for links from Discord:
// web.public_url followed by a page's path.
type URLs struct {
	origin string // scheme://host[:port]
	p      paths
}

// NewURLs reads publicURL, the site's address as people reach it
// (web.public_url, such as "https://dealer.example.org" or
// "https://example.org/dealer/"): an http or https URL with a host and no
// query. A path in it is the pages' prefix (a proxy in front strips it).
func NewURLs(publicURL string) (URLs, error) {
	u, err := url.Parse(strings.TrimSpace(publicURL))
	if err != nil {
		return URLs{}, fmt.Errorf("web: public URL %q: %w", publicURL, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return URLs{}, fmt.Errorf("web: public URL %q: want http:// or https:// and a host", publicURL)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return URLs{}, fmt.Errorf("web: public URL %q: no query, fragment or user, please", publicURL)
	}
	return URLs{origin: u.Scheme + "://" + u.Host, p: paths{prefix: strings.TrimRight(u.EscapedPath(), "/")}}, nil
}

// Table is a table's page, live while it is played and a replay after:
// token is its store.Store.TableToken (never its id).
func (u URLs) Table(token string) string { return u.origin + u.p.table(token) }

// TableOf is the page of table id, its token read from st.
func (u URLs) TableOf(ctx context.Context, st *store.Store, id int64) (string, error) {
	token, err := st.TableToken(ctx, id)
	if err != nil {
		return "", err
	}
	return u.Table(token), nil
}

// Server is a Discord server's page: its games and their leaders.
func (u URLs) Server(guild string) string { return u.origin + u.p.server(guild) }

// Leaderboard is a game's leaderboard in a server, ranked by one of
// store.ByWins, ByPoints or ByScore ("" for wins), under house rules (as
// Table.Options holds them; "" for the standard rules), over a season
// ("" for the current one, "all" for all time, or a season's key such as
// "2026-11").
func (u URLs) Leaderboard(guild, game, by, rules, season string) string {
	if by == store.ByWins {
		by = ""
	}
	return u.origin + u.p.leaderboard(guild, game, by, rules, season, 1)
}

// Player is a player's page in a server: user is their Discord user id.
func (u URLs) Player(guild, user string) string { return u.origin + u.p.player(guild, user) }

// Daily is a game's daily deal in a server: day "2026-11-22", or "" for
// today's.
func (u URLs) Daily(guild, game, day string) string { return u.origin + u.p.daily(guild, game, day) }
