package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// optioned is a registration with a numeric option, a switch and a list.
var optioned = Info{
	Name: "opt", Title: "Opt", MinSeats: 1, MaxSeats: 1,
	New: func(uint64, int) (Game, error) { return nil, nil },
	Options: []Option{
		{Name: "cells", Text: "free cells", Default: 6, Values: []int{4, 5, 6, 7, 8}},
		{Name: "autoplay", Text: "autoplay", Default: 1, Values: []int{0, 1}, Switch: true},
		{Name: "goal", Text: "goal IP", Default: 40, Values: []int{20, 30, 40, 60}},
	},
	NewWith: func(uint64, int, Options) (Game, error) { return nil, nil },
}

func TestParseOptions(t *testing.T) {
	tests := []struct {
		in      []string
		want    Options
		format  string
		wantErr string
	}{
		{in: nil, want: nil, format: ""},
		{in: []string{"cells=8"}, want: Options{"cells": 8}, format: "cells=8"},
		{in: []string{"autoplay=off", "cells=4"}, want: Options{"cells": 4, "autoplay": 0}, format: "cells=4 autoplay=off"},
		{in: []string{"cells=8, goal=20"}, want: Options{"cells": 8, "goal": 20}, format: "cells=8 goal=20"},
		{in: []string{"CELLS=6"}, want: nil, format: "", wantErr: ""}, // the default is the standard game
		{in: []string{"autoplay=on goal=40"}, want: nil, format: ""},  // defaults again
		{in: []string{"cells=9"}, wantErr: "cells (free cells) is one of 4–8, not \"9\""},
		{in: []string{"goal=50"}, wantErr: "one of 20, 30, 40, 60"},
		{in: []string{"autoplay=maybe"}, wantErr: "on or off"},
		{in: []string{"jokers=2"}, wantErr: "Opt has no option \"jokers\""},
		{in: []string{"cells"}, wantErr: "name=value"},
	}
	for _, tt := range tests {
		got, err := optioned.ParseOptions(tt.in...)
		if tt.wantErr != "" {
			require.ErrorContains(t, err, tt.wantErr, "%q", tt.in)
			continue
		}
		require.NoError(t, err, "%q", tt.in)
		assert.Equal(t, tt.want, got, "%q", tt.in)
		assert.Equal(t, tt.format, optioned.FormatOptions(got), "%q", tt.in)
		back, err := optioned.ParseOptions(optioned.FormatOptions(got))
		require.NoError(t, err)
		assert.Equal(t, got, back, "format then parse is exact")
	}
}

func TestDescribeOptions(t *testing.T) {
	assert.Equal(t, "free cells 8, autoplay off", optioned.DescribeOptions(Options{"autoplay": 0, "cells": 8}))
	assert.Equal(t, "", optioned.DescribeOptions(nil))
	assert.Equal(t, "Opt (free cells 8)", optioned.TitleUnder("cells=8"))
	assert.Equal(t, "Opt", optioned.TitleUnder(""))
	assert.Equal(t, "cells=4–8 (default 6); autoplay=on, off (default on); goal=20, 30, 40, 60 (default 40)", optioned.OptionsHelp())
	assert.Equal(t, "Doubles has no options", Info{Title: "Doubles"}.OptionsHelp())
}

func TestStartChecksOptions(t *testing.T) {
	_, err := optioned.Start(1, 1, Options{"cells": 3})
	require.ErrorContains(t, err, "outside 4–8")
	_, err = optioned.Start(1, 1, Options{"nope": 1})
	require.ErrorContains(t, err, "no option")
	_, err = Info{Title: "Plain", New: optioned.New}.Start(1, 1, Options{"cells": 8})
	require.ErrorContains(t, err, "Plain has no options")
	_, err = optioned.Start(1, 1, Options{"cells": 8})
	require.NoError(t, err)
	assert.Panics(t, func() {
		NewRegistry(Info{Name: "x", MinSeats: 1, MaxSeats: 1, New: optioned.New, Options: optioned.Options})
	},
		"options need NewWith")
}

// LookupOptions finds the game and reads its options, or says which of the
// two is wrong.
func TestLookupOptions(t *testing.T) {
	r := NewRegistry(optioned)
	for _, tc := range []struct {
		name, game, options string
		want                Options
		wantErr             string
	}{
		{"standard", "opt", "", nil, ""},
		{"house rules, any case", " OPT ", "cells=8", Options{"cells": 8}, ""},
		{"unknown game", "chess", "", nil, `no game called "chess"`},
		{"bad options", "opt", "cells=9", nil, "one of 4–8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, o, err := r.LookupOptions(tc.game, tc.options)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "opt", info.Name)
			assert.Equal(t, tc.want, o)
		})
	}
}
