package store

// A player's data: what the store keeps about one person (PlayerData, for
// /privacy and `dealer db export`) and its erasure (Forget, for /privacy
// delete and `dealer db forget`). Forgetting keeps every game whole for
// the other players: the person's seats, results and tables stay, under a
// placeholder that names nobody; their own settings and language go.

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ForgottenPrefix begins the user id that stands for a forgotten player in
// every row that named them. No Discord id (digits) nor terminal player
// ("terminal:NAME") begins so, so nobody can play as a forgotten player.
const ForgottenPrefix = "forgotten:"

// ForgottenName is the name shown for a forgotten player's placeholder
// user id ("Player #1a2b3c4d"), or "" for any other id.
func ForgottenName(userID string) string {
	if tag, ok := strings.CutPrefix(userID, ForgottenPrefix); ok {
		return "Player #" + tag
	}
	return ""
}

// ErrNotAPerson is Forget or PlayerData asked of a user id that is not a
// person's: "" (a computer player, the terminal's own), or one that is
// already a forgotten player's placeholder.
var ErrNotAPerson = errors.New("store: not a player's user id")

// PlayerData is everything the store keeps about one player, in the shape
// of its JSON export. Other players' names and moves are not in it.
type PlayerData struct {
	// Format is the export's version, 1.
	Format     int       `json:"format"`
	UserID     string    `json:"user_id"`
	ExportedAt time.Time `json:"exported_at"`
	// Settings are the player's own settings; nil when they have none.
	Settings *PlayerSettings `json:"settings"`
	// Names are the names the player was shown under, by server ("" for a
	// DM or the terminal), each once.
	Names []ShownName `json:"names"`
	// Tables are the tables they opened or sat at, oldest first.
	Tables []PlayerTable `json:"tables"`
	// Results are how each of their finished games ended for them.
	Results []PlayerResult `json:"results"`
	// Ratings are their skill ratings, by server, game and house rules,
	// with the rating each rated game left them.
	Ratings []PlayerRating `json:"ratings"`
}

