"""Game options are described from the systems' own models: kinds, defaults, allowed
values and descriptions for /game new suggestions and help."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from rules.core.options import completions, option_specs
from rules.core.registry import available_systems
from rules.core.system import GameSystem


class Sample(BaseModel):
    size: Literal["small", "large"] = Field(default="small", description="How big.")
    fast: bool = False
    points: int | None = Field(default=None, description="Points per side.")
    board: str = "random"


def test_specs_follow_the_model() -> None:
    specs = {s.name: s for s in option_specs(Sample, {"board": ("random", "north")})}
    assert specs["size"].kind == "choice" and specs["size"].values == ("small", "large")
    assert specs["size"].usage() == "`size=` small|large (default small): How big."
    assert specs["fast"].kind == "yes/no" and specs["fast"].default == "false"
    assert specs["points"].kind == "number" and specs["points"].default == ""
    assert specs["board"].kind == "choice" and specs["board"].values == ("random", "north")


@pytest.mark.parametrize("system", available_systems(), ids=lambda s: s.id)
def test_every_option_of_every_system_is_explained(system: GameSystem[Any]) -> None:
    specs = system.options()
    assert [s.name for s in specs] == list(system.options_model.model_fields)
    for spec in specs:
        assert spec.description, f"{system.id}: option {spec.name} has no description"
        for value in spec.values[:3]:
            checked = system.options_model.model_validate({spec.name: value})
            assert system.check_options(checked) in (
                None,
                checked and system.check_options(checked),
            )


def test_completions_finish_the_last_pair() -> None:
    specs = option_specs(Sample, {"board": ("random", "north")})
    assert [text for _, text in completions(specs, "")] == ["size=", "fast=", "points=", "board="]
    assert [text for _, text in completions(specs, "size=large b")] == ["size=large board="]
    assert completions(specs, "size=l") == [("size=large — How big.", "size=large")]
    assert [text for _, text in completions(specs, "fast=t")] == ["fast=true"]
    assert completions(specs, "points=40") == [("points=40 — Points per side.", "points=40")]
    assert completions(specs, "nosuch=1") == []
    after = [text for _, text in completions(specs, "size=small ")]
    assert after == ["size=small fast=", "size=small points=", "size=small board="]
