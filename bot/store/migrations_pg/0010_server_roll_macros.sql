-- Dice a server keeps under a name for every member's /roll name: (a member's own saved
-- roll of the same name comes first). saved_by is the member who saved or last replaced
-- it; the name is stored lower-cased.
CREATE TABLE server_roll_macros (
    guild_id  BIGINT           NOT NULL,
    name      TEXT             NOT NULL,
    dice      TEXT             NOT NULL,
    saved_by  BIGINT           NOT NULL,
    saved_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, name)
);
