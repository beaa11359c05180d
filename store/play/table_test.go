package play_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// registry holds a solitaire and a multiplayer game with computer players.
func registry() *games.Registry {
	return games.NewRegistry(doublefreecell.Info, secretagent.Info)
}

// openStore opens a fresh SQLite store in the test's temporary directory.
func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "dealer.db"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// storedRow is table id's row as the store holds it now.
func storedRow(t *testing.T, st *store.Store, id int64) store.TableRow {
	t.Helper()
	row, err := st.TableRow(context.Background(), id)
	require.NoError(t, err)
	return row
}

// savedResults are table id's results as the store holds them now.
func savedResults(t *testing.T, st *store.Store, id int64) []store.Result {
	t.Helper()
	rs, err := st.Results(context.Background(), id)
	require.NoError(t, err)
	return rs
}

// solitaire opens a Double FreeCell table, deal 7, for user "u1".
func solitaire(t *testing.T, st *store.Store) *play.Table {
	t.Helper()
	tb, err := play.Open(context.Background(), st, registry(), store.TableRow{
		Game: "doublefreecell", Deal: 7, Seats: 1, OwnerID: "u1",
		Players: []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}},
	})
	require.NoError(t, err)
	return tb
}

// aMove is a legal move of seat that is no command (undo, resign, auto).
func aMove(t *testing.T, g games.Game, seat games.Seat) string {
	t.Helper()
	for _, m := range g.Legal(seat) {
		switch s := m.String(); s {
		case "undo", "resign", "auto", "autoplay":
		default:
			return s
		}
	}
	t.Fatal("no legal move")
	return ""
}

// anIllegalMove is a move the game reads but does not allow now.
func anIllegalMove(t *testing.T, g games.Game) string {
	t.Helper()
	for a := 1; a <= 10; a++ {
		for _, s := range []string{strconv.Itoa(a) + " h", "h " + strconv.Itoa(a), strconv.Itoa(a) + " a"} {
			if _, err := g.Parse(s); err == nil && !games.IsLegal(g, 0, s) {
				return s
			}
		}
	}
	t.Fatal("no illegal move found")
	return ""
}

// state is g's complete position as JSON, to compare games.
func state(t *testing.T, g games.Game) string {
	t.Helper()
	b, err := json.Marshal(games.FullState(g))
	require.NoError(t, err)
	return string(b)
}

func TestOpenSavesTheTable(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	require.NotNil(t, tb.Game)
	assert.Equal(t, "doublefreecell", tb.Info.Name)
	assert.Equal(t, store.StatusPlaying, tb.Row.Status)

	sess := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, uint64(7), sess.Deal)
	assert.Equal(t, store.StatusPlaying, sess.Status)
	assert.Equal(t, []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}}, sess.Players)

	_, err := play.Open(ctx, st, registry(), store.TableRow{Game: "chess", Seats: 2, OwnerID: "u1"})
	assert.ErrorContains(t, err, "no game called")
}

func TestApply(t *testing.T) {
	tests := []struct {
		name  string
		move  func(t *testing.T, g games.Game) string
		saved bool
	}{
		{"a legal move is made and saved", func(t *testing.T, g games.Game) string { return aMove(t, g, 0) }, true},
		{"an illegal move changes nothing", anIllegalMove, false},
		{"an unreadable move changes nothing", func(*testing.T, games.Game) string { return "fly away" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			st := openStore(t)
			tb := solitaire(t, st)
			before := state(t, tb.Game)
			move := tt.move(t, tb.Game)

			err := tb.Apply(ctx, 0, move)
			moves, lerr := st.Moves(ctx, tb.Row.ID)
			require.NoError(t, lerr)
			if !tt.saved {
				require.Error(t, err)
				assert.NotErrorIs(t, err, play.ErrNotSaved)
				assert.Empty(t, moves)
				assert.Equal(t, before, state(t, tb.Game))
				assert.Zero(t, tb.Row.Moves)
				return
			}
			require.NoError(t, err)
			m, _ := tb.Game.Parse(move)
			assert.Equal(t, []games.Entry{{Seat: 0, Move: m.String()}}, moves)
			assert.Equal(t, 1, tb.Game.Moves())
			assert.Equal(t, 1, tb.Row.Moves)
		})
	}
}

