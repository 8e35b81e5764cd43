-- As migrations/00006_causes_and_kinds.sql for SQLite: meanings that were
-- carried in string prefixes become columns: why a move was stored
-- (moves.cause: 'player', or 'timeout' and 'discard' for the moves the bot
-- played, whose request ids started "timeout:" or "timeout-resign:", and
-- "discard:"), and where a player plays from (seats.kind: 'discord', or
-- 'local' for the terminal game's players, whose user ids started
-- "local:"). The request id stays the idempotency key only; the user ids
-- are kept as they are.

-- +goose Up
ALTER TABLE moves ADD COLUMN cause TEXT NOT NULL DEFAULT 'player'
    CHECK (cause IN ('player', 'timeout', 'discard'));
ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'discord'
    CHECK (kind IN ('discord', 'local'));

-- The move log is append-only: its trigger stands aside for this once.
ALTER TABLE moves DISABLE TRIGGER moves_no_update;
UPDATE moves SET cause = 'timeout'
WHERE substr(request_id, 1, 8) = 'timeout:' OR substr(request_id, 1, 15) = 'timeout-resign:';
UPDATE moves SET cause = 'discard' WHERE substr(request_id, 1, 8) = 'discard:';
ALTER TABLE moves ENABLE TRIGGER moves_no_update;

UPDATE seats SET kind = 'local' WHERE substr(user_id, 1, 6) = 'local:';

-- +goose Down
ALTER TABLE seats DROP COLUMN kind;
ALTER TABLE moves DROP COLUMN cause;
