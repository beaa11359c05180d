-- 0004: a computer player's level (games.Level: 0 normal, 1 easy, 2 hard),
-- chosen per seat when it is added.

ALTER TABLE players ADD COLUMN level INTEGER NOT NULL DEFAULT 0;
