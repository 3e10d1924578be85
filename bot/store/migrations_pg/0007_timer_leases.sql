-- Timers claimed once, whichever process of a cluster finds them due: a row is either a
-- lease (owner set: that process is firing the timer until expires_at, after which
-- another may take it over) or a rest (owner NULL: nothing is due at this version of the
-- game before expires_at, or ever if it is NULL). Kinds: 'reminder', 'deadline', 'absent'
-- (the absent-player deadline) and 'owed' (reminders held through quiet hours).
CREATE TABLE timer_leases (
    game_id    BIGINT           NOT NULL REFERENCES games (id),
    kind       TEXT             NOT NULL CHECK (kind IN ('reminder', 'deadline', 'absent', 'owed')),
    version    BIGINT           NOT NULL,
    owner      TEXT,
    expires_at DOUBLE PRECISION,
    PRIMARY KEY (game_id, kind)
);
