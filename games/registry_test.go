package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSeatsText(t *testing.T) {
	assert.Equal(t, "solitaire", Info{MinSeats: 1, MaxSeats: 1}.SeatsText())
	assert.Equal(t, "4 players", Info{MinSeats: 4, MaxSeats: 4}.SeatsText())
	assert.Equal(t, "2–5 players", Info{MinSeats: 2, MaxSeats: 5}.SeatsText())
}
