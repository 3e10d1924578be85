-- The game dashboard and the game's settings (see the SQLite migration of the same
-- number): the dashboard's message id, the settings as JSON, and the version up to which
-- the channel has been told.
ALTER TABLE games ADD COLUMN dashboard_message BIGINT;
ALTER TABLE games ADD COLUMN settings TEXT;
ALTER TABLE games ADD COLUMN summary_since BIGINT NOT NULL DEFAULT 0;
