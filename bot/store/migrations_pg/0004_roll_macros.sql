-- Dice expressions a player saved under a name for /roll: each player has their own in
-- each server (server 0 outside any server). The name is stored lower-cased.
CREATE TABLE roll_macros (
    guild_id  BIGINT           NOT NULL,
    user_id   BIGINT           NOT NULL,
    name      TEXT             NOT NULL,
    dice      TEXT             NOT NULL,
    saved_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id, name)
);