// A move the store cannot save is not made: the game is rebuilt from the
// store's log, or, when the store cannot be read, from the moves it took.
func TestApplyNotSaved(t *testing.T) {
	ctx := context.Background()

	t.Run("the store is closed", func(t *testing.T) {
		st := openStore(t)
		tb := solitaire(t, st)
		require.NoError(t, tb.Apply(ctx, 0, aMove(t, tb.Game, 0)))
		saved := state(t, tb.Game)
		require.NoError(t, st.Close())

		err := tb.Apply(ctx, 0, aMove(t, tb.Game, 0))
		require.ErrorIs(t, err, play.ErrNotSaved)
		assert.Equal(t, 1, tb.Game.Moves())
		assert.Equal(t, saved, state(t, tb.Game), "the game is as saved")
	})

	t.Run("another table saved a move first", func(t *testing.T) {
		st := openStore(t)
		first := solitaire(t, st)
		second, err := play.Load(ctx, st, registry(), first.Row.ID)
		require.NoError(t, err)
		require.NoError(t, first.Apply(ctx, 0, aMove(t, first.Game, 0)))

		err = second.Apply(ctx, 0, aMove(t, second.Game, 0))
		require.ErrorIs(t, err, play.ErrNotSaved)
		assert.ErrorIs(t, err, store.ErrConflict, "the store's conflict is named")
		assert.Equal(t, state(t, first.Game), state(t, second.Game), "rebuilt from the store")
		assert.Equal(t, 1, second.Row.Moves)
		require.NoError(t, second.Apply(ctx, 0, aMove(t, second.Game, 0)), "and playable on")
	})
}

func TestReplayGivesTheSameGame(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	for range 5 {
		require.NoError(t, tb.Apply(ctx, 0, aMove(t, tb.Game, 0)))
	}

	loaded, err := play.Load(ctx, st, registry(), tb.Row.ID)
	require.NoError(t, err)
	assert.Equal(t, state(t, tb.Game), state(t, loaded.Game))
	assert.Equal(t, 5, loaded.Row.Moves)
	assert.Equal(t, tb.Row.Players, loaded.Row.Players)

	moves, err := st.Moves(ctx, tb.Row.ID)
	require.NoError(t, err)
	replayed, err := play.Replay(st, registry(), loaded.Row, moves)
	require.NoError(t, err)
	assert.Equal(t, state(t, tb.Game), state(t, replayed.Game))

	_, err = play.Load(ctx, st, registry(), tb.Row.ID+100)
	assert.Error(t, err, "no such session")
}

func TestFinishWritesResults(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	require.NoError(t, tb.Apply(ctx, 0, "resign"))
	require.Equal(t, games.Lost, tb.Game.Status())

	require.NoError(t, tb.Finish(ctx))
	assert.Equal(t, games.Lost, tb.Row.Status)
	sess := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, store.StatusLost, sess.Status)
	results := savedResults(t, st, tb.Row.ID)
	assert.Equal(t, []store.Result{{Seat: 0, UserID: "u1", Name: "ann", Score: tb.Game.Scores()[0]}}, results)
}

// secretAgent opens a Secret Agent table: seat 0 is "u1", seats 1–3 are
// computer players (all four when allComputers).
func secretAgent(t *testing.T, st *store.Store, allComputers bool) *play.Table {
	t.Helper()
	players := play.Fill(secretagent.Info, []store.Player{{UserID: "u1", Name: "ann", Computer: allComputers}})
	tb, err := play.Open(context.Background(), st, registry(), store.TableRow{
		Game: "secretagent", Deal: 5, Seats: len(players), OwnerID: "u1", Players: players,
	})
	require.NoError(t, err)
	return tb
}

func TestPlayComputers(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := secretAgent(t, st, false)
	require.Len(t, tb.Row.Players, 4)

	var computerMoves int
	for turns := 0; !tb.Game.Status().Finished(); turns++ {
		require.Less(t, turns, 10000, "the game ends")
		require.NoError(t, tb.PlayComputers(ctx, func(s games.Seat, m games.Move) {
			assert.NotEqual(t, games.Seat(0), s, "computers play only their own seats")
			assert.True(t, tb.Player(s).Computer)
			computerMoves++
		}))
		if tb.Game.Status().Finished() {
			break
		}
		act := tb.Game.ToAct()
		require.NotEmpty(t, act)
		require.Equal(t, games.Seat(0), act[0], "computers stop at the human's turn")
		// The human plays as a computer would, through Apply.
		require.NoError(t, tb.Apply(ctx, 0, secretagent.Info.Computer(tb.Game, 0).String()))
	}
	assert.Positive(t, computerMoves)

	moves, err := st.Moves(ctx, tb.Row.ID)
	require.NoError(t, err)
	assert.Len(t, moves, tb.Game.Moves(), "every move is saved")
	assert.Equal(t, len(moves), tb.Row.Moves)

	require.NoError(t, tb.Finish(ctx))
	results := savedResults(t, st, tb.Row.ID)
	assert.Equal(t, play.Results(tb.Row.Players, tb.Game), results)
	loaded, err := play.Load(ctx, st, registry(), tb.Row.ID)
	require.NoError(t, err)
	assert.Equal(t, store.StatusOver, loaded.Row.Status)
	assert.Equal(t, state(t, tb.Game), state(t, loaded.Game))
}

