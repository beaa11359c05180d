package web

import (
	"html/template"
	"net/http"

	"github.com/dealer/dealer/store"
)

// historyLimit bounds the games a player's page plots.
const historyLimit = 1000

// playerBody is a player's page in a server.
type playerBody struct {
	Name        string
	Games, Wins int
	Rate        string
	Streak      streak
	PerGame     []playerGame
}

type streak struct {
	Current, Best int
}

// playerGame is a player's record at one game: a line per set of rules,
// the daily streaks, and a plot of results over time.
type playerGame struct {
	Title  string
	Board  string
	Rules  []playerRules
	Daily  bool
	Streak streak
	Plot   template.HTML
	// Rating is their rating at a multiplayer game (nil: unrated).
	Rating *playerRating
}

type playerRules struct {
	Rules                 string
	Games, Wins           int
	Rate                  string
	Best, Points          int
	Fastest               string
	FewestMoves           int
	HasFastest, HasFewest bool
	Multiplayer, Standard bool
}

// player answers /g/{guild}/players/{user}.
func (s *Server) player(w http.ResponseWriter, r *http.Request) error {
	guild, err := s.guild(r)
	if err != nil {
		return err
	}
	user := r.PathValue("user")
	if !validID(user) && store.ForgottenName(user) == "" { // a forgotten player's page is under their placeholder
		return notFound("There is no such player.")
	}
	ctx := r.Context()
	hist, err := s.st.History(ctx, guild, user, historyLimit)
	if err != nil {
		return err
	}
	if len(hist) == 0 {
		return notFound("This player has finished no game in this server.")
	}
	stats, err := s.st.Stats(ctx, guild, user)
	if err != nil {
		return err
	}
	today := s.today()
	body := playerBody{Name: displayName(hist[len(hist)-1].Name, user)}
	if body.Streak.Current, body.Streak.Best, err = s.st.PageStreak(ctx, user, "", today); err != nil {
		return err
	}
	byGame := map[string]*playerGame{}
	var order []string
	for _, row := range stats {
		body.Games += row.Games
		body.Wins += row.Wins
		pg := byGame[row.Game]
		if pg == nil {
			pg = &playerGame{Title: row.Game}
			if g, ok := s.games.Lookup(row.Game); ok {
				pg.Title, pg.Board, pg.Daily = g.Title, s.p.leaderboard(guild, g.Name, "", "", "", 1), g.Solve != nil
			}
			if pg.Daily {
				if pg.Streak.Current, pg.Streak.Best, err = s.st.PageStreak(ctx, user, row.Game, today); err != nil {
					return err
				}
			}
			if g, ok := s.games.Lookup(row.Game); ok && !g.Solitaire() {
				if pg.Rating, err = s.ratingOf(ctx, guild, g.Name, g.Title, user); err != nil {
					return err
				}
			}
			byGame[row.Game] = pg
			order = append(order, row.Game)
		}
		pg.Rules = append(pg.Rules, s.playerRules(row))
	}
	for _, game := range order {
		pg := byGame[game]
		pg.Plot = plotResults(pg.Title, historyOf(hist, game))
		body.PerGame = append(body.PerGame, *pg)
	}
	if body.Games > 0 {
		body.Rate = percent(float64(body.Wins) / float64(body.Games))
	}
	return s.render(w, http.StatusOK, "player", page{Title: body.Name, Body: body,
		Crumbs: []crumb{{"This server", s.p.server(guild)}}})
}

// playerRules is one line of a player's record.
func (s *Server) playerRules(row store.StatRow) playerRules {
	pr := playerRules{Rules: "Standard rules", Standard: row.Options == "", Games: row.Games, Wins: row.Wins,
		Rate: percent(row.WinRate), Best: row.BestScore, Points: row.TotalPoints, FewestMoves: row.FewestMoves,
		HasFastest: row.FastestWin > 0, HasFewest: row.FewestMoves > 0}
	if g, ok := s.games.Lookup(row.Game); ok {
		pr.Multiplayer = !g.Solitaire()
		if row.Options != "" {
			pr.Rules = g.DescribeOptions(mustOptions(g, row.Options))
		}
	} else if row.Options != "" {
		pr.Rules = row.Options
	}
	if pr.HasFastest {
		pr.Fastest = shortDuration(row.FastestWin)
	}
	return pr
}

// historyOf is the games of one game in a history.
func historyOf(hist []store.HistoryRow, game string) []store.HistoryRow {
	var out []store.HistoryRow
	for _, h := range hist {
		if h.Game == game {
			out = append(out, h)
		}
	}
	return out
}
