-- Turn timeouts: the half-time reminder is sent once per turn, and its turn
-- is remembered by the number of moves stored when it was sent.

-- +goose Up
ALTER TABLE games ADD COLUMN reminded_moves INTEGER;

-- +goose Down
ALTER TABLE games DROP COLUMN reminded_moves;
