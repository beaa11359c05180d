-- 0003: house rules. A session's options as games.Info.FormatOptions writes
-- them ("cells=8 autoplay=off"), '' for the standard game; results carry
-- them too, so leaderboards keep house-rule games apart.

ALTER TABLE sessions ADD COLUMN options TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE results  ADD COLUMN options TEXT COLLATE "C" NOT NULL DEFAULT '';
