"""Wasteland's seats: their ids (what players type and events store) and their labels
(what players read), from one table shared by the system and every line it writes."""

from __future__ import annotations

from rules.core.seats import PHONETIC_SEATS, seat_labeller

SEAT_SPECS = PHONETIC_SEATS
seat_label = seat_labeller(SEAT_SPECS)
