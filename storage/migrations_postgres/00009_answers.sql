-- The answers given so far to the turn under way, for turns in which
-- several players decide one after the other (the dragon's steps, crop
-- circles): each answer in the engine's notation (engine.Answer.String),
-- numbered from 0 within the turn, with the seat that gave it. They belong
-- to the turn after `moves` moves; when the turn's last answer comes, the
-- whole move is appended to the move log and the answers are deleted, in
-- the same transaction, so that a restart finds the turn where it stood.

-- +goose Up
CREATE TABLE answers (
    game_id    BIGINT  NOT NULL REFERENCES games (id),
    number     INTEGER NOT NULL CHECK (number >= 0),  -- within the turn, from 0
    moves      INTEGER NOT NULL CHECK (moves >= 0),   -- the moves stored before the turn
    seat       INTEGER NOT NULL,                      -- who answered
    notation   TEXT    NOT NULL,                      -- "tile 1,0 90", "figure large@N", …
    request_id TEXT,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, number),
    UNIQUE (game_id, request_id)
);

-- +goose Down
DROP TABLE answers;
