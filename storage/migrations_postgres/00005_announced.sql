-- What the players have been told: the number of moves stored when the
-- current turn message (or the end of the game) was posted. A running game
-- whose count of moves is ahead of it has a move stored but not yet
-- announced (the bot stopped in between), and the bot catches up.
-- Games of older schemas are taken as announced.

-- +goose Up
ALTER TABLE games ADD COLUMN announced_moves INTEGER;
UPDATE games SET announced_moves = (SELECT count(*) FROM moves WHERE moves.game_id = games.id)
WHERE status <> 'lobby';

-- +goose Down
ALTER TABLE games DROP COLUMN announced_moves;
