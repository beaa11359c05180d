package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/dealer/dealer/games"
)

// Player is one seated player of a table. UserID is "" for a computer
// player and for the player at the terminal.
type Player struct {
	Seat     int
	UserID   string
	Name     string
	Computer bool
	// Level is a computer player's strength (Normal for people).
	Level games.Level
	// StandIn is a person's seat a computer player plays for (its player
	// timed out twice in a row), until they take it back.
	StandIn bool
	// Timeouts counts the seat's turns in a row that ran out; TimedOut is
	// the table's move count just after the last of them (0: none).
	// SetSeat alone writes these three: a new table's or a lobby's seats
	// start without (a rematch copying a finished table's players too).
	Timeouts, TimedOut int
}

// TableRow is one table: a game being (or having been) played, a row of
// the SQL table sessions (the name shipped migrations gave it).
type TableRow struct {
	ID    int64
	Game  string
	Deal  uint64
	Seats int
	// Where the table lives in Discord; "" for terminal games.
	GuildID, ChannelID, MessageID string
	// OwnerID is who opened the table ("" at the terminal).
	OwnerID string
	// Players in seat order; a seat may be empty (not yet taken).
	Players []Player
	// Status is one of the Status constants; the zero Status is Playing.
	Status games.Status
	// Moves is the length of the table's move log.
	Moves int
	// CreatedAt and UpdatedAt are set by the store (in UTC).
	CreatedAt, UpdatedAt time.Time
	// FinishedAt is when Finish was first called; zero while unfinished.
	FinishedAt time.Time
	// Hints counts the hints used (AddHint); Daily is the day ("2026-11-22")
	// of a daily-deal attempt, "" for an ordinary game. CreateDaily sets it.
	Hints int
	Daily string
	// Options are the table's house rules as games.Info.FormatOptions
	// writes them; "" for the standard game (always so for a daily deal).
	Options string
	// Rules is the version of the game's rules the table plays
	// (games.Info.Rules when it opened; CreateSession takes 0 as 1). A
	// table keeps it to its end.
	Rules int
	// Version counts the changes of what the table is: its players, its
	// start, its moves, its end. Every such write names the version its
	// writer saw, and is refused with ErrConflict when another writer
	// changed the table since (see StaleError).
	Version int
	// Broken says why the table's move log no longer replays ("" when it
	// does): such a table is kept as it is, never played on or counted
	// (MarkBroken).
	Broken string
	// RematchOf is the finished table this one follows (its Rematch, New
	// deal or Same deal again), 0 for none. A table has at most one
	// follower that is not abandoned: CreateTable refuses a second with
	// ErrRematched.
	RematchOf int64
	// InteractionOnly: the table lives on interaction answers alone,
	// dealt where the bot is no member (a user-installed dealer in a DM or
	// group DM): nothing may be posted or edited in its channel but
	// through the answers to its players' clicks.
	InteractionOnly bool
}

func checkPlayers(seats int, players []Player) error {
	taken := make(map[int]bool, len(players))
	for _, p := range players {
		if p.Seat < 0 || p.Seat >= seats {
			return fmt.Errorf("store: player %q: seat %d not in 0..%d", p.Name, p.Seat, seats-1)
		}
		if taken[p.Seat] {
			return fmt.Errorf("store: seat %d given twice", p.Seat)
		}
		taken[p.Seat] = true
	}
	return nil
}

func insertPlayers(ctx context.Context, tx *txn, id int64, players []Player) error {
	for _, p := range players {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO players (session_id, seat, user_id, name, computer, level) VALUES (?, ?, ?, ?, ?, ?)`,
			id, p.Seat, p.UserID, p.Name, boolInt(p.Computer), int(p.Level)); err != nil {
			return fmt.Errorf("store: session %d: player at seat %d: %w", id, p.Seat, err)
		}
	}
	return nil
}

// replacePlayers seats players at table id in place of those there.
func replacePlayers(ctx context.Context, tx *txn, id int64, players []Player) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM players WHERE session_id = ?`, id); err != nil {
		return fmt.Errorf("store: session %d: %w", id, err)
	}
	return insertPlayers(ctx, tx, id, players)
}

