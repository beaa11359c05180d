package pngenc

import (
	"errors"
	"image"
	"slices"
)

// A series is the successive pictures of one thing: a table, or one
// seat's hand at it. A move changes a few of a table's cards, so most of
// its next picture is its last one's. The encoder keeps what a series'
// last picture was made of (its bands, and the caller's note on it); told
// where the next one differs, it neither draws nor reads the rows nothing
// changed reaches, taking their bands from the cache as they were, and
// searches the changed bands starting from the last picture's tokens
// (reuse.go). The pixels are the same as without a series.
//
// A series reuses only its own pictures' work: tokens found from its last
// picture are kept under its name, so no one's picture is encoded from
// what another sees alone.

// Last is what an Encoder keeps of a series' last picture.
type Last struct {
	// Note is the caller's, as given in Next: what it needs to tell where
	// the series' next picture differs (the scene it drew, say).
	Note          any
	width, height int
	bands         []bandKey
	kept          int // about how much memory it takes, in the cache's units (tokens of four bytes)
}

// Last returns what e keeps of the named series' last picture, or nil.
func (e *Encoder) Last(series string) *Last { return e.cache.last(series) }

// Next is a picture of a series, and what it is encoded from.
type Next struct {
	// Series names the series: the caller's name, unique to what it
	// names. Pictures of one series may be encoded at once, at the cost
	// of the reuse.
	Series string
	// From is the series' last picture, as Last returned it (nil: none).
	// Its bands are searched again from where they were.
	From *Last
	// Diffed reports that Changed lists every part of the picture that
	// may differ from From's: the parts that every thing added, removed
	// or moved since reaches. The rest is neither drawn nor read. Without
	// it the whole picture is drawn.
	Diffed  bool
	Changed []image.Rectangle
	// Note is kept with the picture, for the series' next one (Last.Note),
	// and NoteSize is about how many bytes it holds, counted against the
	// cache's limit.
	Note     any
	NoteSize int
}

// EncodeNext returns the PNG of the next picture n of a series, drawn on
// c by draw, which it calls for the parts of the picture to draw: only
// those that may differ from n.From's if n.Diffed, else the whole. The
// rest of c's pixels are not read. It keeps the picture, with n.Note, as
// the series' last.
func (e *Encoder) EncodeNext(c *Canvas, n Next, draw func(part image.Rectangle)) ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if n.Series == "" {
		return nil, errors.New("pngenc: a series needs a name")
	}
	w, h := c.Image.Rect.Dx(), c.Image.Rect.Dy()
	if !e.cache.fits(w + 1) { // too wide to keep: encoded alone
		draw(c.Image.Rect)
		return e.Encode(c)
	}
	p := &prior{series: n.Series}
	if n.From != nil {
		p.last = n.From.bands
		if n.Diffed && n.From.width == w && n.From.height == h {
			p.same, p.dirty = changedBands(n.Changed, w, h)
			e.cache.keeps(p)
			for part := range p.changedParts(w, h) {
				draw(part)
			}
			if png, ok := e.encode(c, p); ok {
				e.keep(n, w, h, p.keys, len(png))
				return png, nil
			}
			// What the cache kept of the last picture is gone: draw the
			// whole picture.
			p.same, p.dirty = nil, nil
		}
	}
	draw(c.Image.Rect)
	png, _ := e.encode(c, p) // no band marked the same: it cannot fail
	e.keep(n, w, h, p.keys, len(png))
	return png, nil
}

// keep keeps the picture of n, w × h of bands, pngBytes long, as its
// series' last. Its note counts n.NoteSize bytes.
func (e *Encoder) keep(n Next, w, h int, bands []bandKey, pngBytes int) {
	l := &Last{Note: n.Note, width: w, height: h, bands: bands, kept: 8 + len(bands)*keyTokens + n.NoteSize/4}
	e.cache.setLast(n.Series, l, pngBytes)
}

// prior is what a picture of a series is encoded from: its last picture.
type prior struct {
	last []bandKey // the last picture's bands
	// same marks the bands known to be the last picture's (nil: none),
	// whose bytes are not read: their key is last's, and what the cache
	// keeps of them is all that is needed.
	same []bool
	// dirty lists, for each band not the same, the columns where it (or
	// the row above it) changed; nil where not known.
	dirty  [][]span
	series string    // the series, whose name tags the bands searched from last's
	keys   []bandKey // set to the picture's bands
}

// dirtyIn returns the columns where band n changed (nil: not known).
func (p *prior) dirtyIn(n int) []span {
	if p == nil || n >= len(p.dirty) {
		return nil
	}
	return p.dirty[n]
}

// sameAs reports whether band n is known to be the last picture's.
func (p *prior) sameAs(n int) bool { return p != nil && n < len(p.same) && p.same[n] }

// before names band n of the last picture (the zero key for none).
func (p *prior) before(n int) bandKey {
	if p == nil || n >= len(p.last) {
		return bandKey{}
	}
	return p.last[n]
}

// changedBands marks the bands of a w × h picture that changed only in
// the parts changed: those no part reaches, nor the row above them, are
// the same; and lists for the others the columns the parts reach.
func changedBands(changed []image.Rectangle, w, h int) (same []bool, dirty [][]span) {
	nb := (h + bandRows - 1) / bandRows
	same = make([]bool, nb)
	for n := range same {
		same[n] = true
	}
	dirty = make([][]span, nb)
	for _, part := range changed {
		// A changed row changes its band, and the band below if it is
		// that band's last row (the row above the next band). Column c
		// of the picture is column 1+c of a row, after its filter type.
		x0, x1 := 1+max(part.Min.X, 0), 1+min(part.Max.X, w)
		y0, y1 := max(part.Min.Y, 0), min(part.Max.Y+1, h)
		if x0 >= x1 || y0 >= y1 {
			continue
		}
		for n := y0 / bandRows; n < nb && n*bandRows < y1; n++ {
			same[n] = false
			dirty[n] = append(dirty[n], span{x0, x1})
		}
	}
	for n, spans := range dirty {
		dirty[n] = merged(spans)
	}
	return same, dirty
}

// merged sorts spans and joins those that overlap or touch.
func merged(spans []span) []span {
	if len(spans) < 2 {
		return spans
	}
	slices.SortFunc(spans, func(a, b span) int { return a.lo - b.lo })
	out := spans[:1]
	for _, s := range spans[1:] {
		if last := &out[len(out)-1]; s.lo <= last.hi {
			last.hi = max(last.hi, s.hi)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// changedParts yields the parts of a w × h picture to draw: the bands not
// known to be the same, each with the row above it, which its search may
// copy from.
func (p *prior) changedParts(w, h int) func(yield func(image.Rectangle) bool) {
	return func(yield func(image.Rectangle) bool) {
		for n := 0; n*bandRows < h; {
			if p.sameAs(n) {
				n++
				continue
			}
			m := n + 1
			for m*bandRows < h && !p.sameAs(m) {
				m++
			}
			if !yield(image.Rect(0, max(n*bandRows-1, 0), w, min(m*bandRows, h))) {
				return
			}
			n = m
		}
	}
}
