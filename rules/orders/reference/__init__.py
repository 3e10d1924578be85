"""The order-tile game's rules-reference entries behind /rules (a data folder)."""
