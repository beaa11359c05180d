package render

import (
	"bytes"
	"image"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games/cards"
)

// With gives one renderer per deck, made once, sharing the glyphs, the
// canvases and the encoder; the classic one is the renderer New made.
func TestWith(t *testing.T) {
	r, err := New()
	require.NoError(t, err)
	assert.Same(t, r, r.With(Deck{}))
	assert.Equal(t, ClassicSteps, r.Steps())
	four, large := r.With(Deck{FourColour: true}), r.With(Deck{Large: true})
	both := r.With(Deck{FourColour: true, Large: true})
	assert.Same(t, four, r.With(Deck{FourColour: true}), "made once")
	assert.Same(t, r, four.With(Deck{}), "back to the classic one")
	assert.Same(t, both, large.With(Deck{FourColour: true, Large: true}))
	assert.Equal(t, Deck{FourColour: true}, four.Deck())
	assert.Same(t, four.pal, both.pal, "the four-colour decks share a palette")
	assert.Same(t, r.pal, large.pal, "the classic ones the classic palette")
	assert.Same(t, r.enc, both.enc)
	assert.Same(t, r.canvases, both.canvases)
	assert.Equal(t, ClassicSteps, four.Steps())
	assert.Greater(t, large.Steps().MinStack, MinStackStep)
	assert.Greater(t, large.Steps().Fan, FanStep)

	// A ten of diamonds: red in the classic deck, blue in the four-colour
	// one.
	ten := cards.Card{Rank: 10, Suit: cards.Diamonds}
	face := func(x *Renderer) *image.Paletted {
		s := &Scene{W: CardW, H: CardH, Cards: []Placed{{Card: ten, Rect: image.Rect(0, 0, CardW, CardH), FaceUp: true}}}
		m, err := x.Image(s)
		require.NoError(t, err)
		return m
	}
	count := func(m *image.Paletted, c Colour) int {
		n := 0
		v := c.Value()
		for _, i := range m.Pix {
			if m.Palette[i] == v {
				n++
			}
		}
		return n
	}
	assert.Positive(t, count(face(r), Red))
	assert.Zero(t, count(face(four), Red))
	assert.Positive(t, count(face(four), Diamonds))
	assert.Zero(t, count(face(r), Diamonds), "the classic palette has no blue of diamonds")
}

// Pictures in every deck drawn at once, by many goroutines, come out as
// they do one at a time, though they share canvases and the band cache.
func TestDecksConcurrently(t *testing.T) {
	r, err := New()
	require.NoError(t, err)
	decks := []Deck{{}, {FourColour: true}, {Large: true}, {FourColour: true, Large: true}}
	s := &Scene{W: 600, H: 400, Background: Felt}
	for i, c := range cards.NewDeck()[:20] {
		at := image.Rect(10+i%5*110, 10+i/5*60, 10+i%5*110+CardW, 10+i/5*60+CardH)
		s.Cards = append(s.Cards, Placed{Card: c, Rect: at, FaceUp: true})
	}
	s.Labels = append(s.Labels, Chip(cards.Card{Rank: 3, Suit: cards.Clubs}, 10, 340, Large))
	var wg sync.WaitGroup
	got := make([][][]byte, len(decks))
	for d := range decks {
		got[d] = make([][]byte, 8)
		for k := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := r.With(decks[d]).PNG(s)
				assert.NoError(t, err)
				got[d][k] = b
			}()
		}
	}
	wg.Wait()
	for d := range decks {
		for k := range got[d] {
			assert.True(t, bytes.Equal(got[d][0], got[d][k]), "deck %v, picture %d", decks[d], k)
		}
		if d > 0 {
			assert.False(t, bytes.Equal(got[0][0], got[d][0]), "deck %v draws as the classic one", decks[d])
		}
	}
}
