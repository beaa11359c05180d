package bot_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
)

// privacyRig is the harness with the web pages served on its store, and
// alice's two Secret Agent tables: one played to the end with bob and
// carol, one still in play with computer players.
type privacyRig struct {
	*harness
	pages          *httptest.Server
	finished, open discordtest.Message
	finishedToken  string
}

func newPrivacyRig(t *testing.T) *privacyRig {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol"})
	h.fake.AddUser(discordtest.User{ID: dave, Name: "dave"})
	srv, err := web.New(web.Config{Store: h.st, Games: catalog.Registry(), Renderer: renderer, Logger: slog.New(slog.NewTextHandler(h.logs, nil))})
	require.NoError(t, err)
	r := &privacyRig{harness: h, pages: httptest.NewServer(srv)}
	t.Cleanup(r.pages.Close)

	h.command(alice, "settings", map[string]any{"deck": "four-colour"})
	// One deal, not four: what is kept of a game is the same, in a
	// quarter of the time.
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent", "deals": 1})
	seated := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	seated = h.click(lobby.ID, carol, button(t, seated.Message, "Join").CustomID)
	seated = h.choose(lobby.ID, alice, menu(t, seated.Message, "Add a computer"), "normal")
	h.click(lobby.ID, alice, button(t, seated.Message, "Start").CustomID)
	playThroughMyHand(t, h, lobby.ID)
	r.finished = lobby.Message
	r.finishedToken, err = h.st.TableToken(context.Background(), tableOf(t, lobby.Message))
	require.NoError(t, err)
	r.open = h.startSecretAgent()
	return r
}

