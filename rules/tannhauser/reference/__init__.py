"""The Tannhäuser rules-reference entries behind /rules (a data folder)."""
