-- 0001: sessions with their players and append-only move logs, per-deal
-- rounds, and one result per seated player of a finished session.
--
-- Times are Unix nanoseconds (UTC); durations are nanoseconds. A deal number
-- is a uint64 stored in the bits of SQLite's signed 64-bit integer.

CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    deal        INTEGER NOT NULL,
    seats       INTEGER NOT NULL CHECK (seats > 0),
    guild_id    TEXT    NOT NULL DEFAULT '',
    channel_id  TEXT    NOT NULL DEFAULT '',
    message_id  TEXT    NOT NULL DEFAULT '',
    owner_id    TEXT    NOT NULL DEFAULT '',
    status      TEXT    NOT NULL,
    moves       INTEGER NOT NULL DEFAULT 0,   -- length of the move log
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER                       -- set by the first Finish
);

-- Resume at start-up (however many finished sessions there are), and
-- `dealer play --resume`. Queries must repeat the WHERE term to use them.
CREATE INDEX sessions_open ON sessions (id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX sessions_open_owner ON sessions (guild_id, owner_id, updated_at)
    WHERE status IN ('lobby', 'playing');

CREATE TABLE players (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    user_id    TEXT    NOT NULL DEFAULT '',
    name       TEXT    NOT NULL DEFAULT '',
    computer   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;

CREATE TABLE moves (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    seat       INTEGER NOT NULL,
    move       TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;

CREATE TABLE rounds (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    round      INTEGER NOT NULL CHECK (round >= 0),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    score      INTEGER NOT NULL,
    PRIMARY KEY (session_id, round, seat)
) WITHOUT ROWID;

-- One row per seated player of a finished session, denormalised (game, guild,
-- duration, moves) so that leaderboards and stats are one indexed query.
CREATE TABLE results (
    session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     TEXT    NOT NULL DEFAULT '',
    name        TEXT    NOT NULL DEFAULT '',
    computer    INTEGER NOT NULL DEFAULT 0,
    game        TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL DEFAULT '',
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    duration    INTEGER NOT NULL,   -- session creation to first finish, ns
    moves       INTEGER NOT NULL,   -- length of the move log at finish
    finished_at INTEGER NOT NULL,
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;

-- Leaderboards: per guild and game, and across guilds per game.
CREATE INDEX results_guild_game ON results (guild_id, game, user_id) WHERE computer = 0;
CREATE INDEX results_game       ON results (game, user_id)           WHERE computer = 0;
-- Stats of one player, and their latest display name.
CREATE INDEX results_user       ON results (user_id, finished_at)    WHERE computer = 0;
