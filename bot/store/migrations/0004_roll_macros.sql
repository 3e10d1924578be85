-- Dice expressions a player saved under a name for /roll: each player has their own in
-- each server (server 0 outside any server). The name is stored lower-cased, as typed
-- otherwise; the dice exactly as typed.
CREATE TABLE roll_macros (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    dice      TEXT    NOT NULL,
    saved_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, name)
) WITHOUT ROWID;