// PlayerRating is a player's skill rating at one game in one server under
// one set of house rules ("" the standard game), and its history.
type PlayerRating struct {
	GuildID string  `json:"guild_id"`
	Game    string  `json:"game"`
	Options string  `json:"house_rules"`
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"shown"`
	Games   int     `json:"games"`
	// History is the rating after each rated game, oldest first.
	History []PlayerRatingPoint `json:"history"`
}

// PlayerRatingPoint is a player's rating after one rated game.
type PlayerRatingPoint struct {
	Table      int64     `json:"table"`
	Place      int       `json:"place"`
	Mu         float64   `json:"mu"`
	Sigma      float64   `json:"sigma"`
	FinishedAt time.Time `json:"finished_at"`
}

// PlayerSettings are a player's settings row: the deck drawn for them
// and the language the dealer last saw their Discord in.
type PlayerSettings struct {
	FourColour bool   `json:"four_colour"`
	LargeCards bool   `json:"large_cards"`
	Language   string `json:"language"` // "" for English or not yet seen
}

// ShownName is a name a player had at a server's tables.
type ShownName struct {
	GuildID string `json:"guild_id"`
	Name    string `json:"name"`
}

// PlayerTable is a table a player opened or sat at, with their moves and
// round scores at it.
type PlayerTable struct {
	ID         int64      `json:"id"`
	Game       string     `json:"game"`
	Deal       uint64     `json:"deal"`
	Options    string     `json:"house_rules"`
	Rules      int        `json:"rules_version"`
	Status     string     `json:"status"`
	GuildID    string     `json:"guild_id"`
	ChannelID  string     `json:"channel_id"`
	Daily      string     `json:"daily"`
	Opener     bool       `json:"opened_by_player"`
	CreatedAt  time.Time  `json:"created_at"`
	FinishedAt *time.Time `json:"finished_at"`
	// Seats are the player's seats, with the name shown at each.
	Seats []PlayerSeat `json:"seats"`
	// Moves are the moves made from the player's seats (by them, or for
	// them when a turn ran out).
	Moves []PlayerMove `json:"moves"`
	// Rounds are their seats' scores, deal by deal (multiplayer games).
	Rounds []PlayerRound `json:"rounds"`
}

// PlayerSeat is a seat a player took at a table: the name shown there,
// whether a computer player stands in for them (their time ran out twice
// in a row) and the turns in a row their time ran out.
type PlayerSeat struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	StandIn  bool   `json:"computer_stands_in"`
	Timeouts int    `json:"turns_timed_out_in_a_row"`
}

// PlayerMove is one move made from a player's seat.
type PlayerMove struct {
	Seq  int       `json:"seq"`
	Seat int       `json:"seat"`
	Move string    `json:"move"`
	At   time.Time `json:"at"`
}

// PlayerRound is a player's seat's score in one deal of a table.
type PlayerRound struct {
	Round int `json:"round"`
	Seat  int `json:"seat"`
	Score int `json:"score"`
}

// PlayerResult is how a finished table ended for a player.
type PlayerResult struct {
	Table      int64         `json:"table"`
	Seat       int           `json:"seat"`
	Name       string        `json:"name"`
	Game       string        `json:"game"`
	GuildID    string        `json:"guild_id"`
	Options    string        `json:"house_rules"`
	Rules      int           `json:"rules_version"`
	Score      int           `json:"score"`
	Won        bool          `json:"won"`
	Duration   time.Duration `json:"duration_ns"`
	Moves      int           `json:"moves"`
	FinishedAt time.Time     `json:"finished_at"`
}

// Empty reports whether the store keeps nothing about the player.
func (d PlayerData) Empty() bool {
	return d.Settings == nil && len(d.Tables) == 0 && len(d.Results) == 0
}

// person checks that userID is a person's that may be read or forgotten.
func person(userID string) error {
	if userID == "" || strings.HasPrefix(userID, ForgottenPrefix) {
		return ErrNotAPerson
	}
	return nil
}

// PlayerData reads everything the store keeps about userID, from one
// snapshot. A player it keeps nothing about has empty data (Empty).
func (s *Store) PlayerData(ctx context.Context, userID string) (PlayerData, error) {
	if err := person(userID); err != nil {
		return PlayerData{}, err
	}
	d := PlayerData{Format: 1, UserID: userID, ExportedAt: time.Unix(0, s.now()).UTC(),
		Names: []ShownName{}, Tables: []PlayerTable{}, Results: []PlayerResult{}, Ratings: []PlayerRating{}}
	err := s.read(ctx, func(tx *txn) error {
		for _, part := range []func(context.Context, *txn, *PlayerData) error{
			readPlayerSettings, readPlayerTables, readPlayerSeats, readPlayerMoves, readPlayerRounds, readPlayerResults,
			readPlayerRatings, readPlayerRatingHistory,
		} {
			if err := part(ctx, tx, &d); err != nil {
				return fmt.Errorf("store: a player's data: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return PlayerData{}, err
	}
	d.Names = shownNames(d.Tables)
	return d, nil
}

// readPlayerSettings reads the player's settings row, if they have one.
func readPlayerSettings(ctx context.Context, tx *txn, d *PlayerData) error {
	var (
		st          PlayerSettings
		four, large int
	)
	err := tx.QueryRowContext(ctx, `SELECT four_colour, large_cards, lang FROM player_settings WHERE user_id = ?`, d.UserID).
		Scan(&four, &large, &st.Language)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	st.FourColour, st.LargeCards = four != 0, large != 0
	d.Settings = &st
	return nil
}

// theirTables selects the ids of the tables the player opened or sat at;
// its two arguments are the player's id.
const theirTables = `SELECT session_id FROM players WHERE user_id = ? UNION SELECT id FROM sessions WHERE owner_id = ?`

// readPlayerTables reads the tables the player opened or sat at.
func readPlayerTables(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, game, deal, options, rules_version, status, guild_id, channel_id, daily,
		owner_id = ?, created_at, finished_at FROM sessions WHERE id IN (`+theirTables+`) ORDER BY id`,
		d.UserID, d.UserID, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			t                 PlayerTable
			deal, created     int64
			finished          sql.NullInt64
			opener            bool
			status, channelID string
		)
		if err := row.Scan(&t.ID, &t.Game, &deal, &t.Options, &t.Rules, &status, &t.GuildID, &channelID, &t.Daily,
			&opener, &created, &finished); err != nil {
			return err
		}
		t.Deal, t.Status, t.ChannelID, t.Opener = uint64(deal), status, channelID, opener
		t.CreatedAt = fromNanos(created)
		if finished.Valid {
			at := fromNanos(finished.Int64)
			t.FinishedAt = &at
		}
		t.Seats, t.Moves, t.Rounds = []PlayerSeat{}, []PlayerMove{}, []PlayerRound{}
		d.Tables = append(d.Tables, t)
		return nil
	})
}

