package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store/rating"
)

// TestPlaysLike: /stats says which computer level a rating reaches, by the
// levels' reference ratings, in the player's language; below them all,
// nothing.
func TestPlaysLike(t *testing.T) {
	for _, tc := range []struct {
		game    string
		ordinal float64
		l       lang.Lang
		want    string
	}{
		{"secretagent", 30, lang.English, ", plays like hard"},
		{"secretagent", 18, lang.English, ", plays like easy"},
		{"theagents", 35, lang.English, ", plays like normal"},
		{"theagents", 0, lang.English, ", plays like a random player"},
		{"theagents", -20, lang.English, ""},
		{"secretagent", 30, lang.German, ", spielt auf Stufe „schwer“"},
		{"secretagent", 12, lang.Spanish, ", juega al nivel aleatorio"},
		{"theagents", 12, lang.Portuguese, ", joga no nível fácil"},
	} {
		r := rating.Rating{Mu: tc.ordinal + 3*rating.Sigma, Sigma: rating.Sigma}
		assert.Equal(t, tc.want, playsLike(tc.l, tc.game, r), "%s %.0f %s", tc.game, tc.ordinal, tc.l)
	}
}
