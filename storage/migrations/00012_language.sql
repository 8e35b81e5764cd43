-- The language a game speaks in its thread (issue 34): the turn messages,
-- the summaries, the pictures' words and the end, as the host chose it in
-- the lobby (by default the server's). A BCP 47 tag the bot reads with
-- package i18n ("de", "pl"); '' (games stored before) is English.

-- +goose Up
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE games DROP COLUMN language;
