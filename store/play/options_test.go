package play_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// A table's house rules are stored with it: after a restart (Load from the
// store) the game is exactly the one played, under the same rules.
func TestOptionsReplayAfterRestart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	reg := everyGame()
	for _, info := range reg.All() {
		for _, opt := range info.Options {
			for _, v := range opt.Values {
				if v == opt.Default {
					continue
				}
				rules := opt.Name + "=" + opt.Format(v)
				t.Run(info.Name+"/"+rules, func(t *testing.T) {
					tb, err := play.Open(ctx, st, reg, store.TableRow{
						Game: info.Name, Deal: 3, Seats: info.MinSeats, Options: rules,
						Players: play.Fill(info, []store.Player{{UserID: "u1", Name: "ann"}}),
					})
					require.NoError(t, err)
					assert.Equal(t, rules, tb.Row.Options)
					assert.NotEmpty(t, tb.Rules())
					for n := 0; n < 40 && !tb.Game.Status().Finished(); n++ {
						if tb.Player(tb.Game.ToAct()[0]).Computer {
							require.NoError(t, tb.PlayComputers(ctx, nil))
							continue
						}
						require.NoError(t, tb.Apply(ctx, 0, aMove(t, tb.Game, 0)))
					}
					again, err := play.Load(ctx, st, reg, tb.Row.ID)
					require.NoError(t, err)
					assert.Equal(t, tb.Options, again.Options)
					assert.Equal(t, state(t, tb.Game), state(t, again.Game), "replayed exactly")
				})
			}
		}
	}
}

func TestOptionsRefused(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	for _, tt := range []struct {
		sess store.TableRow
		want string
	}{
		{store.TableRow{Game: "secretagent", Deal: 1, Seats: 4, Options: "deals=9"}, "1–8"},
		{store.TableRow{Game: "secretagent", Deal: 1, Seats: 4, Options: "goal=20"}, "no option"},
		{store.TableRow{Game: "doublefreecell", Deal: 1, Seats: 1, Options: "cells=8", Daily: "2026-11-23"}, "standard rules"},
	} {
		_, err := play.Open(ctx, st, registry(), tt.sess)
		require.ErrorContains(t, err, tt.want)
	}
}
