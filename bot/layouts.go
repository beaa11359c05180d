package bot

import (
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
)

// The commands shared by the solitaires.
var (
	undoButton   = command{moves: []string{"undo"}, labels: []string{"Undo"}, style: discordgo.SecondaryButton, steady: true}
	resignButton = command{moves: []string{"resign"}, labels: []string{"Resign"}, style: discordgo.DangerButton, confirm: true}
	hintButton   = command{labels: []string{"Hint 💡"}, style: discordgo.SecondaryButton, hint: true}
)

// layouts holds the button layout of each game the bot can host.
var layouts = map[string]layout{
	"doublefreecell": {
		places: [][]string{
			{"1", "2", "3", "4", "5"},
			{"6", "7", "8", "9", "10"},
			{"a", "b", "c", "d", "e"},
			{"f", "h"},
		},
		commands: []command{
			{moves: []string{"auto"}, labels: []string{"Auto ⇡"}, style: discordgo.PrimaryButton, steady: true},
			undoButton,
			hintButton,
			{moves: []string{"autoplay off", "autoplay on"}, labels: []string{"Autoplay: on", "Autoplay: off"}, style: discordgo.SecondaryButton},
			resignButton,
		},
		label: func(view any, place string) string {
			v := view.(doublefreecell.View)
			if place == "h" {
				return "Foundation"
			}
			if n, err := strconv.Atoi(place); err == nil {
				col := v.Columns[n-1]
				if len(col) == 0 {
					return place + " · empty"
				}
				return placeLabel(place, col[len(col)-1])
			}
			return placeLabel(place, v.Cells[place[0]-'a'])
		},
	},
	"doublets": {
		places: [][]string{
			{"r1", "r2", "r3", "r4"},
			{"r5", "r6", "r7", "w"},
		},
		commands: []command{
			{moves: []string{"flip"}, labels: []string{"Flip"}, style: discordgo.PrimaryButton, steady: true},
			undoButton,
			hintButton,
			resignButton,
		},
		label: func(view any, place string) string {
			v := view.(doublets.View)
			if place == "w" {
				return placeLabel("waste", v.Waste.Top)
			}
			n, _ := strconv.Atoi(place[1:])
			return placeLabel(place, v.Reserves[n-1].Card)
		},
	},
	"doubleagent": {
		places: [][]string{
			{"t1", "t2", "t3", "t4", "t5"},
			{"b1", "b2", "b3", "b4", "b5"},
			{"p1", "p2", "p3", "p4"},
			{"c1", "c2"},
		},
		verbs:    []string{"up"},
		commands: []command{undoButton, hintButton, resignButton},
		label: func(view any, place string) string {
			v := view.(doubleagent.View)
			n, _ := strconv.Atoi(place[1:])
			switch place[0] {
			case 't', 'b':
				row := v.Top
				if place[0] == 'b' {
					row = v.Bottom
				}
				tab := row[n-1]
				switch {
				case len(tab.Up) > 0:
					return placeLabel(place, tab.Up[len(tab.Up)-1].Card)
				case tab.Exposed:
					return place + " · face down"
				}
				return place + " · empty"
			case 'p':
				return placeLabel(place, v.Prison[n-1].Card)
			}
			return placeLabel(place, v.Command[n-1])
		},
	},
}

// placeLabel names a place and the card on it: "3 · 7♥", or just "a".
func placeLabel(place string, c cards.Card) string {
	if c.IsNone() {
		return place
	}
	if c.IsJoker() {
		return fmt.Sprintf("%s · %s agent", place, c.Color())
	}
	return fmt.Sprintf("%s · %s", place, c)
}
