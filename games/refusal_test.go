package games_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

func TestRefusal(t *testing.T) {
	err := games.Refuse("%s cannot go on %s", "7♥", "8♥")
	assert.Equal(t, "7♥ cannot go on 8♥", err.Error())
	wrapped := fmt.Errorf("move 3: %w", err)
	r, ok := games.AsRefusal(wrapped)
	require.True(t, ok)
	assert.Equal(t, "%s cannot go on %s", r.Format)
	assert.Equal(t, []any{"7♥", "8♥"}, r.Args)
	assert.Equal(t, "100% plain", games.Refuse("100% plain").Error(), "no arguments: the format is the text")
	_, ok = games.AsRefusal(fmt.Errorf("other"))
	assert.False(t, ok)
}
