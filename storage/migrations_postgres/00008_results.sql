-- As migrations/00008_results.sql for SQLite: the results of the games
-- that ended, one row per game finished or stopped (after it started) and
-- seat, written in the transaction that ends the game, so that statistics,
-- the leaderboard and the history read them without replaying any game.
-- Booleans are 0/1 integers and times Unix milliseconds in UTC, as on
-- SQLite; ids and times are BIGINT here.

-- +goose Up
CREATE TABLE results (
    game_id             BIGINT  NOT NULL REFERENCES games (id),
    seat                INTEGER NOT NULL,               -- turn order, from 0
    guild_id            TEXT    NOT NULL,               -- '' outside Discord
    user_id             TEXT    NOT NULL,
    name                TEXT    NOT NULL,               -- display name
    status              TEXT    NOT NULL CHECK (status IN ('finished', 'stopped')),
    score               INTEGER NOT NULL,               -- points at the end
    place               INTEGER NOT NULL,               -- 1 for the best; ties share; resigned players after the others
    winner              INTEGER NOT NULL CHECK (winner IN (0, 1)),   -- a winner of a finished game
    resigned            INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    computer_level      TEXT,                           -- NULL for a person
    road_points         INTEGER NOT NULL,
    city_points         INTEGER NOT NULL,
    cloister_points     INTEGER NOT NULL,
    farm_points         INTEGER NOT NULL,
    king_points         INTEGER NOT NULL,               -- King & Robber Baron
    robber_baron_points INTEGER NOT NULL,
    goods_points        INTEGER NOT NULL,               -- Traders & Builders
    expansions          TEXT    NOT NULL,               -- record names, comma-separated, "base" first
    players             INTEGER NOT NULL,               -- seats in the game
    ended_at            BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A player's games (statistics); every result in the order the games
-- ended (the ratings); one row per game in that order (the history, and
-- the latest end, which tells whether the ratings are up to date).
CREATE INDEX results_by_player ON results (guild_id, user_id, status);
CREATE INDEX results_by_end ON results (guild_id, status, ended_at);
CREATE INDEX results_by_game_end ON results (guild_id, status, seat, ended_at);

-- +goose Down
DROP INDEX results_by_game_end;
DROP INDEX results_by_end;
DROP INDEX results_by_player;
DROP TABLE results;
