package main

import (
	"encoding/json"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
)

// textOf draws what seat sees of g as text for the terminal.
func textOf(g games.Game, seat games.Seat, color bool) string {
	switch v := g.View(seat).(type) {
	case doublefreecell.View:
		return render.DoubleFreeCellText(v, color)
	case doublets.View:
		return render.DoubletsText(v, color)
	case doubleagent.View:
		return render.DoubleAgentText(v, color)
	default:
		b, _ := json.MarshalIndent(v, "", "  ")
		return string(b)
	}
}
