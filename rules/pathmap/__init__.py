"""Circle-and-path maps shared by the games played on them: movement circles joined by
coloured paths, with walls and doors drawn between them.

Nothing here knows any particular game's rules: a system's own map content builds on
these parts, and its board picture is a :class:`~rules.pathmap.scene.CircleMapScene`.
"""
