"""Validated content packs for Tannhäuser: maps, rosters, equipment, crates and modes."""
