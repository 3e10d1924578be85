"""The Wasteland Tactics rules-reference entries behind /rules (a data folder)."""
