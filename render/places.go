package render

import (
	"fmt"
	"image"
)

// A picture's places, for a front end that lays hit regions over the
// picture rather than buttons beside it: where each place the controls
// name lies, in the picture's own pixels. They are read from the scene the
// picture is drawn from, so they never disagree with it; reading them
// draws nothing.

// PlaceMap is where a picture's places lie: the picture's size and, by
// place name in the game's notation, each place's rectangle.
type PlaceMap struct {
	W, H  int
	Rects map[string]image.Rectangle
}

// Places are the scene's named places: each the union of its piles' and
// its cards' rectangles (a foundation of four piles is one rectangle over
// them all; a column, its whole run of cards).
func (s *Scene) Places() PlaceMap {
	m := PlaceMap{W: s.W, H: s.H, Rects: map[string]image.Rectangle{}}
	add := func(name string, r image.Rectangle) {
		if name == "" {
			return
		}
		if old, ok := m.Rects[name]; ok {
			r = r.Union(old)
		}
		m.Rects[name] = r
	}
	for _, p := range s.Piles {
		add(p.Name, p.Rect)
	}
	for _, c := range s.Cards {
		add(c.Pile, c.Rect)
	}
	return m
}

// Places are where the places of the viewer's picture lie (as Table
// draws it with p), for the games whose presenter lays out a Scene.
func (g Game) Places(r *Renderer, view any, p Params) (PlaceMap, error) {
	return g.show.places(r, view, p)
}

func (p Presenter[V]) places(r *Renderer, view any, ps Params) (PlaceMap, error) {
	if p.Scene == nil {
		return PlaceMap{}, fmt.Errorf("render: this game's picture has no places laid out")
	}
	v, err := viewAs[V](view)
	if err != nil {
		return PlaceMap{}, err
	}
	s, err := p.Scene(r, v, ps)
	if err != nil {
		return PlaceMap{}, err
	}
	return s.Places(), nil
}
