"""The D10 of the black-powder game reads 0-9 (reading 1): the face marked 0 is zero.

The sheet removes a model "for each 0" when falling back and reads its reaction table from
"<0" and "0" upwards, so the die has a 0 face and no 10. The game's seeded stream gives
1-10; :func:`face` turns its 10 into the 0 face. A score "N+" is reached when the face plus
its modifiers is N or more, with no natural result always passing or failing.
"""

from __future__ import annotations

from collections.abc import Iterable

FACES = range(10)


def face(raw: int) -> int:
    """The 0-9 face of a roll of the game's 1-10 stream."""
    if not 1 <= raw <= 10:
        raise ValueError(f"a D10 of the stream rolls 1-10, not {raw}")
    return raw % 10


def check_faces(faces: Iterable[int]) -> tuple[int, ...]:
    """``faces`` as a tuple, each checked to be a face 0-9."""
    checked = tuple(faces)
    for value in checked:
        if value not in FACES:
            raise ValueError(f"a D10 face reads 0-9, not {value}")
    return checked


def reaches(face_value: int, score: int, modifier: int = 0) -> bool:
    """Whether ``face_value`` plus ``modifier`` reaches the score ``score``+."""
    (checked,) = check_faces((face_value,))
    return checked + modifier >= score
