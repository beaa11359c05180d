-- 0015: the Activity's tables. An Activity instance (the web table run by
-- Discord inside a channel) is one table: the first of its participants
-- to choose a game opens it, and the others join it there. The primary
-- key decides between two who choose at once, in any processes.

CREATE TABLE activities (
    instance TEXT PRIMARY KEY,
    session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE
);
