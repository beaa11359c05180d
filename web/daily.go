package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// recentDays is how many past days a daily page links.
const recentDays = 7

// dailyBody is a daily deal's page: the deal's picture and the day's
// board in a server.
//
// Today's deal is neither drawn nor numbered: time counts on the board,
// so nobody may study the deal (or practise it by its number at the
// terminal) before their attempt starts. It is shown once the day is over.
type dailyBody struct {
	Title, Day  string
	Today       bool
	Dealt       bool
	Deal        uint64
	Picture     string
	Rows        []dailyLine
	Total       int
	Pager       pager
	Recent      []dayLink
	AllDays     string
	Leaderboard string
}

type dailyLine struct {
	Rank         int
	Name, URL    string
	Result, Time string
	Won          bool
	Moves, Hints int
}

type dayLink struct {
	Day, URL string
	Deal     uint64
	Current  bool
}

// dailyOf reads a daily page's server, game and day (today on a page
// that names none) from its address: a 404 for a game without daily
// deals.
func (s *Server) dailyOf(r *http.Request) (guild string, g render.Game, day string, err error) {
	if guild, err = s.guild(r); err != nil {
		return "", g, "", err
	}
	if g, err = s.game(r); err != nil {
		return "", g, "", err
	}
	if g.Solve == nil {
		return "", g, "", notFound(g.Title + " has no daily deal.")
	}
	if day, err = s.day(r); err != nil {
		return "", g, "", err
	}
	return guild, g, day, nil
}

// daily answers /g/{guild}/daily/{game}[/{day}]?page=.
func (s *Server) daily(w http.ResponseWriter, r *http.Request) error {
	guild, g, day, err := s.dailyOf(r)
	if err != nil {
		return err
	}
	pageNo, err := pageNumber(r.URL.Query())
	if err != nil {
		return err
	}
	deal, dealt, err := s.st.DailyDeal(r.Context(), g.Name, day)
	if err != nil {
		return err
	}
	today := day == s.today()
	if !dealt && !today {
		return notFound("There was no daily deal of " + g.Title + " that day.")
	}
	body := dailyBody{Title: g.Title, Day: day, Today: today, Dealt: dealt,
		AllDays: s.p.daily(guild, g.Name, "") + "/days", Leaderboard: s.p.leaderboard(guild, g.Name, "", "", "", 1)}
	if dealt && !today {
		body.Deal, body.Picture = deal, s.p.daily(guild, g.Name, day)+"/deal.png"
	}
	if err := s.dailyBoard(r, &body, guild, g.Name, pageNo); err != nil {
		return err
	}
	recent, _, err := s.st.DailyDeals(r.Context(), g.Name, recentDays, 0)
	if err != nil {
		return err
	}
	for _, d := range recent {
		body.Recent = append(body.Recent, dayLink{Day: d.Day, URL: s.p.daily(guild, g.Name, d.Day), Current: d.Day == day})
	}
	return s.render(w, http.StatusOK, "daily", page{Title: fmt.Sprintf("%s daily deal, %s", g.Title, day), Body: body,
		Crumbs: []crumb{{"This server", s.p.server(guild)}, {g.Title, body.Leaderboard}}})
}

// dailyBoard fills body's board with page pageNo of the day's attempts in
// guild, and its pager.
func (s *Server) dailyBoard(r *http.Request, body *dailyBody, guild, game string, pageNo int) error {
	rows, total, err := s.st.DailyBoardPage(r.Context(), guild, game, body.Day, pageSize, (pageNo-1)*pageSize)
	if err != nil {
		return err
	}
	self := s.p.daily(guild, game, body.Day)
	body.Total = total
	body.Pager, err = paged(pageNo, total, func(n int) string { return self + query("page", pageParam(n)) },
		func(pages int) error { return notFound("The board has " + strconv.Itoa(pages) + " pages.") })
	if err != nil {
		return err
	}
	for i, row := range rows {
		line := dailyLine{Rank: (pageNo-1)*pageSize + i + 1, Name: displayName(row.Name, row.UserID),
			URL: s.p.player(guild, row.UserID), Result: dailyResult(row.Won, row.Finished, row.Score),
			Won: row.Won, Moves: row.Moves, Hints: row.Hints, Time: "–"}
		if row.Finished {
			line.Time = shortDuration(row.Time)
		}
		body.Rows = append(body.Rows, line)
	}
	return nil
}

// dailyResult says how an attempt went.
func dailyResult(won, finished bool, score int) string {
	switch {
	case won:
		return "Won"
	case finished:
		return fmt.Sprintf("Lost · %d", score)
	}
	return "Playing"
}

// daysBody lists a game's daily deals, newest first.
type daysBody struct {
	Title string
	Days  []dayLink
	Pager pager
}

// dailyDays answers /g/{guild}/daily/{game}/days?page=.
func (s *Server) dailyDays(w http.ResponseWriter, r *http.Request) error {
	guild, g, _, err := s.dailyOf(r)
	if err != nil {
		return err
	}
	pageNo, err := pageNumber(r.URL.Query())
	if err != nil {
		return err
	}
	deals, total, err := s.st.DailyDeals(r.Context(), g.Name, pageSize, (pageNo-1)*pageSize)
	if err != nil {
		return err
	}
	self := s.p.daily(guild, g.Name, "") + "/days"
	pg, err := paged(pageNo, total, func(n int) string { return self + query("page", pageParam(n)) },
		func(pages int) error { return notFound("There are " + strconv.Itoa(pages) + " pages of days.") })
	if err != nil {
		return err
	}
	body := daysBody{Title: g.Title, Pager: pg}
	today := s.today()
	for _, d := range deals {
		l := dayLink{Day: d.Day, URL: s.p.daily(guild, g.Name, d.Day), Deal: d.Deal}
		if d.Day >= today {
			l.Deal = 0 // today's is kept until the day is over
		}
		body.Days = append(body.Days, l)
	}
	return s.render(w, http.StatusOK, "days", page{Title: g.Title + " daily deals", Body: body,
		Crumbs: []crumb{{"This server", s.p.server(guild)}, {g.Title + " daily", s.p.daily(guild, g.Name, "")}}})
}

// dailyPicture answers /g/{guild}/daily/{game}/{day}/deal.png: a past
// day's deal's starting table, as its players first saw it (today's is
// kept until the day is over).
func (s *Server) dailyPicture(w http.ResponseWriter, r *http.Request) error {
	_, g, day, err := s.dailyOf(r)
	if err != nil {
		return err
	}
	deal, dealt, err := s.st.DailyDeal(r.Context(), g.Name, day)
	if err != nil {
		return err
	}
	if !dealt {
		return notFound("There was no daily deal that day.")
	}
	if day >= s.today() {
		return notFound("Today's deal is shown once the day is over.")
	}
	png, err := s.pics.get(pictureKey{game: g.Name, deal: deal, seat: int(games.Spectator)}, func() ([]byte, error) {
		gm, err := s.games.New(g.Name, deal, 1)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		defer func() { s.m.render.WithLabelValues("picture").Observe(time.Since(start).Seconds()) }()
		return g.Table(s.rend, gm.View(games.Spectator), render.Params{})
	})
	if err != nil {
		return err
	}
	return writePNG(w, png, keptAMinute)
}
