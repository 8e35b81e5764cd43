-- The first schema: games, their seats, and the moves played as an
-- append-only log. Times are Unix milliseconds in UTC; durations are
-- milliseconds.

-- +goose Up
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'stopped', 'broken')),
    reason           TEXT    NOT NULL DEFAULT '',  -- why the game was stopped or is broken
    expansions       TEXT    NOT NULL DEFAULT 'base',
    rules            TEXT    NOT NULL DEFAULT '',  -- the record's Rules header
    seed             INTEGER,                      -- the uint64 seed's bits; NULL in the lobby
    max_seats        INTEGER NOT NULL CHECK (max_seats BETWEEN 1 AND 6),
    turn_timeout_ms  INTEGER NOT NULL DEFAULT 0 CHECK (turn_timeout_ms >= 0),
    host_user_id     TEXT    NOT NULL,
    guild_id         TEXT    NOT NULL DEFAULT '',
    channel_id       TEXT    NOT NULL DEFAULT '',
    thread_id        TEXT    NOT NULL DEFAULT '',
    lobby_message_id TEXT    NOT NULL DEFAULT '',
    turn_message_id  TEXT    NOT NULL DEFAULT '',
    deadline         INTEGER,
    created_at       INTEGER NOT NULL,
    started_at       INTEGER,
    ended_at         INTEGER,
    updated_at       INTEGER NOT NULL
);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),  -- turn order once started
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,             -- display name
    player    TEXT    NOT NULL DEFAULT '',  -- name in the game record, fixed at the start
    colour    TEXT    NOT NULL,
    resigned  INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
) WITHOUT ROWID;

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    number     INTEGER NOT NULL CHECK (number >= 0),  -- index in the log, from 0, discards included
    turn       INTEGER NOT NULL CHECK (turn >= 1),
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL DEFAULT 'move',
    notation   TEXT    NOT NULL,                      -- record notation: "V 1,0 90 follower@S"
    request_id TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, number),
    UNIQUE (game_id, request_id)
) WITHOUT ROWID;

-- The log has no gap: each move is the next one.
-- +goose StatementBegin
CREATE TRIGGER moves_in_order BEFORE INSERT ON moves
WHEN NEW.number <> (SELECT count(*) FROM moves WHERE game_id = NEW.game_id)
BEGIN
    SELECT RAISE(ABORT, 'moves are appended in order, without gaps');
END;
-- +goose StatementEnd

-- A move once stored is never changed or removed.
-- +goose StatementBegin
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TABLE moves;
DROP TABLE seats;
DROP TABLE games;
