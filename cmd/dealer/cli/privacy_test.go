package cli

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
)

// Two players of a server, by their Discord ids.
const (
	annID        = "80351110224678912"
	bobID        = "80351110224678913"
	privacyGuild = "70351110224678911"
)

// seedPrivacy stores a Secret Agent game ann and bob played to its end
// with two computer players, and one of theirs still in play; ann's
// settings. It returns the finished table.
func seedPrivacy(t *testing.T, st *store.Store) *play.Table {
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	players := []store.Player{{UserID: annID, Name: "Ann"}, {UserID: bobID, Name: "Bob"}, {Computer: true}, {Computer: true}}
	var finished *play.Table
	for n := range 2 {
		tb, err := play.Open(ctx, st, reg, store.TableRow{Game: "secretagent", Deal: 7, Seats: 4, GuildID: privacyGuild, OwnerID: annID,
			Players: play.Seat(players)})
		require.NoError(t, err)
		require.NoError(t, tb.PlayComputers(ctx, nil))
		for moves := 0; !tb.Game.Status().Finished() && (n == 0 || moves < 3); moves++ {
			seat := tb.Game.ToAct()[0]
			require.NoError(t, tb.Play(ctx, seat, tb.Game.Legal(seat)[0].String(), nil))
		}
		if n == 0 {
			require.NoError(t, tb.Finish(ctx))
			finished = tb
		}
	}
	require.NoError(t, st.SetSettings(ctx, annID, store.Settings{Large: true}))
	require.NoError(t, st.SetPlayerLang(ctx, annID, "de"))
	return finished
}

// exported is dealer db export's JSON for user.
func exported(t *testing.T, db, user string) store.PlayerData {
	t.Helper()
	code, out, errs := run(t, "", nil, "db", "export", user, "--db", db)
	require.Equal(t, exitOK, code, errs)
	var d store.PlayerData
	require.NoError(t, json.Unmarshal([]byte(out), &d), "valid JSON")
	return d
}

// dealer db export writes every kind of record kept of a player; dealer db
// forget (with --yes) erases them, after which nothing at the terminal or
// on the web pages names them, the other player's data is as it was, and
// every table still replays.
func TestDBExportAndForget(t *testing.T) {
	for _, e := range testEngines {
		t.Run(e.name, func(t *testing.T) {
			db := e.make(t)
			st, err := store.Open(db)
			require.NoError(t, err)
			defer st.Close()
			finished := seedPrivacy(t, st)

			ann := exported(t, db, annID)
			require.NotNil(t, ann.Settings)
			assert.Equal(t, store.PlayerSettings{LargeCards: true, Language: "de"}, *ann.Settings)
			assert.Equal(t, []store.ShownName{{GuildID: privacyGuild, Name: "Ann"}}, ann.Names)
			require.Len(t, ann.Tables, 2)
			assert.NotEmpty(t, ann.Tables[0].Moves)
			assert.NotEmpty(t, ann.Tables[0].Rounds)
			require.Len(t, ann.Results, 1)
			bob := exported(t, db, bobID)

			code, out, _ := run(t, "", nil, "db", "forget", annID, "--db", db)
			assert.Equal(t, exitFail, code, "without --yes it only says")
			assert.Contains(t, out, "2 tables, 1 result, settings; nothing changed")
			assert.False(t, exported(t, db, annID).Empty())

			code, out, errs := run(t, "", nil, "db", "forget", annID, "--yes", "--db", db)
			require.Equal(t, exitOK, code, errs)
			assert.Regexp(t, regexp.MustCompile(`^forgotten: settings deleted; 2 tables and 1 result now under "Player #[0-9a-f]{8}"\n$`), out)
			assert.NotContains(t, out+errs, annID, "the line names nobody")

			assert.True(t, exported(t, db, annID).Empty())
			bobAfter := exported(t, db, bobID)
			bobAfter.ExportedAt = bob.ExportedAt
			assert.Equal(t, bob, bobAfter, "bob's data as it was")
			_, out, _ = run(t, "", nil, "stats", "--user", "Ann", "--db", db)
			assert.Contains(t, out, "No finished games yet.", "Ann is nobody now")
			for _, args := range [][]string{{"stats", "--user", bobID}, {"leaderboard", "secretagent"}, {"db", "check"}} {
				code, out, errs := run(t, "", nil, append(args, "--db", db)...)
				require.Equal(t, exitOK, code, errs)
				assert.NotContains(t, out, "Ann", args)
				assert.NotContains(t, out, annID, args)
			}
			_, out, _ = run(t, "", nil, "leaderboard", "secretagent", "--db", db)
			assert.Contains(t, out, "Bob")
			assert.Contains(t, out, "Player #")
			assertPagesNameNobody(t, st, finished.Row.ID, "Ann", annID)
		})
	}
}

// assertPagesNameNobody reads a table's web page and its server's from the
// web pages over st: none names any of words.
func assertPagesNameNobody(t *testing.T, st *store.Store, table int64, words ...string) {
	t.Helper()
	srv, err := web.New(web.Config{Store: st, Games: catalog.Registry(), Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	pages := httptest.NewServer(srv)
	defer pages.Close()
	token, err := st.TableToken(context.Background(), table)
	require.NoError(t, err)
	for _, path := range []string{"/t/" + token, "/g/" + privacyGuild, "/g/" + privacyGuild + "/leaderboard/secretagent"} {
		resp, err := http.Get(pages.URL + path)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		for _, w := range words {
			assert.NotContains(t, string(body), w, path)
		}
	}
}

// db export and forget refuse what is not one player's id.
func TestDBPlayerUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"db", "forget"}, "forget needs the player's user id"},
		{[]string{"db", "export", "a", "b"}, `unexpected "b": export takes one USER`},
		{[]string{"db", "forget", store.ForgottenPrefix + "1a2b3c4d"}, "is not a player's user id"},
		{[]string{"db", "export", annID, "--yes"}, "export takes --db, --config, not --yes"},
	} {
		code, out, errs := run(t, "", nil, tc.args...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Empty(t, out)
		assert.Contains(t, errs, tc.want)
	}
}
