package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// EachReplayable visits every table but lobbies once, in id order, each
// with its whole log and its results, however the pages cut the database.
func TestEachReplayable(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		s, _, _ := openTemp(t, e)
		ctx := context.Background()
		type made struct {
			id      int64
			moves   int
			results int
		}
		var want []made
		for i := range 7 {
			status := StatusPlaying
			if i == 2 || i == 5 {
				status = StatusLobby
			}
			id, err := s.CreateTable(ctx, TableRow{Game: "doublets", Deal: uint64(i + 1), Seats: 2, Status: status,
				Players: []Player{{Seat: 0, UserID: "u", Name: "ann"}, {Seat: 1, Computer: true, Name: "Bond"}}})
			require.NoError(t, err)
			if status == StatusLobby {
				continue
			}
			m := made{id: id, moves: i}
			for seq := range m.moves {
				require.NoError(t, s.AppendMove(ctx, id, seq, seq%2, fmt.Sprintf("m%d", seq)))
			}
			if i%3 == 0 {
				sess, err := s.TableRow(ctx, id)
				require.NoError(t, err)
				_, err = s.Finish(ctx, id, sess.Version, StatusOver, []Result{{Seat: 0, UserID: "u", Name: "ann", Score: i}, {Seat: 1, Computer: true, Name: "Bond", Won: true}})
				require.NoError(t, err)
				m.results = 2
			}
			want = append(want, m)
		}
		for _, size := range []struct{ sessions, moves int }{{256, 50_000}, {2, 50_000}, {1, 1}, {256, 4}} {
			t.Run(fmt.Sprintf("pages of %d sessions, %d moves", size.sessions, size.moves), func(t *testing.T) {
				oldS, oldM := replayablePageTables, replayablePageMoves
				replayablePageTables, replayablePageMoves = size.sessions, size.moves
				defer func() { replayablePageTables, replayablePageMoves = oldS, oldM }()
				var got []made
				require.NoError(t, s.EachReplayable(ctx, func(r Replayable) error {
					got = append(got, made{id: r.Session.ID, moves: len(r.Log), results: len(r.Results)})
					assert.Equal(t, r.Session.Moves, len(r.Log))
					for seq, m := range r.Log {
						assert.Equal(t, games.Entry{Seat: games.Seat(seq % 2), Move: fmt.Sprintf("m%d", seq)}, m)
					}
					for _, res := range r.Results {
						assert.Equal(t, res.Seat == 1, res.Won)
					}
					return nil
				}))
				assert.Equal(t, want, got)
			})
		}
		stop := errors.New("stop")
		n := 0
		err := s.EachReplayable(ctx, func(Replayable) error { n++; return stop })
		assert.ErrorIs(t, err, stop, "fn's error stops the walk")
		assert.Equal(t, 1, n)
	})
}
