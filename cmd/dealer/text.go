package main

import (
	"encoding/json"
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
)

// textOf draws what seat sees of g as text for the terminal. names are the
// players by seat, for multiplayer games.
func textOf(g games.Game, seat games.Seat, color bool, names ...string) string {
	for len(names) < g.Seats() {
		names = append(names, fmt.Sprintf("seat %d", len(names)+1))
	}
	switch v := g.View(seat).(type) {
	case doublefreecell.View:
		return render.DoubleFreeCellText(v, color)
	case doublets.View:
		return render.DoubletsText(v, color)
	case doubleagent.View:
		return render.DoubleAgentText(v, color)
	case secretagent.View:
		return render.SecretAgentText(v, names, color)
	case theagents.View:
		return render.TheAgentsText(v, names, color)
	default:
		b, _ := json.MarshalIndent(v, "", "  ")
		return string(b)
	}
}
