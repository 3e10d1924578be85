-- Earlier snapshots of a game, kept every few hundred records, so that an undo folds the
-- log from the nearest one before what it takes back instead of from the start.
CREATE TABLE snapshots (
    game_id       BIGINT NOT NULL REFERENCES games (id),
    version       BIGINT NOT NULL,
    rules_version TEXT   NOT NULL,
    state         BYTEA  NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- The highest dice counter a game ever drew, found without reading its whole log.
CREATE INDEX events_dice_counters
    ON events (game_id, ((payload::jsonb ->> 'counter_end')::bigint))
    WHERE kind = 'event' AND (payload::jsonb ->> 'type') = 'dice';
