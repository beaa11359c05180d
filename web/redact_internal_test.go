package web

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

const testToken = "0123456789abcdef0123456789abcdef"

// TestRedactTokens: tokens are hidden wherever they stand in a string; what
// is not a token is left alone.
func TestRedactTokens(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"/t/" + testToken, "/t/[token]"},
		{"/t/" + testToken + "/at/3.png", "/t/[token]/at/3.png"},
		{testToken, "[token]"},
		{"a " + testToken + " and " + strings.Repeat("f", 32), "a [token] and [token]"},
		{"/t/" + testToken + "abc", "/t/[token]"},                                // a longer run may hold one
		{"/t/" + strings.ToUpper(testToken), "/t/" + strings.ToUpper(testToken)}, // not a token's shape
		{"/t/" + testToken[:31], "/t/" + testToken[:31]},
		{"table 12 at move 3", "table 12 at move 3"},
		{"é" + testToken + "é", "é[token]é"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, redactTokens(tc.in), "%q", tc.in)
	}
}

type stringer struct{}

func (stringer) String() string { return "at /t/" + testToken }

// TestRedactHandler: every part of a record passes through: the message,
// attributes of every kind, groups, and attributes given beforehand.
func TestRedactHandler(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(redactHandler{slog.NewJSONHandler(&buf, nil)}).With("page", "/t/"+testToken)
	log.WithGroup("g").Error("failed at /t/"+testToken,
		"err", fmt.Errorf("wrapped: %w", errors.New("GET /t/"+testToken)),
		"who", stringer{},
		"any", []string{testToken},
		slog.Group("req", "path", "/t/"+testToken, "n", 3),
		"plain", "nothing to hide", "num", 7)
	out := buf.String()
	assert.NotContains(t, out, testToken)
	assert.Equal(t, 6, strings.Count(out, "[token]"), out)
	for _, kept := range []string{`"nothing to hide"`, `"num":7`, `"n":3`} {
		assert.Contains(t, out, kept)
	}
}
