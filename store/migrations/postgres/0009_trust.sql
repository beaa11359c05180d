-- 0009: PostgreSQL's twin of sqlite/0009_trust.sql (see there). The
-- change notice also carries the session's version: 'id:moves:version'.

ALTER TABLE sessions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN broken TEXT NOT NULL DEFAULT '';
ALTER TABLE results ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE timers ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;

UPDATE sessions SET version = moves;
UPDATE sessions SET rules_version = 2
    WHERE game = 'theagents' AND created_at >= 1795456706000000000;
UPDATE results SET rules_version = sessions.rules_version
    FROM sessions WHERE sessions.id = results.session_id;

CREATE TABLE interactions (
    id      TEXT   COLLATE "C" NOT NULL PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
CREATE INDEX interactions_seen ON interactions (seen_at);

CREATE OR REPLACE FUNCTION dealer_table_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('dealer_tables', NEW.id || ':' || NEW.moves || ':' || NEW.version);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
