package bot_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// requireV2 checks that m is a Components V2 message as the dealer draws
// one: the flag, no content or embeds, one container with its accent
// colour holding a text header, the picture when pictured (its alt text on
// the gallery item), then rows of controls; its components counted, nested
// ones too, within Discord's 40. It returns the accent colour.
func requireV2(t *testing.T, m discordtest.Message, pictured bool) int {
	t.Helper()
	require.True(t, m.IsV2(), "flag IS_COMPONENTS_V2: %s", m.Text())
	assert.Empty(t, m.Content, "no content beside the flag")
	assert.Empty(t, m.Embeds, "no embeds beside the flag")
	require.NotNil(t, m.V2.Accent, "a container with its accent colour")
	kinds := m.V2.Children
	require.NotEmpty(t, kinds)
	assert.Equal(t, discordtest.ComponentTextDisplay, kinds[0], "the header first")
	assert.NotEmpty(t, strings.TrimSpace(m.Text()))
	kinds = kinds[1:]
	if pictured {
		require.Len(t, m.Attachments, 1, "one picture")
		require.Len(t, m.V2.Gallery, 1, "the picture in a media gallery")
		require.Equal(t, discordtest.ComponentMediaGallery, kinds[0], "the picture under the header")
		a, item := m.Attachments[0], m.V2.Gallery[0]
		assert.Equal(t, "attachment://"+a.Filename, item.URL)
		assert.NotEmpty(t, strings.TrimSpace(item.Description), "alt text on the gallery item")
		assert.Equal(t, a.Description, item.Description, "the picture's description, as its attachment has it")
		kinds = kinds[1:]
	} else {
		assert.Empty(t, m.Attachments)
		assert.Empty(t, m.V2.Gallery)
	}
	controls := 0
	for _, k := range kinds {
		assert.Equal(t, discordtest.ComponentActionRow, k, "then the controls' rows")
	}
	for _, r := range m.Components {
		controls += 1 + len(r.Buttons)
		if r.Select != nil {
			controls++
		}
	}
	assert.Equal(t, 2+len(m.V2.Gallery)+controls, m.V2.Count, "the container, its header, the gallery, rows and controls")
	assert.LessOrEqual(t, m.V2.Count, discordtest.MaxV2Components)
	return *m.V2.Accent
}

// TestV2TableForEveryGame: through the fake, every game's table is a V2
// message (for a multiplayer game its lobby and a hand too), every body
// valid; the accent colour tells the lobby, a table in play and a
// finished one apart.
func TestV2TableForEveryGame(t *testing.T) {
	h := newHarness(t)
	for _, g := range catalog.Registry().All() {
		t.Run(g.Info.Name, func(t *testing.T) {
			r := h.command(alice, "play", map[string]any{"game": g.Info.Name})
			require.False(t, r.Ephemeral, r.Text())
			id, colours := r.ID, map[string]int{}
			if !g.Info.Solitaire() {
				colours["lobby"] = requireV2(t, r.Message, false)
				h.click(id, alice, button(t, r.Message, "Start").CustomID)
				table, _ := h.fake.Message(id)
				hand := h.click(id, alice, button(t, table, "My hand").CustomID)
				require.True(t, hand.Ephemeral, hand.Text())
				requireV2(t, hand.Message, true)
			}
			table, _ := h.fake.Message(id)
			colours["in play"] = requireV2(t, table, true)
			if g.Info.Solitaire() { // a multiplayer game's end: TestEveryLanguagePlaysAGame
				ask := h.click(id, alice, button(t, table, "Resign").CustomID)
				over := h.click(id, alice, button(t, ask.Message, "Yes").CustomID)
				colours["over"] = requireV2(t, over.Message, true)
			}
			assert.Len(t, distinct(colours), len(colours), "each state its colour: %v", colours)
		})
	}
}

// distinct are the different values of m.
func distinct(m map[string]int) map[int]bool {
	out := map[int]bool{}
	for _, v := range m {
		out[v] = true
	}
	return out
}

// TestV2RoomForDoubleFreeCell: with eight free cells and a card picked,
// Double FreeCell shows every place (ten columns, eight cells, the
// foundation), Cancel and all five commands: a V2 message's 40 components
// hold what five rows of five could not (Resign was cut).
func TestV2RoomForDoubleFreeCell(t *testing.T) {
	h := newHarness(t)
	r := h.command(alice, "play", map[string]any{"game": "doublefreecell", "cells": 8})
	requireV2(t, r.Message, true)
	commands := []string{"Auto ⇡", "Undo", "Hint", "Resign"}
	picked := h.click(r.ID, alice, source(t, r.Message).CustomID).Message
	assert.Contains(t, labels(picked), "Cancel", "a card picked: Cancel too")
	for _, m := range []discordtest.Message{r.Message, picked} {
		requireV2(t, m, true)
		all := labels(m)
		assert.GreaterOrEqual(t, len(all), 19+len(commands), "every place and command: %v", all)
		for _, c := range append(commands, "Foundation", "10 · ") {
			assert.True(t, slices.ContainsFunc(all, func(l string) bool { return strings.HasPrefix(l, c) }), "%q in %v", c, all)
		}
		for _, r := range m.Components {
			assert.LessOrEqual(t, len(r.Buttons), 5)
		}
	}
}

// source is a solitaire board's first column that can be picked (a
// column's label says its top card: "3 · 7♥").
func source(t *testing.T, m discordtest.Message) discordtest.Button {
	t.Helper()
	for _, b := range m.Buttons() {
		if !b.Disabled && b.Style == discordtest.ButtonSecondary && strings.Contains(b.Label, " · ") {
			return b
		}
	}
	t.Fatalf("no column to pick in %v", labels(m))
	return discordtest.Button{}
}