// tableOf is the player's table id in d.Tables (read in id order).
func tableOf(d *PlayerData, id int64) *PlayerTable {
	lo, hi := 0, len(d.Tables)
	for lo < hi {
		mid := (lo + hi) / 2
		if d.Tables[mid].ID < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(d.Tables) && d.Tables[lo].ID == id {
		return &d.Tables[lo]
	}
	return nil
}

// readPlayerSeats reads the player's seats and the names shown at them.
func readPlayerSeats(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT session_id, seat, name, stand_in, timeouts FROM players
		WHERE user_id = ? ORDER BY session_id, seat`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			id      int64
			seat    PlayerSeat
			standIn int
		)
		if err := row.Scan(&id, &seat.Seat, &seat.Name, &standIn, &seat.Timeouts); err != nil {
			return err
		}
		seat.StandIn = standIn != 0
		if t := tableOf(d, id); t != nil {
			t.Seats = append(t.Seats, seat)
		}
		return nil
	})
}

// readPlayerMoves reads the moves made from the player's seats.
func readPlayerMoves(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT m.session_id, m.seq, m.seat, m.move, m.at FROM moves m
		JOIN players p ON p.session_id = m.session_id AND p.seat = m.seat
		WHERE p.user_id = ? ORDER BY m.session_id, m.seq`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			id int64
			m  PlayerMove
			at int64
		)
		if err := row.Scan(&id, &m.Seq, &m.Seat, &m.Move, &at); err != nil {
			return err
		}
		m.At = fromNanos(at)
		if t := tableOf(d, id); t != nil {
			t.Moves = append(t.Moves, m)
		}
		return nil
	})
}

// readPlayerRounds reads the player's seats' scores, deal by deal.
func readPlayerRounds(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.session_id, r.round, r.seat, r.score FROM rounds r
		JOIN players p ON p.session_id = r.session_id AND p.seat = r.seat
		WHERE p.user_id = ? ORDER BY r.session_id, r.round, r.seat`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			id int64
			r  PlayerRound
		)
		if err := row.Scan(&id, &r.Round, &r.Seat, &r.Score); err != nil {
			return err
		}
		if t := tableOf(d, id); t != nil {
			t.Rounds = append(t.Rounds, r)
		}
		return nil
	})
}

// readPlayerResults reads the player's results.
func readPlayerResults(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT session_id, seat, name, game, guild_id, options, rules_version,
		score, won, duration, moves, finished_at FROM results WHERE user_id = ? ORDER BY finished_at, session_id, seat`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			r        PlayerResult
			won      int
			duration int64
			finished int64
		)
		if err := row.Scan(&r.Table, &r.Seat, &r.Name, &r.Game, &r.GuildID, &r.Options, &r.Rules,
			&r.Score, &won, &duration, &r.Moves, &finished); err != nil {
			return err
		}
		r.Won, r.Duration, r.FinishedAt = won != 0, time.Duration(duration), fromNanos(finished)
		d.Results = append(d.Results, r)
		return nil
	})
}

// readPlayerRatings reads the player's ratings.
func readPlayerRatings(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT guild_id, game, options, mu, sigma, ordinal, games FROM ratings
		WHERE user_id = ? AND games > 0 ORDER BY guild_id, game, options`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		r := PlayerRating{History: []PlayerRatingPoint{}}
		if err := row.Scan(&r.GuildID, &r.Game, &r.Options, &r.Mu, &r.Sigma, &r.Ordinal, &r.Games); err != nil {
			return err
		}
		d.Ratings = append(d.Ratings, r)
		return nil
	})
}

// readPlayerRatingHistory reads the player's rating history into their
// ratings (readPlayerRatings').
func readPlayerRatingHistory(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT guild_id, game, options, session_id, place, mu, sigma, finished_at
		FROM rating_history WHERE user_id = ? ORDER BY finished_at, session_id`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var (
			guild, game, options string
			p                    PlayerRatingPoint
			finished             int64
		)
		if err := row.Scan(&guild, &game, &options, &p.Table, &p.Place, &p.Mu, &p.Sigma, &finished); err != nil {
			return err
		}
		p.FinishedAt = fromNanos(finished)
		for i, r := range d.Ratings {
			if r.GuildID == guild && r.Game == game && r.Options == options {
				d.Ratings[i].History = append(d.Ratings[i].History, p)
			}
		}
		return nil
	})
}

