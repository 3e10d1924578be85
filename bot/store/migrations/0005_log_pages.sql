-- Reading the log a page at a time: the records one reader may see are counted, numbered
-- and found by scope, kind and position from this index alone, without reading a payload.
CREATE INDEX events_by_scope ON events (game_id, scope, kind, seq);
