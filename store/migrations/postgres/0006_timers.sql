-- 0006: timers as rows (see sqlite/0006_timers.sql), and a notice on every
-- change of a session, so that processes that keep tables in memory learn
-- that another process moved one on: NOTIFY dealer_tables, 'id:moves',
-- sent when the change commits.

CREATE TABLE timers (
    session_id    BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind          TEXT   COLLATE "C" NOT NULL,
    due_at        BIGINT NOT NULL,
    version       INTEGER NOT NULL,
    claimed_by    TEXT   COLLATE "C" NOT NULL DEFAULT '',
    claimed_until BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, kind)
);

CREATE INDEX timers_due ON timers (due_at);

CREATE FUNCTION dealer_table_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('dealer_tables', NEW.id || ':' || NEW.moves);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
    FOR EACH ROW EXECUTE FUNCTION dealer_table_changed();