// postV1 posts m again as a table message was before the upgrade: its
// text as content, its picture as an attachment (with its description),
// its rows of buttons; it returns the new message's id.
func (h *harness) postV1(t *testing.T, m discordtest.Message) string {
	t.Helper()
	var rows []any
	for _, r := range m.Components {
		var buttons []any
		for _, b := range r.Buttons {
			buttons = append(buttons, map[string]any{"type": 2, "style": b.Style, "label": b.Label, "custom_id": b.CustomID, "url": b.URL, "disabled": b.Disabled})
		}
		rows = append(rows, map[string]any{"type": 1, "components": buttons})
	}
	a := m.Attachments[0]
	payload := map[string]any{"content": m.Text(), "components": rows,
		"attachments": []any{map[string]any{"id": "0", "filename": a.Filename, "description": a.Description}}}
	ct, body, err := discordgo.MultipartBodyWithJSON(payload, []*discordgo.File{{Name: a.Filename, ContentType: a.ContentType, Reader: bytes.NewReader(a.Data)}})
	require.NoError(t, err)
	route := discordgo.EndpointChannelMessages(channelID)
	out, err := h.sess.RequestRaw("POST", route, ct, body, route, 0)
	require.NoError(t, err)
	var posted discordgo.Message
	require.NoError(t, discordgo.Unmarshal(out, &posted))
	v1, _ := h.fake.Message(posted.ID)
	require.False(t, v1.IsV2())
	require.Equal(t, m.Text(), v1.Content)
	return posted.ID
}

// TestPreUpgradeTableTurnsV2: a table whose message was posted before the
// upgrade (content, an attachment, rows of buttons) goes on after a
// restart: its next answer or redraw turns it V2 (the flag set, the
// content emptied), the click's move saved. A solitaire by the click's
// answer; a multiplayer table by the channel edit that redraws it.
func TestPreUpgradeTableTurnsV2(t *testing.T) {
	for _, game := range []string{"doublefreecell", "secretagent"} {
		t.Run(game, func(t *testing.T) {
			h := newHarness(t)
			ctx := context.Background()
			r := h.command(alice, "play", map[string]any{"game": game})
			if game == "secretagent" {
				r = h.click(r.ID, alice, button(t, r.Message, "Start").CustomID)
			}
			m, _ := h.fake.Message(r.ID)
			table := tableOf(t, m)
			old := h.postV1(t, m)
			// The swap is made with the bot stopped, as an upgrade is: a
			// redraw it still held would edit the message deleted here.
			h.stop()
			st, err := store.Open(h.dbPath)
			require.NoError(t, err)
			require.NoError(t, st.SetMessage(ctx, table, channelID, old))
			require.NoError(t, st.Close())
			require.NoError(t, h.sess.ChannelMessageDelete(channelID, r.ID))
			h.start()

			v1, _ := h.fake.Message(old)
			moves := len(h.storedMoves(table))
			if game == "doublefreecell" {
				picked := h.click(old, alice, source(t, v1).CustomID)
				require.Equal(t, old, picked.ID, "the old message itself is updated")
				requireV2(t, picked.Message, true)
				var dest discordtest.Button
				for _, b := range picked.Message.Buttons() { // a lit destination (blue), not the picked source
					if !b.Disabled && b.Style == discordtest.ButtonPrimary {
						dest = b
						break
					}
				}
				require.NotEmpty(t, dest.CustomID, "a destination is lit: %v", labels(picked.Message))
				h.click(old, alice, dest.CustomID)
			} else {
				hand := h.click(old, alice, button(t, v1, "My hand").CustomID)
				requireV2(t, hand.Message, true)
				h.playFirst(t, hand)
			}
			now, err := h.fake.WaitMessage(old, wait, func(m discordtest.Message) bool { return m.IsV2() && len(h.storedMoves(table)) > moves })
			require.NoError(t, err, "the old message turns V2 and the move is saved")
			requireV2(t, now, true)
			assert.False(t, now.History[0].IsV2(), "it was V1 before")
			if game == "secretagent" {
				assert.Contains(t, []string{"channel edit", "callback 7"}, now.Via)
			}
			assert.Contains(t, now.Text(), "move ")
		})
	}
}

// playFirst plays the first move a hand message offers (a button, or the
// first option of its menu, word by word).
func (h *harness) playFirst(t *testing.T, hand discordtest.Response) {
	t.Helper()
	for range 10 {
		if b, ok := hand.Message.EnabledButton(""); ok {
			h.click(hand.ID, alice, b.CustomID)
			return
		}
		sel := hand.Message.Selects()
		require.NotEmpty(t, sel, "Alice has a move: %s", hand.Text())
		hand = discordtest.Final(t, wait)(h.fake.Select(hand.ID, alice, sel[0].CustomID, []string{sel[0].Options[0].Value}))
		if hand.Message.ID == "" || len(hand.Message.Selects()) == 0 && len(hand.Message.Enabled()) == 0 {
			return
		}
	}
}

// TestDeferredTableIsV2: an answer deferred at once (a type 5 carries no
// V2 flag: Discord ignores it there) comes by the edit of the deferral,
// which sets the flag: the table is V2 all the same.
func TestDeferredTableIsV2(t *testing.T) {
	h := newHarness(t)
	h.deferAfter = time.Nanosecond
	h.restart()
	m := h.play(alice)
	assert.Equal(t, "webhook edit", m.Via)
	requireV2(t, m, true)
	moved := h.moveOnce(alice, m)
	requireV2(t, moved, true)
}