// get fetches a page of the web pages: its status and body.
func (r *privacyRig) get(path string) (int, string) {
	r.t.Helper()
	resp, err := http.Get(r.pages.URL + path)
	require.NoError(r.t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(r.t, err)
	return resp.StatusCode, string(body)
}

// A player's data through Discord, on one rig (a whole game played to
// set it up): shown and exported, then deleted.
func TestPrivacy(t *testing.T) {
	r := newPrivacyRig(t)
	privacyShowsAndExports(t, r)
	privacyDeleteForgetsEverywhere(t, r)
}

// /privacy show says what is kept; /privacy export sends it as a JSON
// file with every kind of record and nothing of another player's.
func privacyShowsAndExports(t *testing.T, r *privacyRig) {
	shown := r.command(alice, "privacy", map[string]any{"show": map[string]any{}})
	require.True(t, shown.Ephemeral)
	for _, want := range []string{"four-colour", "**alice**", "2 tables (1 still in play)", "1 result", "/privacy delete"} {
		assert.Contains(t, shown.Text(), want)
	}

	sent := r.command(alice, "privacy", map[string]any{"export": map[string]any{}})
	require.True(t, sent.Ephemeral)
	require.Len(t, sent.Attachments, 1, sent.Text())
	file := sent.Attachments[0]
	assert.Equal(t, "dealer-data.json", file.Filename)
	var d store.PlayerData
	require.NoError(t, json.Unmarshal(file.Data, &d), "valid JSON")
	assert.Equal(t, alice, d.UserID)
	require.NotNil(t, d.Settings)
	assert.True(t, d.Settings.FourColour)
	assert.Equal(t, []store.ShownName{{GuildID: guildID, Name: "alice"}}, d.Names)
	require.Len(t, d.Tables, 2)
	assert.NotEmpty(t, d.Tables[0].Moves, "her moves")
	assert.NotEmpty(t, d.Tables[0].Rounds, "her scores deal by deal")
	require.Len(t, d.Results, 1)
	for _, other := range []string{bob, carol, "\"bob\"", "\"carol\""} {
		assert.NotContains(t, string(file.Data), other, "nothing of another player's")
	}

	nothing := r.command(dave, "privacy", map[string]any{"export": map[string]any{}})
	assert.Empty(t, nothing.Attachments)
	assert.Contains(t, nothing.Text(), "nothing")
}

// /privacy delete asks first; the button is only for its player; once
// clicked, nothing the bot shows names her: not her open table's message,
// not /stats or /leaderboard, not the web pages or their pictures, not the
// log; the other players' game is whole and every table still replays.
func privacyDeleteForgetsEverywhere(t *testing.T, r *privacyRig) {
	ctx := context.Background()
	_, page := r.get("/t/" + r.finishedToken)
	require.Contains(t, page, "alice", "the replay names her before")
	finishedID := tableOf(t, r.finished)
	before, err := r.st.Results(ctx, finishedID)
	require.NoError(t, err)
	row, err := r.st.TableRow(ctx, finishedID)
	require.NoError(t, err)
	picturePath := "/t/" + r.finishedToken + "/at/" + strconv.Itoa(row.Moves) + ".png"
	_, picBefore := r.get(picturePath)

	ask := r.command(alice, "privacy", map[string]any{"delete": map[string]any{}})
	require.True(t, ask.Ephemeral)
	assert.Contains(t, ask.Text(), "cannot be undone")
	confirm := button(t, ask.Message, "Delete my data")
	_, err = r.fake.Click(ask.ID, bob, confirm.CustomID)
	require.ErrorContains(t, err, "cannot see it", "nobody else can click her question (the bot checks the clicker too)")
	data, err := r.st.PlayerData(ctx, alice)
	require.NoError(t, err)
	require.False(t, data.Empty(), "nothing changed")

	logged := len(r.logs.String())
	done := r.click(ask.ID, alice, confirm.CustomID)
	assert.Contains(t, done.Text(), "Done")
	assert.Empty(t, done.Message.Components, "the button is gone")
	placeholder := strings.TrimSuffix(done.Text()[strings.Index(done.Text(), "**Player #")+2:], "**.")

	data, err = r.st.PlayerData(ctx, alice)
	require.NoError(t, err)
	assert.True(t, data.Empty(), "the store keeps nothing of her")
	redrawn, err := r.fake.WaitMessage(r.open.ID, wait, func(m discordtest.Message) bool { return !strings.Contains(m.Text(), alice) })
	require.NoError(t, err, "her open table is redrawn without her")
	assert.Contains(t, redrawn.Text(), placeholder)
	for _, a := range redrawn.Attachments {
		assert.NotContains(t, a.Description, "alice", "the picture's alt text")
	}

	stats := r.command(bob, "stats", map[string]any{"user": alice})
	assert.Contains(t, stats.Text(), "No finished games yet.")
	board := r.command(bob, "leaderboard", map[string]any{"game": "secretagent", "rules": "deals=1"})
	assert.NotContains(t, board.Text(), alice)
	assert.Contains(t, board.Text(), placeholder)
	assert.Contains(t, board.Text(), "<@"+bob+">", "bob's place stands")

	for _, path := range []string{"/t/" + r.finishedToken, "/g/" + guildID + "/leaderboard/secretagent", "/g/" + guildID} {
		code, body := r.get(path)
		assert.Equal(t, http.StatusOK, code, path)
		assert.NotContains(t, body, "alice", path)
		assert.NotContains(t, body, alice, path)
	}
	code, _ := r.get("/g/" + guildID + "/players/" + alice)
	assert.Equal(t, http.StatusNotFound, code, "her page is gone")
	_, picAfter := r.get(picturePath)
	assert.NotEqual(t, picBefore, picAfter, "the replay's picture is drawn again, with the placeholder")

	after, err := r.st.Results(ctx, finishedID)
	require.NoError(t, err)
	for i := range before {
		if before[i].UserID == alice {
			before[i].UserID, before[i].Name = after[i].UserID, after[i].Name
		}
	}
	assert.Equal(t, before, after, "every score stands; only her name changed")
	report, err := play.Check(ctx, r.st, catalog.Registry().Engines())
	require.NoError(t, err)
	assert.Empty(t, report.Problems, "every table still replays")

	since := r.logs.String()[logged:]
	assert.NotContains(t, since, alice, "no log line names her")
	assert.NotContains(t, since, "alice")
}
