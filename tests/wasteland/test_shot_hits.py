"""Counting a Shoot roll's hits and critical hits (004 Rolling dice, Critical X)."""

from __future__ import annotations

from rules.wasteland.content.weapons import AUTOHIT
from rules.wasteland.shot_hits import criticals, shot_hits
from tests.wasteland.builders import weapon

RIFLE = weapon("rifle", range=24, hit=5)
SURE = weapon("sure", range=12, hit=AUTOHIT)
KEEN = weapon("keen", range=24, hit=5, critical=9)


def test_each_die_reaching_the_number_hits() -> None:
    assert shot_hits(RIFLE, 5, 4, [4, 5, 9, 10]) == 3


def test_one_or_less_always_hits_and_eleven_or_more_never() -> None:
    assert shot_hits(RIFLE, 1, 3, []) == 3
    assert shot_hits(RIFLE, 0, 2, [1, 1]) == 2
    assert shot_hits(RIFLE, 11, 3, [10, 10, 10]) == 0


def test_autohit_hits_with_every_shot_whatever_the_dice() -> None:
    assert shot_hits(SURE, 8, 3, [1, 2, 3]) == 3


def test_criticals_count_dice_at_or_above_x_only_with_the_rule() -> None:
    assert criticals(KEEN, [8, 9, 10, 3]) == 2
    assert criticals(RIFLE, [10, 10]) == 0
