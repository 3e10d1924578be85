"""Wasteland content: weapons, unit profiles, factions and battlefields in validated packs."""
