-- What each member chose for all their games: with The Messengers, the
-- pawn that moves when they score during another player's turn (the
-- marker or the messenger), so that nobody waits for their answer
-- (issue 31; spec rules-options.md, "The Messengers"). A member without a
-- row moves the marker.

-- +goose Up
CREATE TABLE preferences (
    user_id    TEXT    NOT NULL PRIMARY KEY,
    pawn       TEXT    NOT NULL CHECK (pawn IN ('marker', 'messenger')),
    updated_at INTEGER NOT NULL                 -- Unix milliseconds, UTC
);

-- +goose Down
DROP TABLE preferences;
