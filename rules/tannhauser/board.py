"""The map as a graph: adjacency, paths, sighting and the three ways of measuring distance.

* Movement (source 000, "Moving"): each step to an adjacent circle costs one point plus the
  entered circle's Movement modifier (red adds, green refunds); enemy circles cannot be
  entered; friendly circles can be passed through but not stopped on.
* Out-of-path range ("Out-of-path Ranges"): the fewest steps between two circles, Movement
  modifiers ignored, miniatures ignored; walls are already absent from the adjacency.
* Grenade range ("Grenades"): like out-of-path range, but every circle on the route except
  the last must share a path with the thrower.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rules.core.by_identity import ByIdentity
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.stats import Stat


@dataclass(frozen=True)
class Board:
    map: MapDef
    neighbours: dict[str, frozenset[str]]
    paths_of: dict[str, frozenset[str]]
    members: dict[str, frozenset[str]]  # path id -> circles on it
    feature_neighbours: dict[str, frozenset[str]]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def share_path(self, a: str, b: str) -> bool:
        return bool(self.paths_of[a] & self.paths_of[b])

    def path_mates(self, circle: str) -> frozenset[str]:
        """Every circle sharing at least one path with ``circle`` (itself included)."""
        found: set[str] = set()
        for path in self.paths_of[circle]:
            found |= self.members[path]
        return frozenset(found)

    def distances(self, start: str) -> dict[str, int]:
        """Out-of-path range from ``start`` to every circle."""
        return _bfs(start, self.neighbours, lambda _c: True)

    def range_between(self, a: str, b: str) -> int:
        return self.distances(a).get(b, 10**6)

    def grenade_targets(self, thrower: str, reach: int) -> dict[str, int]:
        """Circles a grenade thrown from ``thrower`` can land on, with their range."""
        mates = self.path_mates(thrower)
        inner = _bfs(thrower, self.neighbours, lambda c: c in mates, limit=reach - 1)
        targets: dict[str, int] = {thrower: 0}
        for circle, steps in inner.items():
            targets[circle] = min(targets.get(circle, steps), steps)
            if steps + 1 <= reach:
                for nxt in self.neighbours[circle]:
                    if nxt not in targets or targets[nxt] > steps + 1:
                        targets[nxt] = steps + 1
        return targets

    def entry_cost(self, circle: str, rubble: Iterable[str] = ()) -> tuple[int, int]:
        """(points needed to enter ``circle``, net points spent) after its Movement modifier.

        Entering costs one point; each red Movement icon costs one more, each green icon
        gives one back once entered (so one green icon is free and two gain a point). You
        must hold the full price before stepping in: two for a one-icon red circle, one
        for any other circle.
        """
        modifier = self.map.circle(circle).modifier
        if modifier is None or modifier.stat != Stat.MOVEMENT or circle in set(rubble):
            return 1, 1
        net = 1 - modifier.amount
        return max(1, net), net

    def routes(
        self,
        start: str,
        points: int,
        blocked: frozenset[str],
        rubble: frozenset[str] = frozenset(),
    ) -> dict[str, tuple[int, tuple[str, ...]]]:
        """The best route to every circle reachable with ``points`` movement points.

        Returns circle -> (points left on arrival, route). ``blocked`` circles (enemies) are
        never entered. The best route leaves the most points; ties go to fewer steps, then
        to the alphabetically first route, so a destination always gets the same route.
        Each circle is settled once, so green circles cannot be farmed in loops.
        """
        best: dict[str, tuple[int, tuple[str, ...]]] = {start: (points, ())}
        heap: list[tuple[int, int, tuple[str, ...], str]] = [(-points, 0, (), start)]
        settled: set[str] = set()
        while heap:
            negative, steps, route, circle = heapq.heappop(heap)
            if circle in settled:
                continue
            settled.add(circle)
            left = -negative
            for nxt in sorted(self.neighbours[circle]):
                if nxt in blocked or nxt in settled:
                    continue
                need, net = self.entry_cost(nxt, rubble)
                if left < need:
                    continue
                remaining = left - net
                new_route = (*route, nxt)
                known = best.get(nxt)
                if known is None or (-remaining, len(new_route), new_route) < (
                    -known[0],
                    len(known[1]),
                    known[1],
                ):
                    best[nxt] = (remaining, new_route)
                    heapq.heappush(heap, (-remaining, steps + 1, new_route, nxt))
        return best


def _bfs(
    start: str,
    neighbours: dict[str, frozenset[str]],
    may_pass: object,
    limit: int | None = None,
) -> dict[str, int]:
    """Fewest steps from ``start``; only circles accepted by ``may_pass`` are expanded."""
    assert callable(may_pass)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        circle = queue.popleft()
        if limit is not None and seen[circle] >= limit:
            continue
        for nxt in sorted(neighbours[circle]):
            if nxt in seen or not may_pass(nxt):
                continue
            seen[nxt] = seen[circle] + 1
            queue.append(nxt)
    return seen


_RECENT: ByIdentity[MapDef, Board] = ByIdentity(32)


def board_of(map_def: MapDef) -> Board:
    """The graph of ``map_def``; the same map object is looked up without hashing it."""
    return _RECENT.get(map_def) or _RECENT.put(map_def, _board_of(map_def))


@lru_cache(maxsize=16)
def _board_of(map_def: MapDef) -> Board:
    neighbours: dict[str, set[str]] = {c.id: set() for c in map_def.circles}
    for a, b in map_def.adjacency:
        neighbours[a].add(b)
        neighbours[b].add(a)
    members: dict[str, set[str]] = {p.id: set() for p in map_def.paths}
    for circle in map_def.circles:
        for path in circle.paths:
            members[path].add(circle.id)
    return Board(
        map=map_def,
        neighbours={c: frozenset(n) for c, n in neighbours.items()},
        paths_of={c.id: frozenset(c.paths) for c in map_def.circles},
        members={p: frozenset(m) for p, m in members.items()},
        feature_neighbours={f.id: frozenset(f.adjacent) for f in map_def.features},
    )
