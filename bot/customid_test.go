package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestButtonIDRoundTrip(t *testing.T) {
	tests := []buttonID{
		{Table: 1, Version: 0, Action: actSelect, Arg: "3"},
		{Table: 123456789, Version: 4321, Action: actMove, Arg: "2 7 3"},
		{Table: 7, Version: 1, Action: actCancel},
		{Table: 7, Version: 1, Action: actRedraw},
		{Table: 7, Version: 1, Action: actSelect, Arg: "confirm:resign"},
	}
	for _, b := range tests {
		got, err := parseButtonID(b.String())
		require.NoError(t, err, b.String())
		assert.Equal(t, b, got)
		assert.LessOrEqual(t, len(b.String()), 100)
	}
}

func TestButtonIDRefusesForgeries(t *testing.T) {
	for _, s := range []string{
		"", "t", "t:1:2", "x:1:2:c", "t:-1:0:c", "t:0:0:c", "t:1:-2:c", "t:1:2:z", "t:1:2:s",
		"t:1:2:m", "t:1:2:cextra", "t:zz_:1:c", "t:1:2:" + strings.Repeat("m", 100),
	} {
		_, err := parseButtonID(s)
		assert.Error(t, err, "%q", s)
	}
}

func FuzzParseButtonID(f *testing.F) {
	for _, s := range []string{"t:1:0:s3", "t:a:b:m2 7 3", "t:1:0:c", "t:1:2:r", "nonsense"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := parseButtonID(s)
		if err != nil {
			return
		}
		again, err := parseButtonID(b.String())
		require.NoError(t, err)
		require.Equal(t, b, again)
	})
}
