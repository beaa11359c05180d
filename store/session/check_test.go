package session_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// everyGame is a registry of the five games.
func everyGame() *games.Registry {
	return games.NewRegistry(doublefreecell.Info, doublets.Info, doubleagent.Info, secretagent.Info, theagents.Info)
}

// playSome makes n legal moves at a solitaire table (none a command).
func playSome(t *testing.T, tb *session.Table, n int) {
	t.Helper()
	for range n {
		var pick string
		for _, m := range tb.Game.Legal(0) {
			if s := m.String(); s != "undo" && s != "resign" && s != "auto" && !strings.HasPrefix(s, "autoplay") {
				pick = s
				break
			}
		}
		require.NotEmpty(t, pick, "a legal move")
		require.NoError(t, tb.Apply(context.Background(), 0, pick))
	}
}

// Check lists exactly the tables that no longer replay, each with its
// reason, and counts every table but lobbies.
func TestCheck(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dealer.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	reg := everyGame()
	raw, err := sql.Open("sqlite3", path)
	require.NoError(t, err)
	defer raw.Close()

	ann := []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}}
	open := func(t *testing.T, game string, deal uint64, players []store.Player) *session.Table {
		t.Helper()
		tb, err := session.Open(ctx, st, reg, store.Session{Game: game, Deal: deal, Seats: len(players), OwnerID: "u1", Players: players})
		require.NoError(t, err)
		return tb
	}
	computers := func(n int) []store.Player {
		ps := make([]store.Player, n)
		for i := range ps {
			ps[i].Computer = true
		}
		return session.Seat(ps)
	}
	// resigned plays a solitaire and resigns it; alter, when set, changes
	// what is stored of its end.
	resigned := func(t *testing.T, game string, alter func(status *games.Status, res []store.Result)) *session.Table {
		tb := open(t, game, 4, ann)
		playSome(t, tb, 2)
		require.NoError(t, tb.Apply(ctx, 0, "resign"))
		if alter == nil {
			require.NoError(t, tb.Finish(ctx))
			return tb
		}
		status, res := tb.Game.Status(), session.Results(tb.Sess.Players, tb.Game)
		alter(&status, res)
		_, err := st.Finish(ctx, tb.Sess.ID, tb.Sess.Version, status, res)
		require.NoError(t, err)
		return tb
	}
	cases := []struct {
		name   string
		make   func(t *testing.T) int64 // the table's id; 0: none to check
		reason string                   // "": it replays
	}{
		{"Double FreeCell, played", func(t *testing.T) int64 {
			tb := open(t, "doublefreecell", 7, ann)
			playSome(t, tb, 4)
			return tb.Sess.ID
		}, ""},
		{"Double FreeCell, resigned", func(t *testing.T) int64 { return resigned(t, "doublefreecell", nil).Sess.ID }, ""},
		{"Doublets, resigned", func(t *testing.T) int64 { return resigned(t, "doublets", nil).Sess.ID }, ""},
		{"Double Agent, played", func(t *testing.T) int64 { tb := open(t, "doubleagent", 3, ann); playSome(t, tb, 3); return tb.Sess.ID }, ""},
		{"Double Agent, resigned", func(t *testing.T) int64 { return resigned(t, "doubleagent", nil).Sess.ID }, ""},
		{"Secret Agent, over", func(t *testing.T) int64 {
			tb := open(t, "secretagent", 5, computers(4))
			require.NoError(t, tb.PlayComputers(ctx, nil))
			require.True(t, tb.Game.Status().Finished())
			require.NoError(t, tb.Finish(ctx))
			return tb.Sess.ID
		}, ""},
		{"The Agents, over", func(t *testing.T) int64 {
			tb := open(t, "theagents", 4, computers(3))
			require.NoError(t, tb.PlayComputers(ctx, nil))
			require.True(t, tb.Game.Status().Finished())
			require.NoError(t, tb.Finish(ctx))
			return tb.Sess.ID
		}, ""},
		{"The Agents, started", func(t *testing.T) int64 { return open(t, "theagents", 2, computers(2)).Sess.ID }, ""},
		{"a lobby", func(t *testing.T) int64 {
			_, err := session.Open(ctx, st, reg, store.Session{Game: "secretagent", Deal: 1, Seats: 4, Status: store.StatusLobby, Players: ann})
			require.NoError(t, err)
			return 0
		}, ""},
		{"an illegal move", func(t *testing.T) int64 {
			tb := open(t, "doublefreecell", 7, ann)
			playSome(t, tb, 1)
			require.NoError(t, st.AppendMove(ctx, tb.Sess.ID, 1, 0, "h 9"))
			return tb.Sess.ID
		}, `move 2 ("h 9"): `},
		{"a move of a seat that is not to play", func(t *testing.T) int64 {
			tb := open(t, "theagents", 9, computers(3))
			actor := tb.Game.ToAct()[0]
			move := tb.Game.Legal(actor)[0].String()
			require.NoError(t, st.AppendMove(ctx, tb.Sess.ID, 0, (int(actor)+1)%3, move))
			return tb.Sess.ID
		}, "move 1 ("},
		{"other scores", func(t *testing.T) int64 {
			return resigned(t, "doublets", func(_ *games.Status, res []store.Result) { res[0].Score += 40 }).Sess.ID
		}, "replays to other scores: seat 1 scores "},
		{"another end", func(t *testing.T) int64 {
			return resigned(t, "doublefreecell", func(status *games.Status, res []store.Result) {
				*status, res[0].Won = store.StatusWon, true
			}).Sess.ID
		}, "replays to other scores: the replay ends lost, the table is stored won"},
		{"another winner", func(t *testing.T) int64 {
			tb := open(t, "secretagent", 6, computers(4))
			require.NoError(t, tb.PlayComputers(ctx, nil))
			res := session.Results(tb.Sess.Players, tb.Game)
			for i := range res {
				res[i].Won = !res[i].Won
			}
			_, err := st.Finish(ctx, tb.Sess.ID, tb.Sess.Version, store.StatusOver, res)
			require.NoError(t, err)
			return tb.Sess.ID
		}, "replays to other scores: seat 1 "},
		{"marked broken", func(t *testing.T) int64 {
			tb := open(t, "doublets", 2, ann)
			_, err := st.MarkBroken(ctx, tb.Sess.ID, tb.Sess.Version, "move 3 no longer applies")
			require.NoError(t, err)
			return tb.Sess.ID
		}, "marked broken: move 3 no longer applies"},
		{"a rules version no game has", func(t *testing.T) int64 {
			id, err := st.CreateSession(ctx, store.Session{Game: "doublets", Deal: 1, Seats: 1, Rules: 99, Players: ann})
			require.NoError(t, err)
			return id
		}, "has no rules version 99"},
		{"a game not on offer", func(t *testing.T) int64 {
			id, err := st.CreateSession(ctx, store.Session{Game: "chess", Deal: 1, Seats: 1, Players: ann})
			require.NoError(t, err)
			return id
		}, `no game called "chess"`},
		{"a log shorter than its count", func(t *testing.T) int64 {
			tb := open(t, "doublets", 8, ann)
			playSome(t, tb, 2)
			_, err := raw.ExecContext(ctx, `UPDATE sessions SET moves = 5 WHERE id = ?`, tb.Sess.ID)
			require.NoError(t, err)
			return tb.Sess.ID
		}, "its log holds 2 moves, and the table counts 5"},
	}
	want := map[int64]string{}
	tables := 0
	for _, tc := range cases {
		id := tc.make(t)
		if id != 0 {
			tables++
			want[id] = tc.name
		}
	}
	rep, err := session.Check(ctx, st, reg)
	require.NoError(t, err)
	assert.Equal(t, tables, rep.Checked, "every table but the lobby")
	got := map[int64]session.Problem{}
	for _, p := range rep.Problems {
		got[p.ID] = p
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var id int64
			for i, name := range want {
				if name == tc.name {
					id = i
				}
			}
			p, listed := got[id]
			if tc.reason == "" {
				assert.False(t, listed, "%+v", p)
				return
			}
			require.True(t, listed, "listed")
			assert.Contains(t, p.Reason, tc.reason)
			assert.NotEmpty(t, p.Game)
		})
	}
}
