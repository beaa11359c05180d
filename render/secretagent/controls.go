package secretagent

import (
	"slices"
	"strings"

	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Controls are the viewer's hand as card buttons, five a row (the legal
// ones enabled), then, while trumps are made, a row of the forbidding
// buttons or the dealer's two choices. The spectator, with no hand, has
// none outside those phases.
func Controls(v game.View, p render.Params) render.Controls {
	var rows [][]render.Button
	var row []render.Button
	for _, c := range v.Hand {
		m := "play " + c.Code()
		row = append(row, render.Button{Label: c.String(), Move: m, Style: suitStyle(c), Enabled: slices.Contains(p.Legal, m)})
		if len(row) == 5 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	if cmds := trumpButtons(v, p.Legal, p.Lang); len(cmds) > 0 {
		rows = append(rows, cmds)
	}
	return render.Controls{Buttons: rows}
}

// trumpButtons are the buttons of the phase that makes trump: a suit to
// forbid, or trump in the suit left versus no trump; their words in l.
func trumpButtons(v game.View, legal []string, l lang.Lang) []render.Button {
	var cmds []render.Button
	switch v.Phase {
	case game.PhaseForbid:
		for _, s := range cards.Suits {
			m := "forbid " + strings.ToLower(s.Letter())
			cmds = append(cmds, render.Button{Label: words.T(l, "Forbid %s", s.Symbol()), Move: m, Style: render.Danger, Enabled: slices.Contains(legal, m)})
		}
	case game.PhaseTrump:
		trump := words.T(l, "Trump")
		forbidden := map[cards.Suit]bool{}
		for _, f := range v.Forbidden {
			forbidden[f.Suit] = true
		}
		for _, s := range cards.Suits {
			if !forbidden[s] {
				trump = words.T(l, "Trump %s", s.Symbol())
			}
		}
		cmds = append(cmds,
			render.Button{Label: trump, Move: "trump", Style: render.Success, Enabled: slices.Contains(legal, "trump")},
			render.Button{Label: words.T(l, "No trump"), Move: "notrump", Style: render.Secondary, Enabled: slices.Contains(legal, "notrump")})
	}
	return cmds
}

// suitStyle colours card buttons: red suits on a red button.
func suitStyle(c cards.Card) render.Style {
	if c.Color() == cards.Red {
		return render.Danger
	}
	return render.Secondary
}
