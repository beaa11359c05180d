-- 0007: each player's own settings: how the cards in the pictures drawn
-- for them are drawn (their solitaire tables, their hands). A player
-- without a row has the defaults: the classic deck, cards of normal size.
-- Keyed by the player's user id (a Discord id, or "terminal:NAME").

CREATE TABLE player_settings (
    user_id     TEXT    NOT NULL PRIMARY KEY,
    four_colour INTEGER NOT NULL DEFAULT 0,  -- 1: ♦ blue, ♣ green
    large_cards INTEGER NOT NULL DEFAULT 0   -- 1: larger indices, for phones
) WITHOUT ROWID;
