"""A volley is one compact line (in English and German): each die to hit with the score it
needed and the modifiers behind it, each die to kill with the weapon's strength for the
distance; an impossible shot (reading 68) hits on a 9 alone and its die to kill takes -3."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import Shoot
from rules.blackpowder.narrate import describe
from rules.blackpowder.tables.shooting import impossible_shot
from rules.core.events import Event
from rules.core.language import Language
from tests.blackpowder.deciding import accepted, nearest_fallen, with_unit
from tests.blackpowder.test_engine_fire import volley_at
from tests.blackpowder.test_engine_movement import at, commanded, plain


def _fired(events: list[Event]) -> ev.Fired:
    return next(e for e in events if isinstance(e, ev.Fired))


def test_each_die_shows_the_score_it_needed_and_why() -> None:
    # A2 16" off: long range (-2); B4 shaken: every shot hasty (-1): 4+ becomes 7+
    state = with_unit(volley_at(35), "B4", shaken=True)
    after, events = nearest_fallen(
        state, "bravo", Shoot(unit="B4", target="A2"), faces=[7, 9, 1, 1, 1, 2, 9, 3, 9]
    )
    fired = _fired(events)
    english = describe(fired, after) or ""
    assert english == (
        'B4 fires its Musket at A2: to hit 7+ (4+, -1 hasty shot, -2 long range (over 12")):'
        " 7 9 1 1 1 2 (2 hits); to kill 6+ (strength beyond half range): 9 3 (1 killed);"
        " powder smoke."
    )
    german = describe(fired, after, Language.GERMAN) or ""
    assert german == (
        "B4 feuert auf A2 (Muskete): Treffer 7+ (4+, -1 hastiger Schuss, -2 große Reichweite"
        ' (über 12")): 7 9 1 1 1 2 (2 Treffer); Verwunden 6+ (Stärke über halbe Reichweite):'
        " 9 3 (1 ausgeschaltet); Pulverdampf."
    )


def test_a_shot_no_face_could_hit_is_impossible() -> None:
    assert impossible_shot(4, -6) and not impossible_shot(4, -5)
    # the riflemen's hunting rifles 26" off (extreme range -4), shaken (-1), into the
    # thicket's light cover (-1): 4+ would need 10
    state = plain({"B6": at(17, 16), "A2": at(17, 44)})
    state = with_unit(commanded(state, "B6"), "B6", shaken=True)
    after, events = accepted(
        state, "bravo", Shoot(unit="B6", target="A2"), faces=[9, 8, 9, 1, 1, 10, 6]
    )
    fired = _fired(events)
    # the fifth model's line misses the thicket: it needs a 9 the ordinary way
    assert [s.impossible for s in fired.shots] == [True, True, True, True, False]
    assert [s.hit for s in fired.shots] == [True, False, True, False, False]
    # the dice to kill (4+ within half the rifle's 72") take -3: a 6 does not kill
    assert [(k.face, k.modifier, k.killed) for k in fired.kills] == [(0, -3, False), (6, -3, False)]
    line = describe(fired, after) or ""
    assert "to hit 9 only (impossible shot: 4+, -1 hasty shot, -4 extreme range" in line
    assert ' | 9+ (4+, -1 hasty shot, -4 extreme range (over 24")): 1 (2 hits)' in line
    assert "to kill 4+ (strength up to half range, -3 impossible shot): 0 6" in line
    assert "unmöglicher Schuss" in (describe(fired, after, Language.GERMAN) or "")
