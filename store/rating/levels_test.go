package rating_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/store/rating"
)

// simLevels are the sides of the simulation, from the weakest: random
// play (a uniformly random legal move, seeded) and the three levels.
var simLevels = []string{"random", "easy", "normal", "hard"}

// simPlayer is the player of simLevels[i] at seat of deal d.
func simPlayer(info games.Info, i int, seat games.Seat, d uint64) games.Computer {
	if i == 0 {
		return gamestest.RandomSide.Player(seat, d)
	}
	return info.ComputerSeeded([]games.Level{games.Easy, games.Normal, games.Hard}[i-1], uint64(seat))
}

// TestLevels measures the computer levels' reference ratings (levels.go):
// with DEALER_SIM_GAMES=N it plays N games of each multiplayer game at
// four seats, one for each of random play, easy, normal and hard, seated
// in the 24 orders in turn, rates each side as one player from the game's
// final order (play.Standings), prints the figures and checks that the
// ratings end ordered, and at 400 games that they are levels.go's. Without it, it skips:
// hard's search makes a game take seconds.
func TestLevels(t *testing.T) {
	n := gamestest.SimGames(0)
	if n == 0 {
		t.Skip("DEALER_SIM_GAMES=400 plays the levels' simulation")
	}
	for _, info := range []games.Info{secretagent.Info, theagents.Info} {
		t.Run(info.Name, func(t *testing.T) {
			final, mean := simulate(t, info, n)
			for i := range simLevels {
				fmt.Printf("rating: game=%s games=%d level=%s mu=%.3f sigma=%.3f ordinal=%.3f mean_ordinal_second_half=%.3f recorded=%.3f\n",
					info.Name, n, simLevels[i], final[i].Mu, final[i].Sigma, final[i].Ordinal(), mean[i], recorded(info.Name, simLevels[i]))
			}
			for i := 1; i < len(simLevels); i++ {
				assert.Greater(t, mean[i], mean[i-1], "%s above %s", simLevels[i], simLevels[i-1])
			}
			if n == recordedGames { // every player seeded: the same games, the same numbers
				for i, l := range simLevels {
					assert.InDelta(t, recorded(info.Name, l), mean[i], 0.001, "levels.go's %s", l)
				}
			}
		})
	}
}

// simulate plays n games of info and returns each side's final rating and
// its mean ordinal over the second half of the games.
func simulate(t *testing.T, info games.Info, n int) ([]rating.Rating, []float64) {
	sides := []rating.Rating{rating.New(), rating.New(), rating.New(), rating.New()}
	mean := make([]float64, len(sides))
	for d := uint64(1); d <= uint64(n); d++ {
		g, err := info.New(d, len(sides))
		require.NoError(t, err)
		order := rating.Permutation(len(sides), int(d%24)) // order[seat] is a side
		players := make([]games.Computer, len(order))
		for seat, side := range order {
			players[seat] = simPlayer(info, side, games.Seat(seat), d)
		}
		err = play.PlayComputers(g, func(s games.Seat) games.Computer { return players[s] },
			func(s games.Seat, m games.Move) error { return g.Apply(s, m) })
		require.NoError(t, err, "deal %d", d)
		require.True(t, g.Status().Finished(), "deal %d ends", d)
		before, places := make([]rating.Rating, len(order)), make([]int, len(order))
		for _, st := range play.Standings(g) {
			before[st.Seat], places[st.Seat] = sides[order[st.Seat]], st.Place
		}
		for seat, r := range rating.Rate(before, places) {
			sides[order[seat]] = r
			if d > uint64(n/2) {
				mean[order[seat]] += r.Ordinal() / float64(n-n/2)
			}
		}
	}
	return sides, mean
}

// recordedGames is the DEALER_SIM_GAMES the recorded ratings were
// measured with.
const recordedGames = 400

// recorded is levels.go's reference ordinal of level at game.
func recorded(game, level string) float64 {
	for _, l := range rating.Levels[game] {
		if l.Level == level {
			return l.Ordinal
		}
	}
	return 0
}
