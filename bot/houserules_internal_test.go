package bot

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
)

// TestHouseRulesOutOfRange: values out of range, as an old command list or a
// forged request could send them, are answered with what is allowed and open
// no table.
func TestHouseRulesOutOfRange(t *testing.T) {
	b := newOfflineBot(t)
	for _, tt := range []struct {
		game, name string
		value      any
		want       string
	}{
		{"secretagent", "deals", float64(9), "deals (deals) is one of 1–8"},
		{"theagents", "goal", float64(50), "one of 20, 30, 40, 60"},
		{"doublefreecell", "cells", float64(3), "4–8"},
		{"doublefreecell", "goal", float64(40), `Double FreeCell has no option "goal"`},
		{"doubleagent", "deals", float64(2), "Double Agent has no options"},
	} {
		in := slash("play", opt("game", discordgo.ApplicationCommandOptionString, tt.game),
			opt(tt.name, discordgo.ApplicationCommandOptionInteger, tt.value))
		r := answer(t)(b.onCommand(context.Background(), in))
		assert.True(t, isPrivate(r), saidIn(r.Data))
		assert.Contains(t, saidIn(r.Data), tt.want)
		assert.Zero(t, b.Tables())
	}
}