// Computer players alone play a game to its end, and a store-less game
// plays the same moves.
func TestPlayComputersAlone(t *testing.T) {
	ctx := context.Background()
	tb := secretAgent(t, openStore(t), true)
	var seen []games.Entry
	require.NoError(t, tb.PlayComputers(ctx, func(s games.Seat, m games.Move) {
		seen = append(seen, games.Entry{Seat: s, Move: m.String()})
	}))
	require.True(t, tb.Game.Status().Finished())

	g, err := registry().New("secretagent", 5, 4)
	require.NoError(t, err)
	var bare []games.Entry
	require.NoError(t, play.PlayComputers(g, func(games.Seat) games.Computer { return secretagent.Info.Computer }, func(s games.Seat, m games.Move) error {
		bare = append(bare, games.Entry{Seat: s, Move: m.String()})
		return g.Apply(s, m)
	}))
	assert.Equal(t, seen, bare)
	assert.Equal(t, state(t, tb.Game), state(t, g))

	// No computer seat: nothing is played.
	g, err = registry().New("secretagent", 5, 4)
	require.NoError(t, err)
	require.NoError(t, play.PlayComputers(g, func(games.Seat) games.Computer { return nil }, g.Apply))
	assert.Zero(t, g.Moves())
}

func TestLobbyStart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb, err := play.Open(ctx, st, registry(), store.TableRow{
		Game: "secretagent", Deal: 3, Seats: 4, OwnerID: "u1", Status: store.StatusLobby,
		Players: []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}},
	})
	require.NoError(t, err)
	assert.Nil(t, tb.Game, "a lobby has no game")
	loaded, err := play.Load(ctx, st, registry(), tb.Row.ID)
	require.NoError(t, err)
	assert.Nil(t, loaded.Game)

	players := play.Fill(tb.Info, []store.Player{{UserID: "u1", Name: "ann"}, {UserID: "u2", Name: "bob"}})
	require.NoError(t, tb.Start(ctx, players))
	require.NotNil(t, tb.Game)
	assert.Equal(t, store.StatusPlaying, tb.Row.Status)
	assert.Equal(t, []string{"ann", "bob", "Cipher", "Dagger"}, tb.Names())
	sess := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, store.StatusPlaying, sess.Status)
	assert.Equal(t, players, sess.Players)
}

func TestDailyOpen(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb, err := play.Open(ctx, st, registry(), store.TableRow{
		Game: "doublefreecell", Deal: 11, Seats: 1, OwnerID: "u1", Daily: "2026-01-02",
		Players: []store.Player{{Seat: 0, UserID: "u1", Name: "ann"}},
	})
	require.NoError(t, err)
	sess := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, "2026-01-02", sess.Daily)
}

func TestPlayersAndSeats(t *testing.T) {
	tb := secretAgent(t, openStore(t), false)
	assert.Equal(t, []string{"ann", "Bond", "Cipher", "Dagger"}, tb.Names())
	assert.Equal(t, store.Player{Seat: 2, Name: "Cipher", Computer: true}, tb.Player(2))
	assert.Equal(t, store.Player{Seat: 9}, tb.Player(9), "an empty seat")

	seat, ok := tb.SeatOf("u1")
	assert.True(t, ok)
	assert.Equal(t, games.Seat(0), seat)
	_, ok = tb.SeatOf("u2")
	assert.False(t, ok)
	_, ok = tb.SeatOf("")
	assert.False(t, ok, "computer players are no user")
}

