package rating

// LevelRating is a computer level's reference rating at a game: the
// ordinal it holds among the other levels, measured by simulation
// (TestLevels, DEALER_SIM_GAMES=400: each level one player, four to a
// table, its mean ordinal over the second half of the games).
type LevelRating struct {
	// Level is "random" (a random legal move), "easy", "normal" or "hard".
	Level   string
	Ordinal float64
}

// Levels are the reference ratings by game, from the weakest. A person's
// rating is measured among people, these among computer players: set side
// by side, they say roughly how a person plays, not a place on a board.
var Levels = map[string][]LevelRating{
	"secretagent": {{"random", 11.889}, {"easy", 17.345}, {"normal", 20.284}, {"hard", 26.589}},
	"theagents":   {{"random", -11.156}, {"easy", 11.807}, {"normal", 34.583}, {"hard", 36.873}},
}

// PlaysLike names the strongest level of game whose reference ordinal
// ordinal reaches ("you play like hard"), or "" below them all and for a
// game without levels.
func PlaysLike(game string, ordinal float64) string {
	like := ""
	for _, l := range Levels[game] {
		if ordinal >= l.Ordinal {
			like = l.Level
		}
	}
	return like
}
