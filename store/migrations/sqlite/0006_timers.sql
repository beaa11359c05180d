-- 0006: timers, kept as rows so that any process may fire them and none is
-- lost with the process that armed it: a turn's timeout, a lobby's expiry,
-- a redraw owed. One per session and kind; a process claims a due timer
-- for a lease (claimed_until), fires it, and deletes it; a claim whose
-- process died runs out, and another process takes the timer.
--
-- Times are Unix nanoseconds; version is the table's move count when the
-- timer was armed (a timer for a table that moved on since does nothing).

CREATE TABLE timers (
    session_id    INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL,
    due_at        INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    claimed_by    TEXT    NOT NULL DEFAULT '',
    claimed_until INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, kind)
) WITHOUT ROWID;

CREATE INDEX timers_due ON timers (due_at);
