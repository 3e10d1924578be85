"""Finding units, profiles, weapons, objectives and seats from what a player typed.

Names are matched as every system matches them (:mod:`rules.core.names`); this module
says which units, models, objectives, weapons and profiles a seat may name where.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rules.core.by_identity import ByIdentity
from rules.core.names import Option, ambiguous, find, match, missing, normal
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.state import WastelandState, WUnit

_MODEL = re.compile(r"(?:([A-Za-z]+\d+)\.|\.)?(\d{1,3})")


def _bad(message: str) -> Rejection:
    return reject(RejectionCode.BAD_ARGUMENT, message)


def unit_label(state: WastelandState, unit_id: str) -> str:
    """``A3 Scrap Raiders`` (just the id for a unit that does not exist)."""
    unit = state.units.get(unit_id)
    return f"{unit_id} {unit.name}" if unit is not None else unit_id


def unit_option(state: WastelandState, unit: WUnit) -> Option:
    return Option(unit.id, unit_label(state, unit.id), (unit.name, unit_label(state, unit.id)))


_STANDING: ByIdentity[WastelandState, tuple[Option, ...]] = ByIdentity(16)


class Names:
    """Resolves what ``seat`` typed against the state (and the catalog for army lists)."""

    def __init__(self, state: WastelandState, catalog: Catalog, seat: str) -> None:
        self.state = state
        self.catalog = catalog
        self.seat = seat

    # -- units ------------------------------------------------------------------------
    def unit(
        self,
        text: str,
        pool: Sequence[WUnit],
        wider: Sequence[WUnit],
        what: str,
        known: str,
        whose: str = "",
    ) -> str | Rejection:
        """Any unit by id; by name among ``pool`` first, then among ``wider``. Misses read
        "There is no {what}{whose} called …" and list ``wider`` after ``known``."""
        wanted = normal(text)
        if not wanted:
            return reject(RejectionCode.BAD_ARGUMENT, f"Name the {what}.")
        for ident in self.state.units:
            if normal(ident) == wanted:
                return ident
        for units in (pool, wider):
            found = match(text, [unit_option(self.state, u) for u in units])
            if len(found) == 1:
                return found[0].id
            if found:
                return ambiguous(text, found)
        return missing(text, f"{what}{whose}", known, [unit_option(self.state, u) for u in wider])

    def own(
        self, text: str, keep: Callable[[WUnit], bool] | None = None, what: str = "unit"
    ) -> str | Rejection:
        """One of the seat's units; names are tried first among those ``keep`` accepts."""
        mine = self.state.units_of(self.seat)
        pool = [u for u in mine if keep(u)] if keep else [u for u in mine if not u.gone]
        return self.unit(text, pool, mine, what, "Your units", " of yours")

    def enemy(self, text: str, what: str = "enemy unit") -> str | Rejection:
        others = [u for u in self.state.units.values() if u.seat != self.seat]
        return self.unit(text, self.state.enemies(self.seat), others, what, "Enemy units")

    def unit_or_objective(self, text: str) -> str | Rejection:
        """A unit on the table or an objective (``move toward``)."""
        return find(text, self._standing(), "unit or objective", "On the table")

    def named_standing(self, text: str) -> str | None:
        """What :meth:`unit_or_objective` finds, or None where it refuses (without
        writing the refusal, which looks for the closest spelling)."""
        found = match(text, self._standing())
        return found[0].id if len(found) == 1 else None

    def _standing(self) -> tuple[Option, ...]:
        options = _STANDING.get(self.state)
        if options is None:  # the same for every seat: remembered per position
            standing = [unit_option(self.state, u) for u in self.state.on_table()]
            options = _STANDING.put(self.state, (*standing, *self.objective_options()))
        return options

    # -- models ---------------------------------------------------------------------------
    def model(self, text: str, owner: WUnit | None) -> str | Rejection:
        """``A3.2``, ``.2`` or ``2`` (of ``owner``) → the model id ``A3.2``."""
        found = _MODEL.fullmatch(text.strip())
        if found is None:
            return _bad(f"'{text.strip()[:20]}' is not a model; write `A3.2` or `.2`.")
        unit: WUnit | None = owner
        if found.group(1):
            key = found.group(1).upper()
            unit = next((u for i, u in self.state.units.items() if i.upper() == key), None)
            if unit is None:
                return _bad(f"There is no unit {key}.")
        if unit is None:
            return _bad(f"'{text.strip()[:20]}': name models by full id, e.g. `A3.2`.")
        model_id = f"{unit.id}.{int(found.group(2))}"
        if all(m.id != model_id for m in unit.models):
            ids = ", ".join(m.id for m in unit.models if m.alive)
            return _bad(f"{unit.id} has no model {model_id}; its models: {ids or 'none left'}.")
        if owner is not None and unit.id != owner.id:
            return _bad(f"{model_id} is not a model of {unit_label(self.state, owner.id)}.")
        return model_id

    def models(self, text: str, owner: WUnit) -> tuple[str, ...] | Rejection:
        """``3,4``, ``.3 .4``, ``A3.3``, ``3-5`` → model ids of ``owner``."""
        found: list[str] = []
        for item in (i for i in re.split(r"[\s,]+|\band\b", text) if i):
            span = re.fullmatch(r"(\d{1,3})-(\d{1,3})", item)
            numbers = [str(n) for n in range(int(span[1]), int(span[2]) + 1)] if span else [item]
            for number in numbers[:61]:
                model = self.model(number, owner)
                if isinstance(model, Rejection):
                    return model
                if model not in found:
                    found.append(model)
        if not found:
            return _bad("Name the models after `models`, e.g. `models 3,4`.")
        return tuple(found)

    # -- mission pieces and seats -----------------------------------------------------
    def objective_options(self) -> list[Option]:
        return [
            Option(o.id, f"{o.id} {o.name}", (o.name,))
            for o in self.state.objectives
            if not o.removed
        ]

    def objective(self, text: str) -> str | Rejection:
        options = self.objective_options()
        if not options:
            return reject(RejectionCode.BAD_ARGUMENT, "This mission has no objectives left.")
        return find(text, options, "objective", "Objectives")

    def seat_id(self, text: str) -> str | Rejection:
        return find(text, [Option(s, s) for s in self.state.seats], "seat", "Seats")

    # -- content ----------------------------------------------------------------------
    def weapon(self, text: str) -> str | Rejection:
        """A weapon of the active unit's profile (any weapon in play without one)."""
        active = self.state.active
        unit = self.state.units.get(active.unit) if active is not None else None
        profile = self.state.profiles.get(unit.profile) if unit is not None else None
        if unit is not None and profile is not None:
            ids = [w for w in profile.weapons if w in self.state.weapons]
            known = f"{unit_label(self.state, unit.id)} carries"
            what = f"weapon of {unit.id}"
        else:
            ids, known, what = list(self.state.weapons), "Weapons in play", "weapon"
        options = [
            Option(w, self.state.weapons[w].name, (self.state.weapons[w].name,)) for w in ids
        ]
        return find(text, options, what, known)

    def profile_factions(self) -> set[str]:
        """Factions of the seat's current draft (they settle ambiguous profile names)."""
        draft = self.state.drafts.get(self.seat)
        entries = draft.entries if draft is not None else ()
        return {
            self.catalog.unit_faction[e.profile]
            for e in entries
            if e.profile in self.catalog.unit_faction
        }

    def profile(self, text: str, factions: set[str]) -> str | Rejection:
        """A unit profile from the catalog; among several, those of ``factions`` win."""
        catalog = self.catalog
        options = [
            Option(u.id, f"{u.id} ({u.name}, {self._faction_name(u.id)})", (u.name,))
            for u in catalog.units.values()
        ]
        found = match(text, options)
        if len(found) > 1 and factions:
            narrowed = [o for o in found if catalog.unit_faction.get(o.id) in factions]
            found = narrowed if len(narrowed) == 1 else found
        if len(found) == 1:
            return found[0].id
        if found:
            return ambiguous(text, found)
        if not normal(text):
            return reject(RejectionCode.BAD_ARGUMENT, "Name the unit profile.")
        mine = [o for o in options if catalog.unit_faction.get(o.id) in factions] or options
        return missing(text, "unit profile", "Profiles", mine)

    def faction(self, text: str) -> str | Rejection:
        """A faction of the catalog, by id or name."""
        options = [
            Option(f.id, f"{f.id} ({f.name})", (f.name,)) for f in self.catalog.factions.values()
        ]
        return find(text, options, "faction", "Factions")

    def _faction_name(self, profile: str) -> str:
        faction = self.catalog.unit_faction.get(profile, "")
        found = self.catalog.factions.get(faction)
        return found.name if found is not None else faction or "no faction"
