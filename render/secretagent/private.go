package secretagent

import (
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
)

// Private states a seat's private facts: the deal, and its assignment and
// the agent it names, "Deal 2 of 4. Your agent: **Opposite** — Bob." (or
// "— yourself."). Before the assignments are dealt, or for the spectator,
// the deal alone.
func Private(v game.View, p render.Params) string {
	names, l := p.Names, p.Lang
	deal := words.T(l, "Deal %d of 4", v.DealNo)
	if v.DealNo > 4 {
		deal = words.T(l, "Deal %d (a tie-break)", v.DealNo)
	}
	if v.Assignment == nil || v.Agent == nil {
		return deal + "."
	}
	agent := words.T(l, "Seat %d", int(*v.Agent)+1) // the bot names every seat; a short list must not panic
	if int(*v.Agent) >= 0 && int(*v.Agent) < len(names) {
		agent = names[*v.Agent]
	}
	if *v.Agent == v.Viewer {
		agent = words.T(l, "yourself")
	}
	return words.T(l, "%s. Your agent: **%s** — %s.", deal, assignment(*v.Assignment, l), agent)
}
