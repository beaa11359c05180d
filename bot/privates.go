package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
)

func init() {
	painters["secretagent"] = func(r *render.Renderer, v any, _ string, names []string) ([]byte, error) {
		return r.SecretAgentTable(v.(secretagent.View), names)
	}
}

// privates holds what each multiplayer game shows its players privately.
var privates = map[string]privateSpec{
	"secretagent": {
		picture: func(b *Bot, view any, names []string, legal []string) ([]byte, error) {
			var playable []cards.Card
			for _, m := range legal {
				if code, ok := strings.CutPrefix(m, "play "); ok {
					if c, err := cards.Parse(code); err == nil {
						playable = append(playable, c)
					}
				}
			}
			return b.render.SecretAgentHand(view.(secretagent.View), names, playable)
		},
		controls: secretAgentControls,
		line: func(view any, names []string) string {
			v := view.(secretagent.View)
			deal := fmt.Sprintf("Deal %d of 4", v.DealNo)
			if v.DealNo > 4 {
				deal = fmt.Sprintf("Deal %d (a tie-break)", v.DealNo)
			}
			if v.Assignment == nil || v.Agent == nil {
				return deal + "."
			}
			agent := names[*v.Agent]
			if *v.Agent == v.Viewer {
				agent = "yourself"
			}
			return fmt.Sprintf("%s. Your agent: **%s** — %s.", deal, *v.Assignment, agent)
		},
		rounds: func(view any) [][]int {
			var out [][]int
			for _, d := range view.(secretagent.View).Revealed {
				scores := make([]int, len(d.Seats))
				for _, s := range d.Seats {
					scores[s.Seat] = s.Score
				}
				out = append(out, scores)
			}
			return out
		},
	},
}

// secretAgentControls: the hand as card buttons (legal ones enabled), and
// the trump-making buttons while trumps are made.
func secretAgentControls(view any, legal []string) [][]control {
	v := view.(secretagent.View)
	var rows [][]control
	var row []control
	for _, c := range v.Hand {
		m := "play " + c.Code()
		row = append(row, control{label: c.String(), move: m, style: suitStyle(c), enabled: contains(legal, m)})
		if len(row) == 5 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	var cmds []control
	switch v.Phase {
	case secretagent.PhaseForbid:
		for _, s := range cards.Suits {
			m := "forbid " + strings.ToLower(s.Letter())
			cmds = append(cmds, control{label: "Forbid " + s.Symbol(), move: m, style: discordgo.DangerButton, enabled: contains(legal, m)})
		}
	case secretagent.PhaseTrump:
		remaining := ""
		forbidden := map[cards.Suit]bool{}
		for _, f := range v.Forbidden {
			forbidden[f.Suit] = true
		}
		for _, s := range cards.Suits {
			if !forbidden[s] {
				remaining = " " + s.Symbol()
			}
		}
		cmds = append(cmds,
			control{label: "Trump" + remaining, move: "trump", style: discordgo.SuccessButton, enabled: contains(legal, "trump")},
			control{label: "No trump", move: "notrump", style: discordgo.SecondaryButton, enabled: contains(legal, "notrump")})
	}
	if len(cmds) > 0 {
		rows = append(rows, cmds)
	}
	return rows
}

// suitStyle colours card buttons: red suits on a red button.
func suitStyle(c cards.Card) discordgo.ButtonStyle {
	if c.Color() == cards.Red {
		return discordgo.DangerButton
	}
	return discordgo.SecondaryButton
}
