-- 0007: each player's own settings (see sqlite/0007_settings.sql): how
-- the cards in the pictures drawn for them are drawn. A player without a
-- row has the defaults: the classic deck, cards of normal size.

CREATE TABLE player_settings (
    user_id     TEXT    COLLATE "C" NOT NULL PRIMARY KEY,
    four_colour INTEGER NOT NULL DEFAULT 0,  -- 1: ♦ blue, ♣ green
    large_cards INTEGER NOT NULL DEFAULT 0   -- 1: larger indices, for phones
);
