package play_test

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
	"github.com/dealer/dealer/store/play"
)

// everyGame is a registry of the five games: every game a table of the
// tests (and of the upgrade fixtures) plays.
func everyGame() *games.Registry {
	return games.NewRegistry(doublefreecell.Info, doublets.Info, doubleagent.Info, secretagent.Info, theagents.Info)
}

// playSome makes n legal moves at a solitaire table (none a command).
func playSome(t *testing.T, tb *play.Table, n int) {
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

// checkCase is a table made for Check, and what Check says of it.
type checkCase struct {
	name   string
	make   func(t *testing.T) int64 // the table's id; 0: none to check
	reason string                   // "": it replays
}

// Check lists exactly the tables that no longer replay, each with its
// reason, and counts every table but lobbies.
func TestCheck(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dealer.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	raw, err := sql.Open("sqlite3", path)
	require.NoError(t, err)
	defer raw.Close()
	b := &checkBench{st: st, reg: everyGame(), raw: raw}
	cases := append(b.replaying(), b.notReplaying()...)

	want := map[int64]string{}
	tables := 0
	for _, tc := range cases {
		if id := tc.make(t); id != 0 {
			tables++
			want[id] = tc.name
		}
	}
	rep, err := play.Check(ctx, st, b.reg)
	require.NoError(t, err)
	assert.Equal(t, tables, rep.Checked, "every table but the lobby")
	got := map[string]play.Problem{}
	for _, p := range rep.Problems {
		got[want[p.ID]] = p
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, listed := got[tc.name]
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

// checkBench makes tables for Check: st is the store, raw the same SQLite
// file opened past the store, to write what no store writes.
type checkBench struct {
	st  *store.Store
	reg *games.Registry
	raw *sql.DB
}

// solo is the one person at the solitaires' tables, ann.
var solo = []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}}

// open opens a table of game, deal deal, for players.
func (b *checkBench) open(t *testing.T, game string, deal uint64, players []store.Player) *play.Table {
	t.Helper()
	tb, err := play.Open(context.Background(), b.st, b.reg, store.TableRow{Game: game, Deal: deal, Seats: len(players), OwnerID: "u1", Players: players})
	require.NoError(t, err)
	return tb
}

// played is a solitaire table of game, deal deal, with n legal moves
// made.
func (b *checkBench) played(t *testing.T, game string, deal uint64, n int) *play.Table {
	t.Helper()
	tb := b.open(t, game, deal, solo)
	playSome(t, tb, n)
	return tb
}

// computers are n computer players, seated.
func computers(n int) []store.Player {
	ps := make([]store.Player, n)
	for i := range ps {
		ps[i].Computer = true
	}
	return play.Seat(ps)
}

// resigned plays a solitaire and resigns it; alter, when set, changes
// what is stored of its end.
func (b *checkBench) resigned(t *testing.T, game string, alter func(status *games.Status, res []store.Result)) int64 {
	ctx := context.Background()
	tb := b.played(t, game, 4, 2)
	require.NoError(t, tb.Apply(ctx, 0, "resign"))
	if alter == nil {
		require.NoError(t, tb.Finish(ctx))
		return tb.Row.ID
	}
	status, res := tb.Game.Status(), play.Results(tb.Row.Players, tb.Game)
	alter(&status, res)
	_, err := b.st.Finish(ctx, tb.Row.ID, tb.Row.Version, status, res)
	require.NoError(t, err)
	return tb.Row.ID
}

// playedOut is a multiplayer table its computer players played to the
// end, its result recorded.
func (b *checkBench) playedOut(t *testing.T, game string, deal uint64, seats int) int64 {
	ctx := context.Background()
	tb := b.open(t, game, deal, computers(seats))
	require.NoError(t, tb.PlayComputers(ctx, nil))
	require.True(t, tb.Game.Status().Finished())
	require.NoError(t, tb.Finish(ctx))
	return tb.Row.ID
}

// replaying are tables of every game, every way a table leaves them:
// they replay.
func (b *checkBench) replaying() []checkCase {
	return []checkCase{
		{"Double FreeCell, played", func(t *testing.T) int64 { return b.played(t, "doublefreecell", 7, 4).Row.ID }, ""},
		{"Double FreeCell, resigned", func(t *testing.T) int64 { return b.resigned(t, "doublefreecell", nil) }, ""},
		{"Doublets, resigned", func(t *testing.T) int64 { return b.resigned(t, "doublets", nil) }, ""},
		{"Double Agent, played", func(t *testing.T) int64 { return b.played(t, "doubleagent", 3, 3).Row.ID }, ""},
		{"Double Agent, resigned", func(t *testing.T) int64 { return b.resigned(t, "doubleagent", nil) }, ""},
		{"Secret Agent, over", func(t *testing.T) int64 { return b.playedOut(t, "secretagent", 5, 4) }, ""},
		{"The Agents, over", func(t *testing.T) int64 { return b.playedOut(t, "theagents", 4, 3) }, ""},
		{"The Agents, started", func(t *testing.T) int64 { return b.open(t, "theagents", 2, computers(2)).Row.ID }, ""},
		{"a lobby", func(t *testing.T) int64 {
			_, err := play.Open(context.Background(), b.st, b.reg, store.TableRow{Game: "secretagent", Deal: 1, Seats: 4, Status: store.StatusLobby, Players: solo})
			require.NoError(t, err)
			return 0
		}, ""},
	}
}

// notReplaying are tables written past the table (a log or a result
// forged, a rules version or a game this dealer lacks): none replays.
func (b *checkBench) notReplaying() []checkCase {
	ctx := context.Background()
	return []checkCase{
		{"an illegal move", func(t *testing.T) int64 {
			tb := b.played(t, "doublefreecell", 7, 1)
			require.NoError(t, b.st.AppendMove(ctx, tb.Row.ID, 1, 0, "h 9"))
			return tb.Row.ID
		}, `move 2 ("h 9"): `},
		{"a move of a seat that is not to play", func(t *testing.T) int64 {
			tb := b.open(t, "theagents", 9, computers(3))
			actor := tb.Game.ToAct()[0]
			move := tb.Game.Legal(actor)[0].String()
			require.NoError(t, b.st.AppendMove(ctx, tb.Row.ID, 0, (int(actor)+1)%3, move))
			return tb.Row.ID
		}, "move 1 ("},
		{"other scores", func(t *testing.T) int64 {
			return b.resigned(t, "doublets", func(_ *games.Status, res []store.Result) { res[0].Score += 40 })
		}, "replays to other scores: seat 1 scores "},
		{"another end", func(t *testing.T) int64 {
			return b.resigned(t, "doublefreecell", func(status *games.Status, res []store.Result) {
				*status, res[0].Won = store.StatusWon, true
			})
		}, "replays to other scores: the replay ends lost, the table is stored won"},
		{"another winner", func(t *testing.T) int64 {
			tb := b.open(t, "secretagent", 6, computers(4))
			require.NoError(t, tb.PlayComputers(ctx, nil))
			res := play.Results(tb.Row.Players, tb.Game)
			for i := range res {
				res[i].Won = !res[i].Won
			}
			_, err := b.st.Finish(ctx, tb.Row.ID, tb.Row.Version, store.StatusOver, res)
			require.NoError(t, err)
			return tb.Row.ID
		}, "replays to other scores: seat 1 "},
		{"marked broken", func(t *testing.T) int64 {
			tb := b.open(t, "doublets", 2, solo)
			_, err := b.st.MarkBroken(ctx, tb.Row.ID, tb.Row.Version, "move 3 no longer applies")
			require.NoError(t, err)
			return tb.Row.ID
		}, "marked broken: move 3 no longer applies"},
		{"a rules version no game has", func(t *testing.T) int64 {
			id, err := b.st.CreateTable(ctx, store.TableRow{Game: "doublets", Deal: 1, Seats: 1, Rules: 99, Players: solo})
			require.NoError(t, err)
			return id
		}, "has no rules version 99"},
		{"a game not on offer", func(t *testing.T) int64 {
			id, err := b.st.CreateTable(ctx, store.TableRow{Game: "chess", Deal: 1, Seats: 1, Players: solo})
			require.NoError(t, err)
			return id
		}, `no game called "chess"`},
		{"a log shorter than its count", func(t *testing.T) int64 {
			tb := b.played(t, "doublets", 8, 2)
			_, err := b.raw.ExecContext(ctx, `UPDATE sessions SET moves = 5 WHERE id = ?`, tb.Row.ID)
			require.NoError(t, err)
			return tb.Row.ID
		}, "its log holds 2 moves, and the table counts 5"},
	}
}
