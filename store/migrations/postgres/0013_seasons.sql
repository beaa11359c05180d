-- 0013: seasons. A board's season is computed from its results' finish
-- times; when a season ends each server's final board is kept here, as it
-- stood, so that what was posted stays what it was: a later rename, a
-- rebuilt rating or a change of the season's length never rewrites it (a
-- forgotten player's id and name become their placeholder, as in results).
--
-- seasons_closed: a server's season archived (one row, once: the process
-- that inserts it writes the board and posts it). season_boards: a
-- player's line on each board of a closed season (game and house rules),
-- with every figure a board ranks by.

ALTER TABLE guild_settings ADD COLUMN season_channel TEXT NOT NULL DEFAULT '';

CREATE TABLE seasons_closed (
    guild_id  TEXT    NOT NULL,
    season    TEXT    NOT NULL,  -- "2026-11" (a month) or "2026-Q4" (a quarter)
    closed_at BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season)
);

CREATE TABLE season_boards (
    guild_id TEXT    NOT NULL,
    season   TEXT    NOT NULL,
    game     TEXT    NOT NULL,
    options  TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    games    BIGINT  NOT NULL,
    wins     BIGINT  NOT NULL,
    rate     DOUBLE PRECISION NOT NULL,
    best     BIGINT  NOT NULL,
    total    BIGINT  NOT NULL,
    fastest  BIGINT,             -- nanoseconds; NULL without a win
    fewest   INTEGER,            -- NULL without a win
    streak   INTEGER NOT NULL DEFAULT 0,  -- the best run of daily deals won in the season
    mu       DOUBLE PRECISION,  -- the rating at the season's end (store/rating); NULL if unrated
    sigma    DOUBLE PRECISION,
    PRIMARY KEY (guild_id, season, game, options, user_id)
);
CREATE INDEX season_boards_user ON season_boards (user_id);
