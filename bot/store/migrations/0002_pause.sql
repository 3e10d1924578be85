-- A game can be paused by its creator or a server manager: NULL when it is running,
-- otherwise JSON saying who paused it, when and why. Paused games send no reminders and
-- let no answer deadline run out.
ALTER TABLE games ADD COLUMN paused TEXT;
