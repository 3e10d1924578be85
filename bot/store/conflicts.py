"""The two refusals every store gives a writer that another writer beat to it."""

from __future__ import annotations


class VersionConflict(Exception):
    """Another write reached the game first; reload and try again."""


class ChannelBusy(Exception):
    """The channel already holds an open game."""
