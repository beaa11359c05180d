package web

import (
	"github.com/dealer/dealer/render"
)

// The overlay board (Config.Overlay): the board's tiles laid over the
// table's picture, each a clear region on its place, lit as the tiles
// are (static/overlay.js). The places' rectangles come from the renderer,
// read from the scene the picture is drawn from.

// overlayRects are a picture's places as the overlay's script reads them:
// the picture's size and each place's [x, y, width, height], in its
// pixels.
type overlayRects struct {
	W     int               `json:"w"`
	H     int               `json:"h"`
	Rects map[string][4]int `json:"rects"`
}

// overlayOf is where the places of view's picture lie (as the picture at
// ps is drawn), or nil when the game's picture says nothing of them: the
// tiles then stay under the picture.
func (s *Server) overlayOf(show render.Game, view any, ps render.Params) *overlayRects {
	m, err := show.Places(s.rend, view, ps)
	if err != nil {
		return nil
	}
	o := &overlayRects{W: m.W, H: m.H, Rects: make(map[string][4]int, len(m.Rects))}
	for name, r := range m.Rects {
		o.Rects[name] = [4]int{r.Min.X, r.Min.Y, r.Dx(), r.Dy()}
	}
	return o
}
