package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
)

// TestRematchTwoHumansOneComputer: a finished The Agents table of Alice,
// Bob and a hard computer player, under a house rule, offers Rematch to
// its players alone. A rematch that not all confirm is closed by its
// timeout, which frees the table for another; a second click opens
// nothing more; once Bob is in too, the new deal starts with the same
// seats, level and house rules, and the finished table still says its
// result.
func TestRematchTwoHumansOneComputer(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: dave, Name: "dave"})
	over, first := playAgentsToTheEnd(t, h)
	refused := h.click(over.ID, dave, button(t, over, "Rematch").CustomID)
	assert.True(t, refused.Ephemeral)
	assert.Contains(t, refused.Text(), "Only this game's players")

	h.lobbyTimeout = time.Second
	h.restart()
	lobby := h.click(over.ID, alice, button(t, over, "Rematch").CustomID)
	require.False(t, lobby.Ephemeral, lobby.Text())
	closed, err := h.fake.WaitMessage(lobby.ID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "the rematch was closed")
	})
	require.NoError(t, err)
	assert.Empty(t, closed.Components, "a closed rematch has no buttons")

	h.lobbyTimeout, h.deal = 0, 2
	h.restart()
	lobby = h.click(over.ID, alice, button(t, over, "Rematch").CustomID)
	require.False(t, lobby.Ephemeral, lobby.Text())
	for _, want := range []string{"a rematch of table #", "<@" + alice + "> ✅", "<@" + bob + "> ⏳", "(hard)", "goal IP 20"} {
		assert.Contains(t, lobby.Text(), want)
	}
	again := h.click(over.ID, bob, button(t, over, "Rematch").CustomID)
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Text(), "dealt again already: https://discord.com/channels/"+guildID+"/"+channelID+"/"+lobby.ID)
	for user, want := range map[string]string{dave: "Only the last game's players", alice: "already seated"} {
		r := h.click(lobby.ID, user, button(t, lobby.Message, "I'm in").CustomID)
		assert.True(t, r.Ephemeral)
		assert.Contains(t, r.Text(), want)
	}

	table := h.click(lobby.ID, bob, button(t, lobby.Message, "I'm in").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	assert.Contains(t, table.Text(), "deal #2")
	picture(t, table.Message)
	button(t, table.Message, "My hand")
	next := tableOf(t, lobby.Message)
	for _, u := range []string{alice, bob} {
		_, err := h.fake.WaitDM(u, wait, func(m discordtest.Message) bool {
			return strings.Contains(m.Text(), fmt.Sprintf("table #%d ", next))
		})
		require.NoError(t, err, "%s's new hand by DM", u)
	}
	checkRematchRow(t, h, next, first)
	now, _ := h.fake.Message(over.ID)
	assert.Contains(t, now.Text(), "Game over", "the finished table still says its result")
}

// checkRematchRow: the rematch of table first is in play, following it,
// with its seats, computer level and house rules, and a new deal.
func checkRematchRow(t *testing.T, h *harness, id, first int64) {
	ctx := context.Background()
	was, err := h.st.TableRow(ctx, first)
	require.NoError(t, err)
	row, err := h.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "playing", row.Status.String())
	assert.Equal(t, first, row.RematchOf)
	assert.Equal(t, uint64(2), row.Deal)
	assert.Equal(t, was.Options, row.Options)
	require.Len(t, row.Players, len(was.Players))
	for s, p := range row.Players {
		assert.Equal(t, was.Players[s].UserID, p.UserID, "seat %d", s)
		assert.Equal(t, was.Players[s].Computer, p.Computer, "seat %d", s)
		assert.Equal(t, was.Players[s].Level, p.Level, "seat %d", s)
	}
	assert.Equal(t, games.Hard, row.Players[2].Level)
}

// playAgentsToTheEnd opens The Agents to 20 IP for Alice, Bob and a hard
// computer player, plays it to its end through the move menus, and
// returns the finished table's message and id. A short turn time plays
// the move of a hand that offers no control (a single legal move: the
// menu collapses to none).
func playAgentsToTheEnd(t *testing.T, h *harness) (discordtest.Message, int64) {
	h.turnTimeout = 100 * time.Millisecond
	h.restart()
	defer func() { h.turnTimeout = 0 }()
	lobby := h.command(alice, "play", map[string]any{"game": "theagents", "goal": 20})
	require.False(t, lobby.Ephemeral, lobby.Text())
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	r = h.choose(lobby.ID, alice, menu(t, r.Message, "Add a computer"), "hard")
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	for round := 0; round < 2000; round++ {
		now, _ := h.fake.Message(lobby.ID)
		if strings.Contains(now.Text(), "Game over") {
			break
		}
		for _, u := range []string{alice, bob} {
			in, err := h.fake.Click(lobby.ID, u, button(t, now, "My hand").CustomID)
			if err != nil { // the game ended since now was read
				break
			}
			hand, err := in.WaitFinal(wait)
			require.NoError(t, err)
			if len(hand.Selects()) > 0 {
				h.pickThrough(u, hand.Message)
				break
			}
			if b, ok := hand.Message.EnabledButton(""); ok {
				h.click(hand.ID, u, b.CustomID)
				break
			}
		}
	}
	over := h.waitSays(lobby.ID, "Game over")
	return over, tableOf(t, lobby.Message)
}

