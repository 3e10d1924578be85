-- Reading the log a page at a time: the records one reader may see are counted, numbered
-- and found by scope, kind and position from this index alone, without reading a payload.
CREATE INDEX events_by_scope ON events (game_id, scope, kind, seq);

-- A player's own actions, newest first, for /game catchup (what happened since the last).
CREATE INDEX events_by_seat ON events (game_id, seat, kind, seq);