// CreateTable stores a new table with its players and returns its ID.
// The store sets the ID, the times and the move count.
func (s *Store) CreateTable(ctx context.Context, sess TableRow) (int64, error) {
	if sess.Game == "" {
		return 0, errors.New("store: create session: no game")
	}
	if sess.Seats < 1 {
		return 0, fmt.Errorf("store: create session: %d seats", sess.Seats)
	}
	if !validStatus(sess.Status) {
		return 0, fmt.Errorf("store: create session: unknown status %v", sess.Status)
	}
	if err := checkPlayers(sess.Seats, sess.Players); err != nil {
		return 0, err
	}
	now := s.now()
	var id int64
	err := s.write(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO sessions
			(game, deal, seats, guild_id, channel_id, message_id, owner_id, status, moves, created_at, updated_at, options, rules_version, rematch_of, interaction_only)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?) RETURNING id`,
			sess.Game, int64(sess.Deal), sess.Seats, sess.GuildID, sess.ChannelID, sess.MessageID,
			sess.OwnerID, sess.Status.String(), now, now, sess.Options, max(sess.Rules, 1), sess.RematchOf, boolInt(sess.InteractionOnly)).Scan(&id)
		if sess.RematchOf != 0 && s.d.uniqueViolation(err) {
			return ErrRematched // another click, in any process, opened it first
		}
		if err != nil {
			return fmt.Errorf("store: create session: %w", err)
		}
		return insertPlayers(ctx, tx, id, sess.Players)
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

const tableColumns = `id, game, deal, seats, guild_id, channel_id, message_id, owner_id,
	status, moves, created_at, updated_at, finished_at, hints, daily, options, rules_version, version, broken, rematch_of, interaction_only`

type scanner interface{ Scan(dest ...any) error }

func scanTable(row scanner) (TableRow, error) {
	var (
		sess     TableRow
		deal     int64
		created  int64
		updated  int64
		finished sql.NullInt64
		status   string
		only     int
	)
	err := row.Scan(&sess.ID, &sess.Game, &deal, &sess.Seats, &sess.GuildID, &sess.ChannelID,
		&sess.MessageID, &sess.OwnerID, &status, &sess.Moves, &created, &updated, &finished, &sess.Hints, &sess.Daily, &sess.Options,
		&sess.Rules, &sess.Version, &sess.Broken, &sess.RematchOf, &only)
	if err != nil {
		return TableRow{}, err
	}
	sess.InteractionOnly = only != 0
	if err := sess.Status.UnmarshalText([]byte(status)); err != nil {
		return TableRow{}, fmt.Errorf("session %d: %w", sess.ID, err)
	}
	sess.Deal = uint64(deal)
	sess.CreatedAt = fromNanos(created)
	sess.UpdatedAt = fromNanos(updated)
	if finished.Valid {
		sess.FinishedAt = fromNanos(finished.Int64)
	}
	return sess, nil
}

// TableRow returns the table id with its players, or ErrNotFound.
func (s *Store) TableRow(ctx context.Context, id int64) (TableRow, error) {
	var sess TableRow
	err := s.read(ctx, func(tx *txn) error {
		var err error
		sess, err = readTable(ctx, tx, id)
		return err
	})
	return sess, err
}

// tableQuery reads a table, and playersQuery its players.
const (
	tableQuery   = `SELECT ` + tableColumns + ` FROM sessions WHERE id = ?`
	playersQuery = `SELECT ` + playerColumns + ` FROM players WHERE session_id = ? ORDER BY seat`
)

// readTable reads table id with its players in tx.
func readTable(ctx context.Context, tx *txn, id int64) (TableRow, error) {
	sess, err := scanTable(tx.QueryRowContext(ctx, tableQuery, id))
	if errors.Is(err, sql.ErrNoRows) {
		return TableRow{}, notFound(id)
	}
	if err != nil {
		return TableRow{}, fmt.Errorf("store: session %d: %w", id, err)
	}
	rows, err := tx.QueryContext(ctx, playersQuery, id)
	if err != nil {
		return TableRow{}, fmt.Errorf("store: session %d: players: %w", id, err)
	}
	defer rows.Close()
	err = scanPlayers(rows, func(_ int64, p Player) { sess.Players = append(sess.Players, p) })
	return sess, err
}

// Table returns the table id with its players and its move log, read
// from one snapshot (so the log is the one the table's counts speak of),
// or ErrNotFound.
func (s *Store) Table(ctx context.Context, id int64) (TableRow, []games.Entry, error) {
	var (
		sess TableRow
		log  []games.Entry
	)
	if s.d.engine == EnginePostgres {
		return s.tablePostgres(ctx, id)
	}
	err := s.read(ctx, func(tx *txn) error {
		var err error
		if sess, err = readTable(ctx, tx, id); err != nil {
			return err
		}
		log, err = readMoves(ctx, tx, id, sess.Moves)
		return err
	})
	return sess, log, err
}

// Version is table id's version (Table.Version), or ErrNotFound: one
// cheap read, for a writer to tell whether its copy is still the store's.
func (s *Store) Version(ctx context.Context, id int64) (int, error) {
	if s.versions != nil {
		v, found, err := s.versions.get(ctx, id)
		switch {
		case err != nil:
			return 0, fmt.Errorf("store: session %d: version: %w", id, err)
		case !found:
			return 0, notFound(id)
		}
		return v, nil
	}
	var v int
	err := s.q.QueryRowContext(ctx, `SELECT version FROM sessions WHERE id = ?`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, notFound(id)
	}
	if err != nil {
		return 0, fmt.Errorf("store: session %d: version: %w", id, err)
	}
	return v, nil
}

// readVersions is the versions of the tables of ids that exist, in one
// query (Version's gatherer, PostgreSQL).
func (s *Store) readVersions(ctx context.Context, ids []int64) (map[int64]int, error) {
	return readByKeys(ctx, s.q, `SELECT id, version FROM sessions WHERE id = ANY(?)`, ids,
		func(row scanner) (id int64, v int, err error) {
			err = row.Scan(&id, &v)
			return id, v, err
		})
}

// MarkBroken keeps table id, whose move log no longer replays, as it
// is, with why (reason, not empty), if it is still at version seen, and
// returns its new version: it takes no more moves, is resumed by no
// process and counted on no board, but its log and players are kept (for
// the admin: dealer db check). ErrConflict if it moved on since.
func (s *Store) MarkBroken(ctx context.Context, id int64, seen int, reason string) (int, error) {
	if reason == "" {
		return 0, fmt.Errorf("store: session %d: mark broken: no reason", id)
	}
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE sessions SET broken = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ? AND broken = ''`, reason, now, id, seen)
		if err != nil {
			return fmt.Errorf("store: session %d: mark broken: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return stale(ctx, tx, id, "mark broken", seen)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return seen + 1, nil
}

// BrokenTables lists the tables kept as unreplayable (MarkBroken), with
// their players, oldest first.
func (s *Store) BrokenTables(ctx context.Context) ([]TableRow, error) {
	var list []TableRow
	err := s.read(ctx, func(tx *txn) error {
		list = list[:0]
		rows, err := tx.QueryContext(ctx, `SELECT id FROM sessions WHERE broken <> '' ORDER BY id`)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			sess, err := readTable(ctx, tx, id)
			if err != nil {
				return err
			}
			list = append(list, sess)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: broken tables: %w", err)
	}
	return list, nil
}

// rowIter is a query's rows: *sql.Rows or pgx.Rows.
type rowIter interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// playerColumns are the columns scanPlayers reads.
const playerColumns = `session_id, seat, user_id, name, computer, level, stand_in, timeouts, timed_out`

// scanPlayers reads rows of playerColumns; its caller closes them.
func scanPlayers(rows rowIter, add func(id int64, p Player)) error {
	for rows.Next() {
		var (
			id       int64
			p        Player
			computer int
			level    int
			standIn  int
		)
		if err := rows.Scan(&id, &p.Seat, &p.UserID, &p.Name, &computer, &level, &standIn, &p.Timeouts, &p.TimedOut); err != nil {
			return fmt.Errorf("store: players: %w", err)
		}
		p.Computer, p.Level, p.StandIn = computer != 0, games.Level(level), standIn != 0
		add(id, p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: players: %w", err)
	}
	return nil
}

// SetPlayers replaces a lobby's players, if the lobby is still at version
// seen (Table.Version), and returns its new version. A table that moved
// on since (another writer changed its players, started or closed it) is
// ErrConflict, and nothing is written: the writer's copy is stale.
func (s *Store) SetPlayers(ctx context.Context, id int64, seen int, players []Player) (int, error) {
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		// The table's row first: on PostgreSQL its lock keeps another
		// process's change out until this one commits, and that one then
		// finds the version moved on.
		var seats int
		err := tx.QueryRowContext(ctx, `UPDATE sessions SET updated_at = ?, version = version + 1
			WHERE id = ? AND status = 'lobby' AND version = ? RETURNING seats`, now, id, seen).Scan(&seats)
		if errors.Is(err, sql.ErrNoRows) {
			return stale(ctx, tx, id, "change the players", seen)
		}
		if err != nil {
			return fmt.Errorf("store: session %d: %w", id, err)
		}
		if err := checkPlayers(seats, players); err != nil {
			return fmt.Errorf("session %d: %w", id, err)
		}
		return replacePlayers(ctx, tx, id, players)
	})
	if err != nil {
		return 0, err
	}
	return seen + 1, nil
}

// stale is the error of a conditional write of table id that found no
// row to change: ErrNotFound, or ErrConflict saying what the table is now.
func stale(ctx context.Context, tx *txn, id int64, what string, seen int) error {
	var (
		status, broken string
		version        int
	)
	if err := sessionRow(ctx, tx, id, what, `status, version, broken`, &status, &version, &broken); err != nil {
		return err
	}
	if broken != "" {
		status = "kept unreplayable"
	}
	return fmt.Errorf("store: session %d: %s: it is %s at version %d, not as seen at version %d: %w",
		id, what, status, version, seen, ErrConflict)
}

// SetMessage records where the table's message is now.
func (s *Store) SetMessage(ctx context.Context, id int64, channelID, messageID string) error {
	now := s.now()
	return s.writeStmt(ctx, &stmtWrite{
		q:    `UPDATE sessions SET channel_id = ?, message_id = ?, updated_at = ? WHERE id = ?`,
		args: []any{channelID, messageID, now, id},
		result: func(err error, changed int64) error {
			switch {
			case err != nil:
				return fmt.Errorf("store: session %d: %w", id, err)
			case changed == 0:
				return notFound(id)
			}
			return nil
		},
	})
}

// Record returns everything needed to replay the table (game, deal, seats,
// options, rules version, moves) from one snapshot, or ErrNotFound.
func (s *Store) Record(ctx context.Context, id int64) (games.Record, error) {
	var rec games.Record
	err := s.read(ctx, func(tx *txn) error {
		var (
			deal int64
			n    int
		)
		err := tx.QueryRowContext(ctx, `SELECT game, deal, seats, options, rules_version, moves FROM sessions WHERE id = ?`, id).
			Scan(&rec.Game, &deal, &rec.Seats, &rec.Options, &rec.Rules, &n)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(id)
		}
		if err != nil {
			return fmt.Errorf("store: session %d: %w", id, err)
		}
		rec.Deal = uint64(deal)
		rec.Moves, err = readMoves(ctx, tx, id, n)
		return err
	})
	return rec, err
}

