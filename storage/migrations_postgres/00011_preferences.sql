-- As migrations/00011_preferences.sql for SQLite: what each member chose
-- for all their games (with The Messengers, the pawn that moves when they
-- score during another player's turn). Times are BIGINT here.

-- +goose Up
CREATE TABLE preferences (
    user_id    TEXT   NOT NULL PRIMARY KEY,
    pawn       TEXT   NOT NULL CHECK (pawn IN ('marker', 'messenger')),
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE preferences;
