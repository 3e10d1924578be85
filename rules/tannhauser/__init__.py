"""Tannhäuser (source 000): squad skirmish on circle-and-path maps.

The rules engine lives in this package; its components (maps, characters, equipment,
bonus tokens, crates and modes) are original content in JSON packs under ``content/``.
"""
