-- 0008: each player's and each server's language (see
-- sqlite/0008_languages.sql).

ALTER TABLE player_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE guild_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
