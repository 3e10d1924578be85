-- Earlier snapshots of a game, kept every few hundred records, so that an undo folds the
-- log from the nearest one before what it takes back instead of from the start.
CREATE TABLE snapshots (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    version       INTEGER NOT NULL,
    rules_version TEXT    NOT NULL,
    state         BLOB    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;

-- The highest dice counter a game ever drew, found without reading its whole log: every
-- roll after an undo approved across dice draws on from there, never the same dice again.
CREATE INDEX events_dice_counters ON events (game_id, json_extract(payload, '$.counter_end'))
    WHERE kind = 'event' AND json_extract(payload, '$.type') = 'dice';