// resign ends a solitaire as user (Resign, then Yes) and returns the
// finished table's message.
func (h *harness) resign(user string, m discordtest.Message) discordtest.Message {
	h.t.Helper()
	ask := h.click(m.ID, user, button(h.t, m, "Resign").CustomID)
	over := h.click(m.ID, user, button(h.t, ask.Message, "Yes").CustomID)
	require.Contains(h.t, over.Text(), "Game over")
	return over.Message
}

// labels are a message's buttons' labels.
func labels(m discordtest.Message) []string {
	var out []string
	for _, b := range m.Buttons() {
		out = append(out, b.Label)
	}
	return out
}

// TestNewDealAndSameDealAgain: a finished solitaire offers its player New
// deal and Same deal again, each one click, under its house rules; the
// table is dealt again once, however often it is clicked.
func TestNewDealAndSameDealAgain(t *testing.T) {
	h := newHarness(t)
	start := h.command(alice, "play", map[string]any{"game": "doublefreecell", "cells": 8})
	over := h.resign(alice, start.Message)
	refused := h.click(over.ID, bob, button(t, over, "New deal").CustomID)
	assert.True(t, refused.Ephemeral)
	assert.Contains(t, refused.Text(), "This is <@"+alice+">'s game")

	same := h.click(over.ID, alice, button(t, over, "Same deal again").CustomID)
	require.False(t, same.Ephemeral, same.Text())
	assert.NotEqual(t, over.ID, same.ID, "a new message: the finished one keeps its result")
	assert.Contains(t, same.Text(), "deal #1")
	assert.Contains(t, same.Text(), "free cells 8")
	again := h.click(over.ID, alice, button(t, over, "New deal").CustomID)
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Text(), "dealt again already: https://discord.com/channels/"+guildID+"/"+channelID+"/"+same.ID)

	h.deal = 2
	next := h.click(same.ID, alice, button(t, h.resign(alice, same.Message), "New deal").CustomID)
	require.False(t, next.Ephemeral, next.Text())
	assert.Contains(t, next.Text(), "deal #2")
	assert.Contains(t, next.Text(), "free cells 8")
	ctx := context.Background()
	first, second, third := tableOf(t, start.Message), tableOf(t, same.Message), tableOf(t, next.Message)
	for follower, of := range map[int64]int64{second: first, third: second} {
		row, err := h.st.TableRow(ctx, follower)
		require.NoError(t, err)
		assert.Equal(t, of, row.RematchOf)
		assert.Equal(t, "cells=8", row.Options)
	}
	now, _ := h.fake.Message(over.ID)
	assert.Contains(t, now.Text(), "Game over", "the finished table still says its result")
}

// TestNewDealAfterTheDaily: a finished daily deal offers New deal, an
// ordinary deal that is no second attempt, and not Same deal again while
// the day's deal is kept secret.
func TestNewDealAfterTheDaily(t *testing.T) {
	h := newHarness(t)
	h.deal = 7
	daily := h.command(alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, daily.Ephemeral, daily.Text())
	over := h.resign(alice, daily.Message)
	assert.Contains(t, labels(over), "New deal")
	assert.NotContains(t, labels(over), "Same deal again", "the day's deal is secret until midnight")

	next := h.click(over.ID, alice, button(t, over, "New deal").CustomID)
	require.False(t, next.Ephemeral, next.Text())
	assert.Contains(t, next.Text(), "deal #7")
	assert.NotContains(t, next.Text(), "daily")
	row, err := h.st.TableRow(context.Background(), tableOf(t, next.Message))
	require.NoError(t, err)
	assert.Empty(t, row.Daily, "an ordinary game, not another attempt")
	assert.Equal(t, tableOf(t, daily.Message), row.RematchOf)
}

// TestNewDealInADM: a solitaire finished in a DM with the bot is dealt
// again there, and a second click points to it in the DM.
func TestNewDealInADM(t *testing.T) {
	h := newDMHarness(t)
	r := h.dmCommand(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	over := h.resign(alice, r.Message)
	next := h.click(over.ID, alice, button(t, over, "New deal").CustomID)
	require.False(t, next.Ephemeral, next.Text())
	dm, ok := h.fake.DMChannelID(alice)
	require.True(t, ok)
	assert.Equal(t, dm, next.ChannelID, "the next table is in her DM too")
	again := h.click(over.ID, alice, button(t, over, "Same deal again").CustomID)
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Text(), "dealt again already: https://discord.com/channels/@me/"+dm+"/"+next.ID)
}
