-- The game dashboard and the game's settings.
-- dashboard_message: the Discord message the bot edits in place after every action (NULL
-- until one is posted, and again once it is found deleted).
-- settings: JSON of the channel posts' verbosity, the board cadence, the absent-player
-- deadline and each player's reminder choices (NULL: every default).
-- summary_since: the version up to which the channel has been told, for the compact
-- posts that sum a whole round up in one message.
ALTER TABLE games ADD COLUMN dashboard_message INTEGER;
ALTER TABLE games ADD COLUMN settings TEXT;
ALTER TABLE games ADD COLUMN summary_since INTEGER NOT NULL DEFAULT 0;
