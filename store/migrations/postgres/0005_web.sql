-- 0005: the web pages. A table's page is found by its token, random and
-- never derived from its id, so that a table in a private channel cannot
-- be found by counting ids; and a server's admins may turn its pages off.
--
-- PostgreSQL's twin of sqlite/0005_web.sql. gen_random_uuid (PostgreSQL 13
-- and later) draws from the server's strong random source: 122 random bits,
-- written as 32 hex digits like SQLite's. A volatile default is computed
-- for each existing row when the column is added, and for each new row
-- that does not give one (db copy gives one, and keeps it).

ALTER TABLE sessions ADD COLUMN token TEXT COLLATE "C" NOT NULL
    DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX sessions_token ON sessions (token);

-- Per-server settings; a server without a row has the defaults.
CREATE TABLE guild_settings (
    guild_id  TEXT    COLLATE "C" NOT NULL PRIMARY KEY,
    pages_off INTEGER NOT NULL DEFAULT 0   -- 1: the server's web pages show nothing
);
