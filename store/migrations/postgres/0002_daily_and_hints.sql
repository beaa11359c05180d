-- 0002: hints used per session, and daily deals: the deal of the day of
-- each game, and which sessions are daily attempts.

ALTER TABLE sessions ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN daily TEXT COLLATE "C" NOT NULL DEFAULT '';   -- '2026-11-22', or '' for an ordinary game

-- One attempt per player, day and game; the daily leaderboard. Between
-- processes, this index decides (CreateDaily turns its refusal into
-- ErrAttempted).
CREATE UNIQUE INDEX sessions_daily ON sessions (daily, game, owner_id) WHERE daily != '';

CREATE TABLE daily_deals (
    game TEXT   COLLATE "C" NOT NULL,
    day  TEXT   COLLATE "C" NOT NULL,
    deal BIGINT NOT NULL,
    PRIMARY KEY (game, day)
);
