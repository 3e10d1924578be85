"""Measured-table geometry shared by the systems played with a tape measure (001, 003, 004).

Coordinates are whole hundredths of an inch, so positions are exact and every comparison
("within 2 inches", "in base contact") can be made with integers. Nothing here knows any
particular game's rules: systems turn the measurements (distances, crossed terrain, sight
lines) into penalties and refusals of their own.
"""
