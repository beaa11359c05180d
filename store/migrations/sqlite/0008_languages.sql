-- 0008: the languages the dealer speaks to each player and in each
-- server, as their Discord clients last told it ("es", "pt-BR", "de";
-- '' for English or not yet known), so that what is sent with no
-- interaction to read it from (a DM on a timer, a redraw) is said in it.

ALTER TABLE player_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE guild_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
