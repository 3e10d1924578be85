"""Square-grid geometry shared by the systems played on a board of squares with walls and
doors between them.

A square is named the way players type it, column letters then row number (``C7``);
columns run west to east from ``A`` and rows north to south from ``1``. Edges between
orthogonally adjacent squares may carry a wall or a door, squares may carry floor
elements, and named rooms group squares. On top of that board sit adjacency, cheapest
paths, facings and arcs, lines of sight and ranges, and the 2 x 2 blocks of large
miniatures; ``scene`` is what a picture of such a board shows. Nothing here knows any
particular game's rules: a system passes in what its rules make of occupants (who blocks a
path, who blocks sight, what a square costs to enter) and turns the answers into its own
refusals.
"""
