package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// pageSize is the rows of a page of a board.
const pageSize = 25

// home answers /: what the site is; its pages are reached from Discord.
func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	if s.activity != nil && activityFrame(r) {
		return s.activityPage(w, r)
	}
	return s.render(w, http.StatusOK, "home", page{Title: "The dealer"})
}

// orders are the leaderboard's rankings, in the order of its tabs.
var orders = []struct{ by, label, metric string }{
	{store.ByWins, "Wins", "Wins"},
	{store.ByPoints, "Points", "Points"},
	{store.ByScore, "Best score", "Best"},
	{byRating, "Rating", "Rating"},
	{byStreak, "Daily streaks", "Streak"},
}

// serverBody is a server's page: each game with its leaders.
type serverBody struct {
	// Season names the season the leaders are of ("all time" without
	// seasons).
	Season string
	Games  []serverGame
}

type serverGame struct {
	Title, Board, Daily string
	// AllTime is the all-time board, when the leaders are a season's.
	AllTime string
	Players int
	Top     []leaderLine
}

// leadersOnServerPage is how many leaders each game shows there.
const leadersOnServerPage = 3

// serverPage answers /g/{guild}.
func (s *Server) serverPage(w http.ResponseWriter, r *http.Request) error {
	guild, err := s.guild(r)
	if err != nil {
		return err
	}
	season := s.seasons.Of(s.now())
	body := serverBody{Season: season.Title()}
	for _, g := range s.games.All() {
		lp, err := s.st.LeaderboardPage(r.Context(), store.LeaderQuery{Guild: guild, Game: g.Name, Limit: leadersOnServerPage, Season: season})
		if err != nil {
			return err
		}
		sg := serverGame{Title: g.Title, Board: s.p.leaderboard(guild, g.Name, "", "", "", 1), Players: lp.Total}
		if !season.AllTime() {
			sg.AllTime = s.p.leaderboard(guild, g.Name, "", "", seasonAll, 1)
		}
		if g.Solve != nil {
			sg.Daily = s.p.daily(guild, g.Name, "")
		}
		sg.Top = s.leaderLines(guild, g, store.ByWins, lp.Rows, 0)
		body.Games = append(body.Games, sg)
	}
	return s.render(w, http.StatusOK, "server", page{Title: "Leaderboards", Body: body,
		Crumbs: []crumb{{"This server", s.p.server(guild)}}})
}

// leaderBody is a leaderboard page.
type leaderBody struct {
	Title, Rules string
	Multiplayer  bool
	Tabs         []tab
	// RulesChoice lists the sets of rules played, SeasonChoice the
	// seasons, for the selectors.
	RulesChoice  []choice
	SeasonChoice []choice
	// Season names the board's season; SeasonParam is its parameter.
	Season, SeasonParam string
	Action, By          string
	Metric              string
	Rows                []leaderLine
	Total               int
	Pager               pager
	// Kept is false for a past season's rating board that was not kept;
	// GamesHead heads a rating board's games.
	Kept      bool
	GamesHead string
}

type tab struct {
	Label, URL string
	Current    bool
}

type choice struct {
	Value, Label string
	Selected     bool
}

type leaderLine struct {
	Rank            int
	Name, URL       string
	Games, Wins     int
	Rate            string
	Best, Points    int
	Fastest, Metric string
	HasFastest      bool
}

// pager links a board's pages.
type pager struct {
	Page, Pages int
	Prev, Next  string
}

// paged is the pager of page pageNo of total rows, pageSize to a page,
// with link naming another page's address; past the last page it is
// tooFar's answer (given how many pages there are).
func paged(pageNo, total int, link func(page int) string, tooFar func(pages int) error) (pager, error) {
	pages := max(1, (total+pageSize-1)/pageSize)
	if pageNo > pages {
		return pager{}, tooFar(pages)
	}
	p := pager{Page: pageNo, Pages: pages}
	if pageNo > 1 {
		p.Prev = link(pageNo - 1)
	}
	if pageNo < pages {
		p.Next = link(pageNo + 1)
	}
	return p, nil
}

