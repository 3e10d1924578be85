"""The shared label placement: owners, spots farther out, and leader lines that keep off
other things."""

from __future__ import annotations

from renderers.placement import ON_LABEL, Placer, leader_line, text_box


def test_a_badge_may_touch_its_own_circle_but_not_another() -> None:
    placer = Placer((0, 0, 400, 400), 64)
    placer.disc((100, 100), 20, "circle a")
    placer.disc((100, 60), 20, "circle b")
    box = (90, 70, 110, 85)
    assert placer.clashes(box, "circle a") > 0  # circle b is still in the way
    assert placer.clashes((90, 110, 110, 125), "circle a") == 0
    assert placer.clashes((90, 110, 110, 125)) > 0


def test_a_label_with_no_room_beside_its_thing_moves_farther_out() -> None:
    placer = Placer((0, 0, 600, 600), 64)
    centre = (300.0, 300.0)
    # a ring of neighbours right where the label would go at the first reach
    for dx, dy in ((60, 0), (-60, 0), (0, 40), (0, -40), (45, 35), (-45, 35), (45, -35)):
        placer.disc((300 + dx, 300 + dy), 26)
    placer.disc((255, 265), 26)
    near = placer.clashes(text_box("Sample rack", 14, (330, 300), "lm", 0))
    assert near > 0
    spot = placer.place("Sample rack", 14, centre, 30, farther=(60, 100, 140))
    assert spot.far
    assert placer.clashes(spot.box) == ON_LABEL  # only the label itself, now an obstacle


def test_a_leader_line_crossing_a_circle_counts_against_its_spot() -> None:
    placer = Placer((0, 0, 600, 600), 64)
    placer.rect((270, 260, 330, 285), "taken")  # where the label would go first
    placer.disc((300, 200), 20, "circle x")  # straight above the thing
    centre = (300.0, 300.0)
    far, free = placer.find("name", 14, centre, (20, 150), ("above",))
    assert far.far and free == 0  # free, were it not for its leader
    spot, score = placer.find("name", 14, centre, (20, 150), ("above",), leader=(15, None))
    assert not spot.far and score == ON_LABEL  # a leader through two things is worse
    start, end = leader_line(centre, 15, far.box)
    assert placer.crossings(start, end) == 2
    assert placer.crossings(start, end, "circle x") == 1
    beside, free = placer.find("name", 14, centre, (20, 150), ("right",), leader=(15, None))
    assert free == 0 and not beside.far
