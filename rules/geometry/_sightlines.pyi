"""The compiled sight-line kernel (``_sightlines.c``); see :mod:`rules.geometry.compiled`."""

def judge_parties(*arrays: object) -> None:
    """Write HIDDEN (0), VISIBLE (1) or DOUBT (2) for each party into the last array."""
