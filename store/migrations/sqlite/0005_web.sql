-- 0005: the web pages. A table's page is found by its token, random and
-- never derived from its id, so that a table in a private channel cannot
-- be found by counting ids; and a server's admins may turn its pages off.
--
-- randomblob is SQLite's CSPRNG (ChaCha20 seeded from the OS): 16 bytes, as
-- 32 hex digits. Rows made before this migration get theirs here; new rows
-- get theirs from the trigger, in the INSERT's own statement, so no row is
-- ever seen without one. A row inserted with a token (db copy) keeps it.

ALTER TABLE sessions ADD COLUMN token TEXT NOT NULL DEFAULT '';
UPDATE sessions SET token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX sessions_token ON sessions (token);

CREATE TRIGGER sessions_token AFTER INSERT ON sessions WHEN NEW.token = ''
BEGIN
    UPDATE sessions SET token = lower(hex(randomblob(16))) WHERE id = NEW.id;
END;

-- Per-server settings; a server without a row has the defaults.
CREATE TABLE guild_settings (
    guild_id  TEXT    NOT NULL PRIMARY KEY,
    pages_off INTEGER NOT NULL DEFAULT 0   -- 1: the server's web pages show nothing
) WITHOUT ROWID;
