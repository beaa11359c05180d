package play

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store/rating"
)

// Standing is one seat's place at the end of a game.
type Standing struct {
	Seat  games.Seat
	Score int
	// Place is 1 for the first; seats that tie share a place, and the next
	// place counts them all (1, 1, 3).
	Place int
	Won   bool
}

// Standings ranks the seats of g: the winners first, then by score,
// highest first; seats level on both share a place. Ties keep seat order.
func Standings(g games.Game) []Standing {
	won := map[games.Seat]bool{}
	for _, w := range g.Winners() {
		won[w] = true
	}
	var out []Standing
	for s, score := range g.Scores() {
		out = append(out, Standing{Seat: games.Seat(s), Score: score, Won: won[games.Seat(s)]})
	}
	ahead := func(a, b Standing) bool {
		if a.Won != b.Won {
			return a.Won
		}
		return a.Score > b.Score
	}
	for i, place := range rating.Rank(out, ahead) {
		out[i].Place = place
	}
	return out
}
