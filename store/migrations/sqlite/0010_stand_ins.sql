-- 0010: a person's seat a computer player stands in for, and the turns in
-- a row their time ran out (issue 28: turn reminders and seat-taking).
--
-- players.stand_in: 1 when the seat's player timed out twice in a row and
-- a computer player plays for them for the rest of the game, until they
-- take the seat back; user_id stays theirs (the results count for them).
-- players.timeouts counts the turns in a row that ran out; timed_out is
-- the table's move count just after the last of them (0: none), so that a
-- move of theirs since, in the move log, starts the count again.

ALTER TABLE players ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN timed_out INTEGER NOT NULL DEFAULT 0;
