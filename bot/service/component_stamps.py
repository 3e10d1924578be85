"""Opaque stamps naming the game version a button or menu was sent at.

A component (a prompt's select menu or buttons, the undo approval button) must tell the
bot which version of the game it was sent at, so a stale one can be refused. Its id is
readable by anybody who inspects the message, and the store's version counts every record,
secret ones included: two ids carrying plain versions would tell how many secret records
(an opponent's army-draft edits, say) were written in between. So an id carries a *stamp*
instead: the first ten bytes (sixteen base32 characters) of HMAC-SHA256 over
``b"umpire component stamp:" + version`` (eight bytes, big-endian), keyed with the game's
dice seed. The seed stays secret until the game ends (and then the whole log is open to
everybody anyway), so nobody can tell from stamps which versions they name, nor whether
two stamps lie one or ten records apart; they only see whether two are equal.

The service turns a stamp back into a version by trying the versions the component could
still be answered at (:func:`stamped_version`), and then applies exactly the staleness
check a plain version gets. Since every version that check accepts is tried, a stamp is
accepted exactly when its version would be; a stamp matching none is "this choice has
expired". Eighty bits leave no practical chance of a stale stamp matching a newer version,
nor of anybody forging one. Ids sent before stamps existed carry the plain version
(:data:`SentAt` is an ``int`` for those) and are still checked as before.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable
from typing import TypeAlias

STAMP_BYTES = 10
STAMP_PATTERN = r"[a-z2-7]{16}"  # STAMP_BYTES in lower-case base32, without padding
_STAMP = re.compile(STAMP_PATTERN)
_DOMAIN = b"umpire component stamp:"

SentAt: TypeAlias = int | str
"""Which version a component was sent at, as its id says: a stamp, or in ids sent by
earlier releases the plain version."""


def component_stamp(seed: bytes, version: int) -> str:
    """The stamp of ``version`` in the game whose dice seed is ``seed``."""
    message = _DOMAIN + version.to_bytes(8, "big")
    digest = hmac.new(seed, message, hashlib.sha256).digest()[:STAMP_BYTES]
    return base64.b32encode(digest).decode("ascii").lower()


def stamped_version(seed: bytes, stamp: str, candidates: Iterable[int]) -> int | None:
    """The first of ``candidates`` whose stamp is ``stamp``, or None if none is (nor is
    anything that is not shaped like a stamp)."""
    if not _STAMP.fullmatch(stamp):
        return None
    for version in candidates:
        if hmac.compare_digest(component_stamp(seed, version), stamp):
            return version
    return None


def sent_version(seed: bytes, sent_at: SentAt, candidates: Iterable[int]) -> int | None:
    """The version ``sent_at`` names: a plain version as it is, a stamp if it is one of
    ``candidates``' (else None)."""
    if isinstance(sent_at, int):
        return sent_at
    return stamped_version(seed, sent_at, candidates)
