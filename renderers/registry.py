"""Which drawing draws which type of scene; each renderer package registers its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

SceneT = TypeVar("SceneT", bound=BaseModel)


@dataclass(frozen=True)
class Pictures:
    """A board picture (PNG) and its close-up of what just happened, when the scene shows
    something happening."""

    board: bytes
    closeup: bytes | None = None


_DRAWINGS: dict[type[BaseModel], Callable[[Any], bytes]] = {}
_PICTURES: dict[type[BaseModel], Callable[[Any], Pictures]] = {}


def register(
    scene_type: type[SceneT],
    drawing: Callable[[SceneT], bytes],
    pictures: Callable[[SceneT], Pictures] | None = None,
) -> None:
    """``drawing`` turns scenes of exactly ``scene_type`` into PNG bytes; ``pictures``, when
    the renderer draws close-ups, into the board and its close-up together."""
    _DRAWINGS[scene_type] = drawing
    if pictures is not None:
        _PICTURES[scene_type] = pictures


def _drawing(scene: BaseModel) -> Callable[[Any], bytes]:
    drawing = _DRAWINGS.get(type(scene))
    if drawing is None:
        raise TypeError(f"no renderer draws a {type(scene).__name__}")
    return drawing


def draw(scene: BaseModel | None) -> bytes | None:
    """PNG bytes of ``scene``, or None when there is no scene (a system without pictures).

    A scene of a type no renderer registered is a mistake in the system that made it.
    """
    if scene is None:
        return None
    return _drawing(scene)(scene)


def draw_pictures(scene: BaseModel | None) -> Pictures | None:
    """The board picture of ``scene`` with its close-up (None where there is nothing to
    show close up, or the renderer draws none); None when there is no scene."""
    if scene is None:
        return None
    pictures = _PICTURES.get(type(scene))
    if pictures is None:
        return Pictures(_drawing(scene)(scene))
    return pictures(scene)
