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
	assert.EqualError(t, s.UnmarshalText([]byte("paused")), `unknown status "paused"`)
	b, err := json.Marshal(struct{ S Status }{Lobby})
	require.NoError(t, err)
	assert.JSONEq(t, `{"S":"lobby"}`, string(b))
}

// testMove and otherMove are two games' move types, for MoveOf.
type testMove string

func (m testMove) String() string { return string(m) }

type otherMove string

func (m otherMove) String() string { return string(m) }

func TestMoveOf(t *testing.T) {
	m := testMove("3 h")
	var nilMove *testMove
	for _, tc := range []struct {
		name    string
		in      Move
		want    testMove
		wantErr string
	}{
		{"by value", m, m, ""},
		{"by pointer", &m, m, ""},
		{"a nil pointer", nilMove, "", "no move"},
		{"another game's", otherMove("flip"), "", "flip is not a test move"},
	} {
		got, err := MoveOf[testMove](tc.in, "a test move")
		if tc.wantErr != "" {
			assert.EqualError(t, err, tc.wantErr, tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
}

func TestSoloToAct(t *testing.T) {
	for _, tc := range []struct {
		s    Status
		want []Seat
	}{
		{Playing, []Seat{0}},
		{Won, nil},
		{Lost, nil},
		{Over, nil},
	} {
		assert.Equal(t, tc.want, SoloToAct(tc.s), "%s", tc.s)
	}
}
