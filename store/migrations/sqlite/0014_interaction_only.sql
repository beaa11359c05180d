-- 0014: a table that lives on interaction answers alone (issue 28, play
-- anywhere): dealt where the bot is no member (a user-installed dealer in
-- a DM or group DM), so that it may not post or edit the channel's
-- messages. Its message is changed only by the answers to players'
-- clicks; its hands are private answers (My hand), never DMs; nothing is
-- posted in its channel. 1 for such a table, 0 for every other.

ALTER TABLE sessions ADD COLUMN interaction_only INTEGER NOT NULL DEFAULT 0;
