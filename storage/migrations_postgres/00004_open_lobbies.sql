-- Open lobbies are capped per host and per channel: an index to count a
-- host's (the channel's are counted with games_by_channel).

-- +goose Up
CREATE INDEX games_lobbies_by_host ON games (host_user_id) WHERE status = 'lobby';

-- +goose Down
DROP INDEX games_lobbies_by_host;
