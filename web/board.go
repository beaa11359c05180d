package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// A player's board: the game's controls (render.Controls, the data the bot
// turns into Discord's buttons) as the table page draws them, with the
// legal moves worked out per place, so the page's script only looks up
// what a click or a drop makes.

// board is a seat's board as the page's script reads it (JSON), and as
// the page's template draws it without script.
type board struct {
	Version int    `json:"version"` // the move count: sent back with a move
	Over    bool   `json:"over"`
	Picture string `json:"picture"`
	Alt     string `json:"alt"`
	Status  string `json:"status"`
	// Places are the rows of places; From, by place, what starts there.
	Places [][]placeTile   `json:"places"`
	From   map[string]from `json:"from"`
	// Commands are undo, auto, resign…: those legal now.
	Commands []command `json:"commands"`
	Hints    bool      `json:"hints"`
	// Legal are every legal move, for the list a screen reader or a
	// keyboard picks from.
	Legal []string `json:"legal"`
	// Hint is a hinted move to light; Notice a line to say.
	Hint   string `json:"hint,omitempty"`
	Notice string `json:"notice,omitempty"`
	// Rects are where the places lie in the picture, for the overlay
	// (Config.Overlay; nil without).
	Rects *overlayRects `json:"rects,omitempty"`
}

// placeTile is one place: its name in the notation and its label.
type placeTile struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}

// from is what a place starts: a move made by clicking it alone, and the
// move to each destination.
type from struct {
	Direct string            `json:"direct,omitempty"`
	To     map[string]string `json:"to,omitempty"`
}

// command is one command button.
type command struct {
	Label   string `json:"label"`
	Move    string `json:"move"`
	Confirm bool   `json:"confirm,omitempty"`
}

// boardOf is the board of a checked seat, hint lit when set.
func (s *Server) boardOf(at *seatAt, hint string) board {
	t, g := at.t, at.t.Game
	var legal []string
	if !g.Status().Finished() {
		for _, m := range g.Legal(at.seat) {
			legal = append(legal, m.String())
		}
	}
	show, _ := s.games.Lookup(t.Row.Game) // play.Load found it
	names := t.Names()
	view := g.View(at.seat)
	b := board{Version: g.Moves(), Over: g.Status().Finished() || t.Row.Status != store.StatusPlaying,
		Picture: s.pictureURL(at.token, g.Moves()), Legal: legal, Hint: hint, From: map[string]from{},
		Alt: show.Describe(view, render.Params{Names: names, Legal: legal, HideDeal: s.dealHidden(t.Row)})}
	b.Status = "Move " + strconv.Itoa(g.Moves())
	if b.Over {
		b.Status = "Game over"
	}
	c := show.Controls(view, render.Params{Names: names, Legal: legal})
	if c.Board == nil || b.Over {
		return b
	}
	for _, row := range c.Board.Places {
		tiles := make([]placeTile, 0, len(row))
		for _, p := range row {
			tiles = append(tiles, placeTile{Name: p.Name, Label: p.Label})
			if f := movesFrom(c.Board, legal, p.Name); f.Direct != "" || len(f.To) > 0 {
				b.From[p.Name] = f
			}
		}
		b.Places = append(b.Places, tiles)
	}
	if s.overlay {
		b.Rects = s.overlayOf(show, view, render.Params{Names: names, Legal: legal, HideDeal: s.dealHidden(t.Row)})
	}
	for _, cmd := range c.Board.Commands {
		if cmd.Hint {
			b.Hints = t.Info.Solve != nil
			continue
		}
		for i, m := range cmd.Moves {
			if games.IsLegal(g, at.seat, m) {
				b.Commands = append(b.Commands, command{Label: cmd.Labels[min(i, len(cmd.Labels)-1)], Move: m, Confirm: cmd.Confirm})
				break
			}
		}
	}
	return b
}

// movesFrom is what place starts among the legal moves, as Discord's board
// reads them (render.Board): "PLACE" or "VERB PLACE" is a move of one
// click on PLACE; "PLACE TO [N]" goes from PLACE to TO, the Better of two
// between the same places kept.
func movesFrom(bd *render.Board, legal []string, place string) from {
	var f from
	for _, m := range legal {
		w := strings.Fields(m)
		switch {
		case len(w) == 2 && w[1] == place && slices.Contains(bd.Verbs, w[0]):
			f.Direct = m
		case len(w) == 0 || w[0] != place:
		case len(w) == 1:
			f.Direct = m
		default:
			if old, ok := f.To[w[1]]; !ok || (bd.Better != nil && bd.Better(m, old)) {
				if f.To == nil {
					f.To = map[string]string{}
				}
				f.To[w[1]] = m
			}
		}
	}
	return f
}
