"""Reference entries and tables of game systems not yet playable, read after the playable
systems' own (a data folder)."""
