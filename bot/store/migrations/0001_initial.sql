-- Games, one open game per channel or thread, and the append-only log of each game.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    channel_id       INTEGER NOT NULL,
    guild_id         INTEGER,
    system           TEXT    NOT NULL,
    rules_version    TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished')),
    options          TEXT    NOT NULL,
    creator_id       INTEGER NOT NULL,
    seed             BLOB    NOT NULL,
    commitment       TEXT    NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    state            TEXT,
    reminder_seconds INTEGER NOT NULL,
    waiting_on       TEXT    NOT NULL DEFAULT '[]',
    waiting_since    REAL,
    reminded_at      REAL,
    undo_request     TEXT,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    ended_at         REAL
);
CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX games_waiting ON games (status, waiting_since);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- One row per record. (game_id, seq) is the compare-and-set: a writer that read version v
-- inserts seq v+1, and a collision means somebody else moved first.
CREATE TABLE events (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,
    batch      INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('action', 'event', 'undo', 'meta')),
    seat       TEXT,
    user_id    INTEGER,
    scope      TEXT    NOT NULL,
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
