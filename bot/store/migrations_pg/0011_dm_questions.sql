-- The questions sent by DM whose menus are still on their readers' screens: the message
-- and its words, the game, seat and prompt it asks and the reader's language, so that
-- whichever process of the bot sees the game move past a question (after a restart too)
-- edits it to say it has closed and removes its menu.
CREATE TABLE dm_questions (
    message_id BIGINT           NOT NULL PRIMARY KEY,
    channel_id BIGINT           NOT NULL,
    game_id    BIGINT           NOT NULL,
    user_id    BIGINT           NOT NULL,
    seat       TEXT             NOT NULL,
    prompt_key TEXT             NOT NULL,
    content    TEXT             NOT NULL,
    language   TEXT             NOT NULL,
    sent_at    DOUBLE PRECISION NOT NULL
);

CREATE INDEX dm_questions_by_game ON dm_questions (game_id);
