package web

import (
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
}

// serverBody is a server's page: each game with its leaders.
type serverBody struct {
	Games []serverGame
}

type serverGame struct {
	Title, Board, Daily string
	Players             int
	Top                 []leaderLine
}

// leadersOnServerPage is how many leaders each game shows there.
const leadersOnServerPage = 3

// serverPage answers /g/{guild}.
func (s *Server) serverPage(w http.ResponseWriter, r *http.Request) error {
	guild, err := s.guild(r)
	if err != nil {
		return err
	}
	var body serverBody
	for _, g := range s.games.All() {
		lp, err := s.st.LeaderboardPage(r.Context(), store.LeaderQuery{Guild: guild, Game: g.Name, Limit: leadersOnServerPage})
		if err != nil {
			return err
		}
		sg := serverGame{Title: g.Title, Board: s.p.leaderboard(guild, g.Name, "", "", 1), Players: lp.Total}
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
	// RulesChoice lists the sets of rules played, for the selector.
	RulesChoice []choice
	Action, By  string
	Metric      string
	Rows        []leaderLine
	Total       int
	Pager       pager
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

// leaderboard answers /g/{guild}/leaderboard/{game}?by=&rules=&page=.
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
	case "daily":
		if g.Solve == nil {
			return notFound(g.Title + " has no daily deal.")
		}
		http.Redirect(w, r, s.p.daily(guild, g.Name, ""), http.StatusSeeOther)
		return nil
	default:
		return badRequest("Rank by wins, points or score.")
	}
	pageNo, err := pageNumber(q)
	if err != nil {
		return err
	}
	rules := q.Get("rules")
	played, err := s.st.HouseRulesPlayed(r.Context(), guild, g.Name)
	if err != nil {
		return err
	}
	if rules != "" && !slices.Contains(played, rules) {
		return notFound("Nobody here has finished a game under those rules.")
	}
	lp, err := s.st.LeaderboardPage(r.Context(), store.LeaderQuery{Guild: guild, Game: g.Name, Options: rules, By: by,
		Offset: (pageNo - 1) * pageSize, Limit: pageSize})
	if err != nil {
		return err
	}
	pg, err := paged(pageNo, lp.Total, func(n int) string { return s.p.leaderboard(guild, g.Name, byParam(by), rules, n) },
		func(pages int) error { return notFound("The board has " + strconv.Itoa(pages) + " pages.") })
	if err != nil {
		return err
	}
	body := leaderBody{Title: g.Title, Rules: g.DescribeOptions(mustOptions(g, rules)), Multiplayer: !g.Solitaire(),
		Action: s.p.leaderboard(guild, g.Name, "", "", 1), By: byParam(by), Total: lp.Total,
		Rows: s.leaderLines(guild, g, by, lp.Rows, (pageNo-1)*pageSize)}
	for _, o := range orders {
		if o.by == store.ByPoints && g.Solitaire() {
			continue // a solitaire's points are its scores: the best says more
		}
		body.Tabs = append(body.Tabs, tab{o.label, s.p.leaderboard(guild, g.Name, byParam(o.by), rules, 1), o.by == by})
		if o.by == by {
			body.Metric = o.metric
		}
	}
	if g.Solve != nil {
		body.Tabs = append(body.Tabs, tab{"Today's daily", s.p.daily(guild, g.Name, ""), false})
	}
	body.RulesChoice = append(body.RulesChoice, choice{"", "Standard rules", rules == ""})
	for _, o := range played {
		body.RulesChoice = append(body.RulesChoice, choice{o, g.DescribeOptions(mustOptions(g, o)), o == rules})
	}
	body.Pager = pg
	title := g.Title + " leaderboard"
	return s.render(w, http.StatusOK, "leaderboard", page{Title: title, Body: body, Scripts: []string{"site.js"},
		Crumbs: []crumb{{"This server", s.p.server(guild)}}})
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
