-- A seat's colour follows from its index (render.PlayerColour is its one
-- home, shared by the pictures and the messages), so it is no longer stored.

-- +goose Up
ALTER TABLE seats DROP COLUMN colour;

-- +goose Down
ALTER TABLE seats ADD COLUMN colour TEXT NOT NULL DEFAULT '';
UPDATE seats SET colour = CASE seat
    WHEN 0 THEN 'red' WHEN 1 THEN 'green' WHEN 2 THEN 'blue'
    WHEN 3 THEN 'yellow' WHEN 4 THEN 'black' ELSE 'grey' END;
