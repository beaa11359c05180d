// Package catalog is the list of games the dealer offers: the one place
// that names every game. The bot, the terminal and the web are handed its
// Registry and import no game of their own.
//
// To add a game: write its engine in games/<name> (exporting Info), its
// presentation in render/<name> (exporting Game, made with render.Present),
// and add it here.
package catalog

import (
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/doubleagent"
	"github.com/dealer/dealer/render/doublefreecell"
	"github.com/dealer/dealer/render/doublets"
	"github.com/dealer/dealer/render/secretagent"
	"github.com/dealer/dealer/render/theagents"
)

// Registry returns a registry of every game the dealer offers.
func Registry() *render.Registry {
	return render.NewRegistry(
		doublefreecell.Game,
		doubleagent.Game,
		doublets.Game,
		secretagent.Game,
		theagents.Game,
	)
}
