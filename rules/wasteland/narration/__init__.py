"""The lines told for Wasteland's narrated facts, one per fact, grouped as the facts are."""
