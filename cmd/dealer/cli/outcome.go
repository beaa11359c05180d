package cli

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store/play"
)

// outcomeText says how a finished game ended, in words: a solitaire's
// result and score; a multiplayer game's winner and ranking, as the
// Discord table says them. names are the players by seat.
func outcomeText(info games.Info, g games.Game, names []string) string {
	name := func(s games.Seat) string {
		if s >= 0 && int(s) < len(names) {
			return names[s]
		}
		return fmt.Sprintf("seat %d", s+1)
	}
	scores := g.Scores()
	if info.Solitaire() && len(scores) > 0 {
		if g.Status() == games.Won {
			return fmt.Sprintf("Game over: won in %s, score %d.", render.Plural(g.Moves(), "move"), scores[0])
		}
		return fmt.Sprintf("Game over: %s, score %d.", g.Status(), scores[0])
	}
	standings := play.Standings(g)
	var winners, ranking []string
	for _, s := range standings {
		if s.Won {
			winners = append(winners, name(s.Seat))
		}
		ranking = append(ranking, fmt.Sprintf("%d. %s %d", s.Place, name(s.Seat), s.Score))
	}
	return "Game over: " + winnersText(winners) + ".\nRanking: " + strings.Join(ranking, " · ")
}

// winnersText says who won: "Bond wins", "you win", "Ann and Bob share
// the win".
func winnersText(winners []string) string {
	switch len(winners) {
	case 0:
		return "no one wins"
	case 1:
		if winners[0] == "you" {
			return "you win"
		}
		return winners[0] + " wins"
	}
	last := len(winners) - 1
	return strings.Join(winners[:last], ", ") + " and " + winners[last] + " share the win"
}
