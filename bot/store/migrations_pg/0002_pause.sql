-- A game can be paused by its creator or a server manager: NULL when it is running,
-- otherwise JSON saying who paused it, when and why.
ALTER TABLE games ADD COLUMN paused TEXT;
