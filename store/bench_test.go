package store

import (
	"context"
	"sync/atomic"
	"testing"
)

// BenchmarkAppendMove appends moves one after another to one table: one
// durable (flushed) write transaction per move, on each engine.
func BenchmarkAppendMove(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, e engine) {
		ctx := context.Background()
		s, _, _ := openTemp(b, e)
		id := mustCreate(b, s, TableRow{Game: "doublefreecell", Seats: 1})
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			if err := s.AppendMove(ctx, id, i, 0, "3a"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkAppendMoveParallel appends from many goroutines, each to its own
// table, as the bot's tables do: group commit puts many in one flush.
func BenchmarkAppendMoveParallel(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, e engine) {
		s, _, _ := openTemp(b, e)
		appendInParallel(b, []*Store{s})
	})
}

// BenchmarkAppendMoveTwoStores is BenchmarkAppendMoveParallel through two
// Stores on one database, as two processes would write.
func BenchmarkAppendMoveTwoStores(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, e engine) {
		s, _, db := openTemp(b, e)
		other, err := Open(db)
		if err != nil {
			b.Fatal(err)
		}
		defer other.Close()
		appendInParallel(b, []*Store{s, other})
	})
}

// appendInParallel appends from 8 goroutines a core, each to its own
// table, through stores in turn.
func appendInParallel(b *testing.B, stores []*Store) {
	ctx := context.Background()
	b.SetParallelism(8)
	b.ReportAllocs()
	var n atomic.Int32
	b.RunParallel(func(pb *testing.PB) {
		st := stores[int(n.Add(1))%len(stores)]
		id, err := st.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
		if err != nil {
			b.Error(err)
			return
		}
		for i := 0; pb.Next(); i++ {
			if err := st.AppendMove(ctx, id, i, 0, "3a"); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkTableRow reads a table with its players.
func BenchmarkTableRow(b *testing.B) {
	benchEachEngine(b, func(b *testing.B, e engine) {
		ctx := context.Background()
		s, _, _ := openTemp(b, e)
		id := mustCreate(b, s, TableRow{Game: "doublefreecell", Seats: 2,
			Players: []Player{{Seat: 0, UserID: "u", Name: "U"}, {Seat: 1, Computer: true}}})
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.TableRow(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// seedTables writes n unfinished tables (two players, moves moves each) and n
// finished ones in one transaction.
func seedTables(b *testing.B, s *Store, n, moves int) {
	ctx := context.Background()
	err := s.write(ctx, func(tx *txn) error {
		for i := range 2 * n {
			status := StatusPlaying
			if i%2 == 1 {
				status = StatusWon
			}
			var id int64
			err := tx.QueryRowContext(ctx, `INSERT INTO sessions (game, deal, seats, guild_id, owner_id, status, moves, created_at, updated_at)
				VALUES ('doublefreecell', ?, 2, 'g', 'u', ?, ?, 0, 0) RETURNING id`, i, status.String(), moves).Scan(&id)
			if err != nil {
				return err
			}
			for seat := range 2 {
				if _, err := tx.ExecContext(ctx, `INSERT INTO players (session_id, seat, user_id, name) VALUES (?, ?, 'u', 'U')`, id, seat); err != nil {
					return err
				}
			}
			for m := range moves {
				if _, err := tx.ExecContext(ctx, `INSERT INTO moves (session_id, seq, seat, move, at) VALUES (?, ?, 0, '3a', 0)`, id, m); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkResume10k is the store's part of a start-up with 10,000
// unfinished tables of 50 moves (beside 10,000 finished ones): Unfinished,
// then each table's Record.
func BenchmarkResume10k(b *testing.B) {
	benchResume(b, func(b *testing.B, s *Store) {
		ctx := context.Background()
		list, err := s.Unfinished(ctx)
		if err != nil || len(list) != 10000 {
			b.Fatal(err, len(list))
		}
		for _, sess := range list {
			rec, err := s.Record(ctx, sess.ID)
			if err != nil || len(rec.Moves) != 50 {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkResumeAll10k is the same start-up through UnfinishedWithMoves.
func BenchmarkResumeAll10k(b *testing.B) {
	benchResume(b, func(b *testing.B, s *Store) {
		open, err := s.UnfinishedWithMoves(context.Background())
		if err != nil || len(open) != 10000 || len(open[9999].Log) != 50 {
			b.Fatal(err, len(open))
		}
	})
}

// benchResume times resume, on each engine, on a store of 10,000
// unfinished tables of 50 moves beside 10,000 finished ones.
func benchResume(b *testing.B, resume func(b *testing.B, s *Store)) {
	benchEachEngine(b, func(b *testing.B, e engine) {
		s, _, _ := openTemp(b, e)
		seedTables(b, s, 10000, 50)
		b.ResetTimer()
		for b.Loop() {
			resume(b, s)
		}
	})
}