const unfinishedWhere = `status IN ('lobby', 'playing') AND broken = ''`

// Unfinished returns every table in the lobby or playing, with its
// players, oldest first: the tables to resume at start-up.
func (s *Store) Unfinished(ctx context.Context) ([]TableRow, error) {
	var list []TableRow
	err := s.read(ctx, func(tx *txn) error {
		var err error
		list, _, err = unfinished(ctx, tx)
		return err
	})
	return list, err
}

// OpenTable is an unfinished table with its move log.
type OpenTable struct {
	TableRow
	Log []games.Entry // len(Log) == Session.Moves
}

// UnfinishedWithMoves is Unfinished with every table's move log, read
// from one snapshot in three queries: a faster start-up than Unfinished
// followed by Moves for each table.
func (s *Store) UnfinishedWithMoves(ctx context.Context) ([]OpenTable, error) {
	var open []OpenTable
	err := s.read(ctx, func(tx *txn) error {
		list, index, err := unfinished(ctx, tx)
		if err != nil {
			return err
		}
		open = make([]OpenTable, len(list))
		for i, sess := range list {
			open[i] = OpenTable{TableRow: sess, Log: make([]games.Entry, 0, sess.Moves)}
		}
		rows, err := tx.QueryContext(ctx, `SELECT session_id, seat, move FROM moves
			WHERE session_id IN (SELECT id FROM sessions WHERE `+unfinishedWhere+`)
			ORDER BY session_id, seq`)
		if err != nil {
			return fmt.Errorf("store: unfinished: moves: %w", err)
		}
		err = eachRow(rows, func(r scanner) error {
			id, e, err := scanMove(r)
			if i, ok := index[id]; ok && err == nil {
				open[i].Log = append(open[i].Log, e)
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("store: unfinished: moves: %w", err)
		}
		return nil
	})
	return open, err
}

// unfinished reads the unfinished tables with their players, and where
// each is in the list.
func unfinished(ctx context.Context, tx *txn) ([]TableRow, map[int64]int, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT `+tableColumns+` FROM sessions WHERE `+unfinishedWhere+` ORDER BY id`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: unfinished: %w", err)
	}
	defer rows.Close()
	list := []TableRow{}
	index := map[int64]int{}
	for rows.Next() {
		sess, err := scanTable(rows)
		if err != nil {
			return nil, nil, fmt.Errorf("store: unfinished: %w", err)
		}
		index[sess.ID] = len(list)
		list = append(list, sess)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: unfinished: %w", err)
	}
	rows.Close()
	prows, err := tx.QueryContext(ctx, `SELECT `+playerColumns+` FROM players
		WHERE session_id IN (SELECT id FROM sessions WHERE `+unfinishedWhere+`)
		ORDER BY session_id, seat`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: unfinished: %w", err)
	}
	defer prows.Close()
	err = scanPlayers(prows, func(id int64, p Player) {
		if i, ok := index[id]; ok {
			list[i].Players = append(list[i].Players, p)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return list, index, nil
}

// LastUnfinished returns the most recently updated table in the lobby or
// playing that ownerID opened in guildID (both "" for the terminal), of game
// ("" for any game); ErrNotFound if there is none.
func (s *Store) LastUnfinished(ctx context.Context, game, guildID, ownerID string) (TableRow, error) {
	var id int64
	err := s.q.QueryRowContext(ctx, `SELECT id FROM sessions
		WHERE `+unfinishedWhere+` AND guild_id = ? AND owner_id = ? AND (CAST(? AS TEXT) = '' OR game = ?)
		ORDER BY updated_at DESC, id DESC LIMIT 1`, guildID, ownerID, game, game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return TableRow{}, fmt.Errorf("store: no unfinished session: %w", ErrNotFound)
	}
	if err != nil {
		return TableRow{}, fmt.Errorf("store: last unfinished: %w", err)
	}
	return s.TableRow(ctx, id)
}

// RecordRound records the per-seat scores of deal number round (from 0) of
// a multi-deal game; one score per seat. Recording a round again replaces it;
// round may be at most the number of rounds recorded (no gaps), else
// ErrConflict. A table records its rounds with the moves that finish
// them (AppendMoveAndRounds).
func (s *Store) RecordRound(ctx context.Context, id int64, round int, scores []int) error {
	if round < 0 {
		return fmt.Errorf("store: session %d: round %d: %w", id, round, ErrConflict)
	}
	now := s.now()
	return s.write(ctx, func(tx *txn) error {
		// The table's row first, locked (PostgreSQL) until the commit:
		// another process's rounds wait, then count this one's.
		if err := touch(ctx, tx, id, now); err != nil {
			return err
		}
		seats, have, err := roundsRecorded(ctx, tx, id)
		if err != nil {
			return err
		}
		if round > have {
			return fmt.Errorf("store: session %d: round %d, but %d recorded: %w", id, round, have, ErrConflict)
		}
		return putRounds(ctx, tx, id, seats, round, [][]int{scores})
	})
}

// roundsRecorded reads table id's seat count and how many rounds it has
// recorded, or ErrNotFound.
func roundsRecorded(ctx context.Context, tx *txn, id int64) (seats, have int, err error) {
	err = tx.QueryRowContext(ctx, `SELECT seats,
		(SELECT COUNT(DISTINCT round) FROM rounds WHERE session_id = sessions.id)
		FROM sessions WHERE id = ?`, id).Scan(&seats, &have)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, notFound(id)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: session %d: round: %w", id, err)
	}
	return seats, have, nil
}

// putRounds records rounds as the rounds numbered from first on, one
// score a seat each (of seats), replacing those recorded.
func putRounds(ctx context.Context, tx *txn, id int64, seats, first int, rounds [][]int) error {
	for i, scores := range rounds {
		round := first + i
		if len(scores) != seats {
			return fmt.Errorf("store: session %d: round %d: %d scores for %d seats", id, round, len(scores), seats)
		}
		for seat, score := range scores {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO rounds (session_id, round, seat, score) VALUES (?, ?, ?, ?)
				 ON CONFLICT (session_id, round, seat) DO UPDATE SET score = excluded.score`,
				id, round, seat, score); err != nil {
				return fmt.Errorf("store: session %d: round %d: %w", id, round, err)
			}
		}
	}
	return nil
}