// shownNames are the names the player's seats show, by server, each once.
func shownNames(tables []PlayerTable) []ShownName {
	names := []ShownName{}
	seen := map[ShownName]bool{}
	for _, t := range tables {
		for _, s := range t.Seats {
			n := ShownName{GuildID: t.GuildID, Name: s.Name}
			if n.Name != "" && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// Forgotten is what Forget did.
type Forgotten struct {
	// UserID and Name are the placeholder that now stands for the player
	// in every row that named them ("" when there was none: the store
	// kept nothing of them but, perhaps, settings).
	UserID, Name string
	// Tables are the tables that named them, Results their results
	// rewritten, Settings whether a settings row was deleted.
	Tables, Results int
	Settings        bool
	// Open are the tables still in play (lobbies among them) that named
	// them: a process holding one should read it again (its version moved
	// on) and redraw it.
	Open []int64
}

// Forget erases userID from the store, in one transaction: their settings
// and language are deleted, and in every table and result that named them
// their user id and name become a placeholder (Forgotten.UserID and Name,
// the same in every row, naming nobody), so the other players' games,
// results and ratings stay whole and still replay. Each such table's version moves on,
// so that a process holding a copy reads it again before its next write.
// A seat of theirs at a table still in play is played for as an absent
// player's, by the turn clock.
func (s *Store) Forget(ctx context.Context, userID string) (Forgotten, error) {
	if err := person(userID); err != nil {
		return Forgotten{}, err
	}
	tag, err := placeholderTag()
	if err != nil {
		return Forgotten{}, err
	}
	f := Forgotten{UserID: ForgottenPrefix + tag, Name: ForgottenName(ForgottenPrefix + tag)}
	err = s.write(ctx, func(tx *txn) error {
		f.Open, f.Tables, f.Results, f.Settings = nil, 0, 0, false // a write may be run again
		if err := forgetTables(ctx, tx, userID, &f); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE results SET user_id = ?, name = ? WHERE user_id = ?`, f.UserID, f.Name, userID)
		if err != nil {
			return fmt.Errorf("store: forget: results: %w", err)
		}
		n, _ := res.RowsAffected()
		f.Results = int(n)
		res, err = tx.ExecContext(ctx, `DELETE FROM player_settings WHERE user_id = ?`, userID)
		if err != nil {
			return fmt.Errorf("store: forget: settings: %w", err)
		}
		n, _ = res.RowsAffected()
		f.Settings = n > 0
		return nil
	})
	if err != nil {
		return Forgotten{}, err
	}
	if f.Tables == 0 && f.Results == 0 {
		f.UserID, f.Name = "", ""
	}
	return f, nil
}

// forgetTables moves on the version of every table that names userID,
// notes those still in play, and puts the placeholder in their rows.
func forgetTables(ctx context.Context, tx *txn, userID string, f *Forgotten) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, status IN ('lobby', 'playing') FROM sessions
		WHERE id IN (`+theirTables+`) OR id IN (SELECT session_id FROM results WHERE user_id = ?) ORDER BY id`,
		userID, userID, userID)
	if err != nil {
		return fmt.Errorf("store: forget: %w", err)
	}
	err = eachRow(rows, func(row scanner) error {
		var (
			id   int64
			open bool
		)
		if err := row.Scan(&id, &open); err != nil {
			return err
		}
		f.Tables++
		if open {
			f.Open = append(f.Open, id)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: forget: %w", err)
	}
	for _, w := range []struct {
		what, sql string
		args      []any
	}{
		{"versions", `UPDATE sessions SET version = version + 1
			WHERE id IN (` + theirTables + `) OR id IN (SELECT session_id FROM results WHERE user_id = ?)`,
			[]any{userID, userID, userID}},
		{"players", `UPDATE players SET user_id = ?, name = ? WHERE user_id = ?`, []any{f.UserID, f.Name, userID}},
		{"owners", `UPDATE sessions SET owner_id = ? WHERE owner_id = ?`, []any{f.UserID, userID}},
		{"ratings", `UPDATE ratings SET user_id = ? WHERE user_id = ?`, []any{f.UserID, userID}},
		{"rating history", `UPDATE rating_history SET user_id = ? WHERE user_id = ?`, []any{f.UserID, userID}},
	} {
		if _, err := tx.ExecContext(ctx, w.sql, w.args...); err != nil {
			return fmt.Errorf("store: forget: %s: %w", w.what, err)
		}
	}
	return nil
}

// placeholderTag is a forgotten player's random tag: 8 hex digits, drawn
// rather than derived from their id so that it cannot be traced back.
func placeholderTag() (string, error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("store: forget: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}
