-- A server's defaults for new games (as JSON, e.g. {"threads": true}: /game new opens a
-- thread when thread: is not given), changed by its stewards with /server settings.
CREATE TABLE server_settings (
    guild_id   INTEGER NOT NULL PRIMARY KEY,
    settings   TEXT    NOT NULL,
    changed_at REAL    NOT NULL
) WITHOUT ROWID;

-- Each user's language as their last interaction's Discord locale gave it ('en', 'de'),
-- so that reminders and questions sent to them by DM, when somebody else's action or a
-- timer caused them, are worded in their language.
CREATE TABLE user_languages (
    user_id  INTEGER NOT NULL PRIMARY KEY,
    language TEXT    NOT NULL,
    seen_at  REAL    NOT NULL
) WITHOUT ROWID;