func TestFill(t *testing.T) {
	solo := games.Info{MinSeats: 1, MaxSeats: 1}
	four := games.Info{MinSeats: 4, MaxSeats: 4}
	some := games.Info{MinSeats: 2, MaxSeats: 5}
	ann, bob, cy := store.Player{UserID: "1", Name: "ann"}, store.Player{UserID: "2", Name: "bob"}, store.Player{UserID: "3", Name: "cy"}
	seated := func(s int, p store.Player) store.Player { p.Seat = s; return p }
	computer := func(s int) store.Player { return store.Player{Seat: s, Name: play.ComputerName(s), Computer: true} }
	tests := []struct {
		name    string
		info    games.Info
		players []store.Player
		want    []store.Player
	}{
		{"a solitaire", solo, []store.Player{ann}, []store.Player{seated(0, ann)}},
		{"a fixed count fills every seat", four, []store.Player{ann}, []store.Player{seated(0, ann), computer(1), computer(2), computer(3)}},
		{"a range fills to its fewest", some, []store.Player{ann}, []store.Player{seated(0, ann), computer(1)}},
		{"enough players need no computer", some, []store.Player{ann, bob, cy}, []store.Player{seated(0, ann), seated(1, bob), seated(2, cy)}},
		{"nobody yet", some, nil, []store.Player{computer(0), computer(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]store.Player(nil), tt.players...)
			assert.Equal(t, tt.want, play.Fill(tt.info, tt.players))
			assert.Equal(t, in, tt.players, "Fill does not change its argument")
		})
	}
}

func TestSeatNamesComputers(t *testing.T) {
	players := play.Seat([]store.Player{{Name: "x", Computer: true}, {UserID: "1", Name: "ann"}, {Computer: true}})
	assert.Equal(t, []store.Player{
		{Seat: 0, Name: "Ace", Computer: true},
		{Seat: 1, UserID: "1", Name: "ann"},
		{Seat: 2, Name: "Cipher", Computer: true},
	}, players)
	assert.Equal(t, "Echo", play.ComputerName(4))
	assert.Equal(t, "Ace", play.ComputerName(5), "the names go round")
}

// scored is a game that only has scores and winners, for Results.
type scored struct {
	games.Game
	scores  []int
	winners []games.Seat
}

// Scores are the scores given.
func (g scored) Scores() []int { return g.scores }

// Winners are the winners given.
func (g scored) Winners() []games.Seat { return g.winners }

func TestResults(t *testing.T) {
	ann := store.Player{Seat: 0, UserID: "1", Name: "ann"}
	bond := store.Player{Seat: 1, Name: "Bond", Computer: true}
	tests := []struct {
		name    string
		players []store.Player
		g       scored
		want    []store.Result
	}{
		{"a win", []store.Player{ann}, scored{scores: []int{104}, winners: []games.Seat{0}},
			[]store.Result{{Seat: 0, UserID: "1", Name: "ann", Score: 104, Won: true}}},
		{"a loss", []store.Player{ann}, scored{scores: []int{30}},
			[]store.Result{{Seat: 0, UserID: "1", Name: "ann", Score: 30}}},
		{"the computer won", []store.Player{ann, bond}, scored{scores: []int{3, 9}, winners: []games.Seat{1}},
			[]store.Result{{Seat: 0, UserID: "1", Name: "ann", Score: 3}, {Seat: 1, Name: "Bond", Computer: true, Score: 9, Won: true}}},
		{"a seat without a score", []store.Player{ann, bond}, scored{scores: []int{5}},
			[]store.Result{{Seat: 0, UserID: "1", Name: "ann", Score: 5}, {Seat: 1, Name: "Bond", Computer: true}}},
		{"no players", nil, scored{scores: []int{5}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, play.Results(tt.players, tt.g))
		})
	}
}

func TestRandomDeal(t *testing.T) {
	for range 100 {
		d := play.RandomDeal()
		assert.GreaterOrEqual(t, d, uint64(1))
		assert.LessOrEqual(t, d, uint64(1_000_000))
	}
}

// Hint counts a hint at the table, in the store; a game without a solver
// counts none.
func TestHint(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	for want := 1; want <= 2; want++ {
		n, err := tb.Hint(ctx)
		require.NoError(t, err)
		assert.Equal(t, want, n)
		assert.Equal(t, want, tb.Row.Hints)
		stored, err := st.Hints(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, want, stored)
	}

	sa := secretAgent(t, st, false)
	_, err := sa.Hint(ctx)
	require.ErrorIs(t, err, play.ErrNoHints)
	stored, err := st.Hints(ctx, sa.Row.ID)
	require.NoError(t, err)
	assert.Zero(t, stored)
}
