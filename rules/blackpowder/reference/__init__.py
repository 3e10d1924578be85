"""The black-powder game's rules-reference entries and tables behind /rules and /table
(a data folder)."""
