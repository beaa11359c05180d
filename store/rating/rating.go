// Package rating is the skill model of the multiplayer boards: the
// Weng–Lin Bayesian approximation (Weng and Lin 2011, "A Bayesian
// Approximation Method for Online Ranking") with the Plackett–Luce model,
// as the OpenSkill libraries use it, for players who each play alone.
// Each player is a mean and an uncertainty; the one number shown is the
// conservative estimate, mean less three uncertainties. It is pure: no
// I/O, no clock, the same numbers on every machine.
package rating

// The model's constants, OpenSkill's defaults.
const (
	// Mu is a new player's mean skill.
	Mu = 25.0
	// Sigma is a new player's uncertainty about that mean.
	Sigma = Mu / 3
	// Beta is the spread of one game's performance around the skill.
	Beta = Sigma / 2
	// Kappa keeps an uncertainty from shrinking to nothing in one game.
	Kappa = 0.0001
	// Tau is the uncertainty added before every game, so that a rating
	// keeps moving as a player gets better or worse.
	Tau = Mu / 300
	// Z is how many uncertainties the shown number takes off the mean.
	Z = 3.0
)

// Rating is one player's skill: the mean Mu and its uncertainty Sigma
// (a standard deviation).
type Rating struct{ Mu, Sigma float64 }

// New is a new player's rating, the prior: Mu 25, Sigma 25/3.
func New() Rating { return Rating{Mu: Mu, Sigma: Sigma} }

// Ordinal is the one number shown for a rating: Mu - 3·Sigma, the skill
// the player has with about 99.7% certainty. A new player's is 0.
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }
