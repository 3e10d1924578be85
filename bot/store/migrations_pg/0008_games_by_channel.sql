-- The channel's latest game (/game status, /game log and the rest after a game ended) is
-- found from this index instead of reading every game: the partial index of open games
-- does not hold finished ones.
CREATE INDEX games_by_channel ON games (channel_id, id);
