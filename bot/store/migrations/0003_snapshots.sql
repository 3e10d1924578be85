-- Earlier snapshots of a game, kept every few hundred records, so that an undo folds the
-- log from the nearest one before what it takes back instead of from the start.
CREATE TABLE snapshots (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    version       INTEGER NOT NULL,
    rules_version TEXT    NOT NULL,
    state         BLOB    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
