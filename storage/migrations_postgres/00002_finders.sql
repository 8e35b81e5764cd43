-- Indexes for finding games by thread, channel and player, and the games
-- whose deadline has passed.

-- +goose Up
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id <> '';
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_deadline ON games (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- +goose Down
DROP INDEX seats_by_user;
DROP INDEX games_by_deadline;
DROP INDEX games_by_channel;
DROP INDEX games_by_thread;
