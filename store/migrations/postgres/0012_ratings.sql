-- 0012: skill ratings of the multiplayer games (issue 29, store/rating):
-- one rating per server, game and house rules (options, "" the standard
-- game) and person, and one history row per person per rated game.
--
-- PostgreSQL's twin of sqlite/0012_ratings.sql: the same tables and
-- columns. A finished game with two people or more moves their ratings in
-- the transaction that records its results (Finish); RebuildRatings makes
-- both tables again from the results, in finish order, to the same
-- numbers. mu and sigma are the model's mean and uncertainty; ordinal,
-- mu - 3 sigma, is the number shown and the boards' order. place is the
-- person's place among the people of that game (1 the best; equal places
-- tie; a seat a computer player stood in for at the end is last).

CREATE TABLE ratings (
    guild_id   TEXT    COLLATE "C" NOT NULL,
    game       TEXT    COLLATE "C" NOT NULL,
    options    TEXT    COLLATE "C" NOT NULL,
    user_id    TEXT    COLLATE "C" NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,   -- rated games played
    updated_at BIGINT  NOT NULL,   -- the last rated game's finish
    PRIMARY KEY (guild_id, game, options, user_id)
);

-- A board: one server's game under one set of rules, best first.
CREATE INDEX ratings_board ON ratings (guild_id, game, options, ordinal DESC);

CREATE TABLE rating_history (
    session_id  BIGINT  NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     TEXT    COLLATE "C" NOT NULL,
    guild_id    TEXT    COLLATE "C" NOT NULL,
    game        TEXT    COLLATE "C" NOT NULL,
    options     TEXT    COLLATE "C" NOT NULL,
    place       INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,   -- after the game
    sigma       DOUBLE PRECISION NOT NULL,
    ordinal     DOUBLE PRECISION NOT NULL,
    finished_at BIGINT  NOT NULL,
    PRIMARY KEY (session_id, seat)
);

-- One person's curve, latest first.
CREATE INDEX rating_history_user ON rating_history (guild_id, game, options, user_id, finished_at);
