package games

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatusNames(t *testing.T) {
	for _, tc := range []struct {
		s        Status
		name     string
		finished bool
	}{
		{Playing, "playing", false},
		{Won, "won", true},
		{Lost, "lost", true},
		{Over, "over", true},
		{Lobby, "lobby", false},
		{Abandoned, "abandoned", false},
	} {
		assert.Equal(t, tc.name, tc.s.String())
		assert.True(t, tc.s.Valid(), tc.name)
		assert.Equal(t, tc.finished, tc.s.Finished(), tc.name)
		var back Status
		require.NoError(t, back.UnmarshalText([]byte(tc.name)))
		assert.Equal(t, tc.s, back)
	}
	assert.Equal(t, Playing, Status(0), "the zero status is Playing")
	for _, bad := range []Status{-1, 6, 99} {
		assert.False(t, bad.Valid())
		assert.False(t, bad.Finished())
	}
	assert.Equal(t, "status(99)", Status(99).String())
	var s Status
	assert.Error(t, s.UnmarshalText([]byte("paused")))
	b, err := json.Marshal(struct{ S Status }{Lobby})
	require.NoError(t, err)
	assert.JSONEq(t, `{"S":"lobby"}`, string(b))
}
