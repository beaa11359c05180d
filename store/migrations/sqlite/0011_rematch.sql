-- 0011: the table a table follows. A finished table's Rematch (the same
-- seats, a new deal), New deal or Same deal again opens the next table,
-- which names it in rematch_of (0: it follows none).
--
-- A table has one follower in play or played: two clicks at once, in any
-- processes, open one (this index decides; CreateTable turns its refusal
-- into ErrRematched). A follower that was closed (a rematch nobody
-- confirmed in time) leaves the index, and the table may be followed again.

ALTER TABLE sessions ADD COLUMN rematch_of INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX sessions_rematch ON sessions (rematch_of) WHERE rematch_of != 0 AND status != 'abandoned';