// Rounds returns the recorded rounds in order, each the per-seat scores of
// that deal (empty when none), or ErrNotFound.
func (s *Store) Rounds(ctx context.Context, id int64) ([][]int, error) {
	rounds := [][]int{}
	err := s.read(ctx, func(tx *txn) error {
		var seats int
		if err := sessionRow(ctx, tx, id, "rounds", `seats`, &seats); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx,
			`SELECT round, seat, score FROM rounds WHERE session_id = ? ORDER BY round, seat`, id)
		if err != nil {
			return fmt.Errorf("store: session %d: rounds: %w", id, err)
		}
		defer rows.Close()
		for rows.Next() {
			var round, seat, score int
			if err := rows.Scan(&round, &seat, &score); err != nil {
				return fmt.Errorf("store: session %d: rounds: %w", id, err)
			}
			for len(rounds) <= round {
				rounds = append(rounds, make([]int, seats))
			}
			if seat < seats {
				rounds[round][seat] = score
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return rounds, nil
}

// StartTable ends a lobby: it fixes the table's seat count and players
// and sets the table playing, in one transaction, if the lobby is still
// at version seen, and returns its new version. A lobby that moved on
// since (its players changed, another process started or closed it) is
// ErrConflict, and nothing is written. The timers arm are armed in the
// same transaction (the first turn's clock).
func (s *Store) StartTable(ctx context.Context, id int64, seen int, seats int, players []Player, arm ...Timer) (int, error) {
	if err := checkPlayers(seats, players); err != nil {
		return 0, fmt.Errorf("session %d: %w", id, err)
	}
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE sessions SET seats = ?, status = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND status = ? AND version = ?`,
			seats, StatusPlaying.String(), now, id, StatusLobby.String(), seen)
		if err != nil {
			return fmt.Errorf("store: session %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return stale(ctx, tx, id, "start", seen)
		}
		if err := replacePlayers(ctx, tx, id, players); err != nil {
			return err
		}
		if len(arm) == 0 {
			return nil
		}
		st := timerStmt(arm...)
		_, err = tx.ExecContext(ctx, st.q, st.args...)
		return st.result(err, 0)
	})
	if err != nil {
		return 0, err
	}
	return seen + 1, nil
}

// NextTable returns the table that follows table id (TableRow.RematchOf),
// the one not abandoned if there is one, else the latest; ErrNotFound when
// none follows it.
func (s *Store) NextTable(ctx context.Context, id int64) (TableRow, error) {
	var sess TableRow
	err := s.read(ctx, func(tx *txn) error {
		var next int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM sessions WHERE rematch_of = ? AND rematch_of != 0
			ORDER BY status = 'abandoned', id DESC LIMIT 1`, id).Scan(&next)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(id)
		}
		if err != nil {
			return fmt.Errorf("store: session %d: its next table: %w", id, err)
		}
		sess, err = readTable(ctx, tx, next)
		return err
	})
	return sess, err
}
