-- As migrations/00012_language.sql for SQLite: the language a game speaks
-- in its thread, a BCP 47 tag ('' is English).

-- +goose Up
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE games DROP COLUMN language;