// leaderboard answers /g/{guild}/leaderboard/{game}?by=&rules=&season=&page=.
func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) error {
	guild, err := s.guild(r)
	if err != nil {
		return err
	}
	g, err := s.game(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	by := q.Get("by")
	switch by {
	case "", store.ByWins:
		by = store.ByWins
	case store.ByPoints, store.ByScore:
	case byRating:
		if g.Solitaire() {
			return notFound("Ratings are for multiplayer games.")
		}
	case byStreak:
		if g.Solve == nil {
			return notFound(g.Title + " has no daily deal.")
		}
	case "daily":
		if g.Solve == nil {
			return notFound(g.Title + " has no daily deal.")
		}
		http.Redirect(w, r, s.p.daily(guild, g.Name, ""), http.StatusSeeOther)
		return nil
	default:
		return badRequest("Rank by wins, points, score, rating or streak.")
	}
	b := boardPage{guild: guild, g: g, by: by, rules: q.Get("rules"), seasonParam: q.Get("season")}
	if b.page, err = pageNumber(q); err != nil {
		return err
	}
	if b.season, err = s.season(b.seasonParam); err != nil {
		return err
	}
	played, err := s.st.HouseRulesPlayed(r.Context(), guild, g.Name)
	if err != nil {
		return err
	}
	if b.rules != "" && !slices.Contains(played, b.rules) {
		return notFound("Nobody here has finished a game under those rules.")
	}
	body, err := s.leaderBody(r.Context(), b, played)
	if err != nil {
		return err
	}
	switch by {
	case byRating:
		body.Rows, body.Total, body.Kept, body.GamesHead, err = s.ratingLines(r.Context(), b)
		body.Season = ratingWhen(b.season, s.seasons.Of(s.now()))
	case byStreak:
		body.Rows, body.Total, err = s.streakLines(r.Context(), b)
	default:
		body.Rows, body.Total, err = s.boardLines(r.Context(), b)
	}
	if err != nil {
		return err
	}
	body.Pager, err = paged(b.page, body.Total, func(n int) string { return b.link(s.p, by, n) },
		func(pages int) error { return notFound("The board has " + strconv.Itoa(pages) + " pages.") })
	if err != nil {
		return err
	}
	return s.render(w, http.StatusOK, "leaderboard", page{Title: g.Title + " leaderboard", Body: body, Scripts: []string{"site.js"},
		Crumbs: []crumb{{"This server", s.p.server(guild)}}})
}

// boardPage is what a leaderboard page shows: a server's game, ranked by an
// order, under house rules, over a season, a page of it.
type boardPage struct {
	guild       string
	g           render.Game
	by, rules   string
	seasonParam string
	season      store.Season
	page        int
}

// link is the board's address ranked by by, at page n.
func (b boardPage) link(p paths, by string, n int) string {
	return p.leaderboard(b.guild, b.g.Name, byParam(by), b.rules, b.seasonParam, n)
}

// boardLines are the rows of b's page, from the results (or the season's
// archive), and how many players the board ranks.
func (s *Server) boardLines(ctx context.Context, b boardPage) ([]leaderLine, int, error) {
	lp, err := s.st.LeaderboardPage(ctx, store.LeaderQuery{Guild: b.guild, Game: b.g.Name, Options: b.rules, By: b.by,
		Offset: (b.page - 1) * pageSize, Limit: pageSize, Season: b.season})
	if err != nil {
		return nil, 0, err
	}
	return s.leaderLines(b.guild, b.g, b.by, lp.Rows, (b.page-1)*pageSize), lp.Total, nil
}

// leaderBody is a board's page but its rows: its tabs and selectors.
func (s *Server) leaderBody(ctx context.Context, b boardPage, played []string) (leaderBody, error) {
	g := b.g
	body := leaderBody{Title: g.Title, Rules: g.DescribeOptions(mustOptions(g, b.rules)), Multiplayer: !g.Solitaire(),
		Action: s.p.leaderboard(b.guild, g.Name, "", "", "", 1), By: byParam(b.by),
		Season: b.season.Title(), SeasonParam: b.seasonParam, Kept: true}
	for _, o := range orders {
		if (o.by == store.ByPoints || o.by == byRating) && g.Solitaire() || o.by == byStreak && g.Solve == nil {
			continue // a solitaire's points are its scores: the best says more; it has no ratings; only a daily deal has streaks
		}
		body.Tabs = append(body.Tabs, tab{o.label, b.link(s.p, o.by, 1), o.by == b.by})
		if o.by == b.by {
			body.Metric = o.metric
		}
	}
	if g.Solve != nil {
		body.Tabs = append(body.Tabs, tab{"Today's daily", s.p.daily(b.guild, g.Name, ""), false})
	}
	body.RulesChoice = append(body.RulesChoice, choice{"", "Standard rules", b.rules == ""})
	for _, o := range played {
		body.RulesChoice = append(body.RulesChoice, choice{o, g.DescribeOptions(mustOptions(g, o)), o == b.rules})
	}
	var err error
	body.SeasonChoice, err = s.seasonChoices(ctx, b.guild, b.seasonParam)
	return body, err
}

// byParam is an order as the query writes it: "" for wins, the default.
func byParam(by string) string {
	if by == store.ByWins {
		return ""
	}
	return by
}

// leaderLines are a board's rows, ranked from offset+1.
func (s *Server) leaderLines(guild string, g render.Game, by string, rows []store.LeaderRow, offset int) []leaderLine {
	out := make([]leaderLine, 0, len(rows))
	for i, row := range rows {
		l := leaderLine{Rank: offset + i + 1, Name: displayName(row.Name, row.UserID), URL: s.p.player(guild, row.UserID),
			Games: row.Games, Wins: row.Wins, Rate: percent(row.WinRate), Best: row.BestScore, Points: row.TotalPoints,
			HasFastest: row.FastestWin > 0}
		if l.HasFastest {
			l.Fastest = shortDuration(row.FastestWin)
		}
		switch by {
		case store.ByPoints:
			l.Metric = strconv.Itoa(row.TotalPoints)
		case store.ByScore:
			l.Metric = strconv.Itoa(row.BestScore)
		default:
			l.Metric = strconv.Itoa(row.Wins)
		}
		out = append(out, l)
	}
	return out
}

// displayName is a player's name, or a stand-in for one who had none.
func displayName(name, userID string) string {
	if name != "" {
		return name
	}
	if len(userID) > 4 {
		userID = userID[len(userID)-4:]
	}
	return "Player …" + userID
}

// percent writes a rate from 0 to 1 as "62%".
func percent(rate float64) string { return fmt.Sprintf("%.0f%%", 100*rate) }
