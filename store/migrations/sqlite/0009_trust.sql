-- 0009: what a writer's copy of a table is checked against, the rules a
-- table plays under, tables that can no longer be replayed, timers that
-- failed to fire, and the interactions already received.
--
-- sessions.version counts the changes of what a table is (its players, its
-- start, its moves, its end): every such write names the version its writer
-- saw and is refused if another writer got there first.
--
-- sessions.rules_version and results.rules_version: the version of the
-- game's rules the table plays (games.Info.Rules). The Agents changed its
-- rules (starting IP by place in turn order) at 2026-11-23 17:58:26 UTC
-- (1795456706 s): its tables made before then play version 1, every
-- other table the version its game had when this migration shipped (The
-- Agents 2, every other game 1).
--
-- sessions.broken says why a table's move log no longer replays ('' when it
-- does): such a table is kept as it is, never played on or counted.
--
-- timers.attempts counts a timer's failed firings, for its backoff.
--
-- interactions: the ids of interactions received over HTTP, for a minute
-- or two, so that a signed request replayed to any process is refused.

ALTER TABLE sessions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN broken TEXT NOT NULL DEFAULT '';
ALTER TABLE results ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE timers ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;

UPDATE sessions SET version = moves;
UPDATE sessions SET rules_version = 2
    WHERE game = 'theagents' AND created_at >= 1795456706000000000;
UPDATE results SET rules_version =
    (SELECT rules_version FROM sessions WHERE sessions.id = results.session_id);

CREATE TABLE interactions (
    id      TEXT    NOT NULL PRIMARY KEY,
    seen_at INTEGER NOT NULL   -- Unix nanoseconds
) WITHOUT ROWID;
CREATE INDEX interactions_seen ON interactions (seen_at);
