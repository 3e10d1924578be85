-- Which version of a games row a command read, numbered as PostgreSQL numbers its rows
-- (xmin): a command decided on a game this process remembers writes its batch only if
-- this one number is unchanged, instead of comparing every column of the row. The
-- store's own batch raises it as it writes; the trigger raises it for any other change
-- of the row (a setting, a reminder, an undo request, an edit by hand).
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER games_revised AFTER UPDATE ON games
FOR EACH ROW WHEN NEW.revision = OLD.revision
BEGIN
    UPDATE games SET revision = OLD.revision + 1 WHERE id = OLD.id;
END;
