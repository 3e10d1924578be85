"""Which drawing draws which type of scene; each renderer package registers its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

SceneT = TypeVar("SceneT", bound=BaseModel)

_DRAWINGS: dict[type[BaseModel], Callable[[Any], bytes]] = {}


def register(scene_type: type[SceneT], drawing: Callable[[SceneT], bytes]) -> None:
    """``drawing`` turns scenes of exactly ``scene_type`` into PNG bytes."""
    _DRAWINGS[scene_type] = drawing


def draw(scene: BaseModel | None) -> bytes | None:
    """PNG bytes of ``scene``, or None when there is no scene (a system without pictures).

    A scene of a type no renderer registered is a mistake in the system that made it.
    """
    if scene is None:
        return None
    drawing = _DRAWINGS.get(type(scene))
    if drawing is None:
        raise TypeError(f"no renderer draws a {type(scene).__name__}")
    return drawing(scene)
