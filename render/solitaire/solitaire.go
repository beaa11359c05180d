// Package solitaire presents a one-player game through the kit: its table,
// its terminal text and its pictures' description come from the game's
// own pieces, and a table that must not show its deal's number (today's
// daily deal) leaves it out of both its picture and its description.
package solitaire

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Parts are a solitaire's own pieces.
type Parts[V any] struct {
	// Table draws the table for its player, with p.Selected ringed.
	Table func(r *render.Renderer, v V, p render.Params) ([]byte, error)
	// Scene lays out the scene Table draws (nil: none).
	Scene func(r *render.Renderer, v V, p render.Params) (*render.Scene, error)
	// Text writes the table as text in l, with ANSI colour when color:
	// English for the terminal, p.Lang for a picture's description.
	Text func(v V, color bool, l lang.Lang) string
	// Controls say how the player builds a move by clicking.
	Controls func(v V, p render.Params) render.Controls
	// WithoutDeal is v with its deal's number left out.
	WithoutDeal func(v V) V
	// Words are the game's texts in every language.
	Words *lang.Catalog
}

// Present is render.Present for a solitaire made of parts: its terminal
// text is English, its description the text in p.Lang, and p.HideDeal
// keeps the deal's number out of its picture and its description.
func Present[V any](info games.Info, parts Parts[V]) render.Game {
	shown := func(v V, p render.Params) V {
		if p.HideDeal {
			return parts.WithoutDeal(v)
		}
		return v
	}
	var scene func(r *render.Renderer, v V, p render.Params) (*render.Scene, error)
	if parts.Scene != nil {
		scene = func(r *render.Renderer, v V, p render.Params) (*render.Scene, error) {
			return parts.Scene(r, shown(v, p), p)
		}
	}
	return render.Present(info, render.Presenter[V]{
		Table: func(r *render.Renderer, v V, p render.Params) ([]byte, error) {
			return parts.Table(r, shown(v, p), p)
		},
		Scene: scene,
		Text:  func(v V, _ []string, color bool) string { return parts.Text(v, color, lang.English) },
		Describe: func(v V, p render.Params) string {
			return render.Describe(parts.Text(shown(v, p), false, p.Lang), p)
		},
		Controls: parts.Controls,
		Words:    parts.Words,
	})
}
