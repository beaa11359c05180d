package render

import (
	"fmt"
	"image"
	"strings"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/render/lang"
)

// Pieces the Doublets, Double Agent and Secret Agent tables share: the
// status bar, name pills, bands across a card's foot, card chips, small
// backs drawn as boxes, and text cut to fit.

// HeaderH is the status bar's height.
const HeaderH = 46

// StatusBar adds a bar across the top of a w-wide picture, with the first
// pair of texts (left, right) that fits at Large, else the last pair at
// Small.
func StatusBar(s *Scene, w int, bar, in Colour, tries [][2]string) {
	row := image.Rect(16+4, 0, w-16-4, HeaderH)
	size := Large
	left, right := tries[len(tries)-1][0], tries[len(tries)-1][1]
	for _, t := range tries {
		if TextWidth(t[0], size)+TextWidth(t[1], size)+24 <= row.Dx() {
			left, right = t[0], t[1]
			break
		}
	}
	if TextWidth(left, size)+TextWidth(right, size)+24 > row.Dx() {
		size = Small
		right = Fit(right, Small, max(row.Dx()-TextWidth(left, Small)-24, row.Dx()/3))
		left = Fit(left, Small, row.Dx()-TextWidth(right, Small)-24)
	}
	s.Boxes = append(s.Boxes, Box{Rect: image.Rect(0, 0, w, HeaderH), Fill: bar})
	s.Labels = append(s.Labels,
		Label{Text: left, Rect: row, Size: size, Ink: in, Align: Left},
		Label{Text: right, Rect: row, Size: size, Ink: in, Align: Right})
}

// Dot joins the parts of a status line.
func Dot(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "  •  ")
}

// Pill is a name tag over a place: cream on dark felt, black on gold when
// selected.
func Pill(text string, r image.Rectangle, selected bool) Label {
	l := Label{Text: text, Rect: r, Size: Medium, Ink: Cream, Boxed: true, Fill: FeltDark}
	if selected {
		l.Ink, l.Fill = Black, Gold
	}
	return l
}

// Band is a strip across the foot of a card with a word on it.
func Band(card image.Rectangle, text string, fill, in Colour) Label {
	return Label{Text: text, Rect: image.Rect(card.Min.X, card.Max.Y-38, card.Max.X, card.Max.Y),
		Size: Medium, Ink: in, Boxed: true, Fill: fill, Radius: cardRadius}
}

// FitBand is Band, its words drawn small when they are too long for the
// card at the usual size (German's, Spanish's).
func FitBand(card image.Rectangle, text string, fill, in Colour) Label {
	b := Band(card, text, fill, in)
	if TextWidth(text, b.Size) > card.Dx() {
		b.Size = Small
	}
	return b
}

// BadgeLabel is a dark pill centred on (x, y), as wide as its text needs.
func BadgeLabel(text string, x, y int, size TextSize) Label {
	w := TextWidth(text, size) + 2*LabelPad + 4
	h := int(TextPx[size]) + 10
	return Label{Text: text, Rect: image.Rect(x-w/2, y-h/2, x-w/2+w, y-h/2+h), Size: size, Ink: Paper, Boxed: true, Fill: Badge}
}

// CardInk is the colour a card's name is written in on paper: its suit's
// colour in the four-colour deck (Diamonds, Clubs), which the classic
// palette draws red and black. A joker is red or black.
func CardInk(c cards.Card) Colour {
	return ink(c, true)
}

// Chip is a card written small on a slip of paper ("10♥"), for lists of
// cards too small to draw; its width fits the text.
func Chip(c cards.Card, x, y int, size TextSize) Label {
	text := c.String()
	w := TextWidth(text, size) + 12
	h := int(TextPx[size]) + 8
	return Label{Text: text, Rect: image.Rect(x, y, x+w, y+h), Size: size, Ink: CardInk(c), Boxed: true, Fill: Paper, Radius: 5}
}

// SuitChip is a suit on a slip of paper.
func SuitChip(su cards.Suit, x, y int, size TextSize) Label {
	text := su.Symbol()
	w := TextWidth(text, size) + 14
	h := int(TextPx[size]) + 8
	return Label{Text: text, Rect: image.Rect(x, y, x+w, y+h), Size: size, Ink: suitInk(su), Boxed: true, Fill: Paper, Radius: 5}
}

// Small backs, drawn as boxes: for counting cards, not for reading them.
const (
	miniW    = 34
	miniH    = 48
	miniStep = 13
)

// MiniBacks adds n small backs in a row from (x, y), each miniStep right of
// the one before, and returns the row's right edge.
func MiniBacks(s *Scene, x, y, n int) int {
	for i := 0; i < n; i++ {
		r := image.Rect(x+i*miniStep, y, x+i*miniStep+miniW, y+miniH)
		s.Boxes = append(s.Boxes,
			Box{Rect: r, Fill: Edge, Radius: 5},
			Box{Rect: r.Inset(1), Fill: Paper, Radius: 4},
			Box{Rect: r.Inset(4), Fill: BackBlue, Radius: 2})
	}
	if n == 0 {
		return x
	}
	return x + (n-1)*miniStep + miniW
}

// Fit cuts s to w pixels at a size, ending it with "…" when cut.
func Fit(s string, size TextSize, w int) string {
	if TextWidth(s, size) <= w {
		return s
	}
	for n := utf8.RuneCountInString(s) - 1; n > 0; n-- {
		t := strings.TrimRight(string([]rune(s)[:n]), " ") + "…"
		if TextWidth(t, size) <= w {
			return t
		}
	}
	return "…"
}

// Plural is n what, with an s for any n but one: "1 move", "3 moves".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// StatusLook is the status bar's colours and prefix for a solitaire's status.
func StatusLook(st games.Status) (bar, in Colour, prefix string) {
	return StatusLookIn(lang.English, st)
}

// StatusLookIn is StatusLook with the prefix in l.
func StatusLookIn(l lang.Lang, st games.Status) (bar, in Colour, prefix string) {
	switch st {
	case games.Won:
		return Gold, Black, words.T(l, "WON") + "  •  "
	case games.Lost:
		return LostRed, Cream, words.T(l, "LOST") + "  •  "
	case games.Over:
		return FeltDark, Cream, words.T(l, "OVER") + "  •  "
	}
	return FeltDark, Cream, ""
}
