-- The readings of issue 32 change the draw pile of games with The Crop
-- Circles (six tiles, CC07-CC12, not twelve) and The River II (R202
-- shuffled with the river tiles, not drawn last), and which river tiles
-- may go where. A game stored before keeps the pile and the moves it was
-- dealt: its rules take edition=1 (engine.EditionBefore32), so that its
-- moves replay and its next tile stays the one its players expect. Games
-- still in the lobby take the current readings when they start.

-- +goose Up
UPDATE games
   SET rules = CASE WHEN rules = '' THEN 'edition=1' ELSE rules || ', edition=1' END
 WHERE status <> 'lobby'
   AND (expansions LIKE '%crop-circles%' OR expansions LIKE '%river2%')
   AND rules NOT LIKE '%edition=%';

-- +goose Down
UPDATE games
   SET rules = REPLACE(REPLACE(rules, ', edition=1', ''), 'edition=1', '')
 WHERE rules LIKE '%edition=1%';
