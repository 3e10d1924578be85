"""Loading trusted JSON without validation builds exactly what validation builds."""

from __future__ import annotations

import json
from enum import IntEnum, StrEnum
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rules.core import trusted
from rules.core.registry import available_systems
from rules.core.system import GameSystem
from rules.geometry.pieces import Area, Height, Table, Terrain


class Shade(StrEnum):
    DARK = "dark"
    LIGHT = "light"


class Size(IntEnum):
    SMALL = 1
    LARGE = 2


class Leaf(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["leaf"] = "leaf"
    name: str
    shade: Shade = Shade.DARK
    size: Size | None = None
    spot: tuple[float, float] = (0.0, 0.0)


class Branch(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["branch"] = "branch"
    grows: tuple[Branch, ...] = ()
    leaves: dict[str, Leaf] = Field(default_factory=dict)


Part = Annotated[Leaf | Branch, Field(discriminator="kind")]


class Tree(BaseModel):
    model_config = ConfigDict(frozen=True)

    parts: tuple[Part, ...] = ()
    crown: Part | None = None
    rings: dict[str, tuple[tuple[int, int], ...]] = Field(default_factory=dict)
    notes: dict[str, object] = Field(default_factory=dict)


class Shouting(BaseModel):
    """A field validator changes what is loaded: such a model is still validated."""

    word: str

    @field_validator("word")
    @classmethod
    def _loud(cls, value: str) -> str:
        return value.upper()


class Holder(BaseModel):
    said: tuple[Shouting, ...] = ()


TREE = Tree(
    parts=(
        Leaf(name="a", shade=Shade.LIGHT, size=Size.LARGE, spot=(1.0, 2.5)),
        Branch(grows=(Branch(leaves={"x": Leaf(name="x")}),)),
    ),
    crown=Leaf(name="top"),
    rings={"old": ((1, 2), (3, 4))},
    notes={"any": [1, {"b": None}]},
)


def same(model: type[BaseModel], text: str) -> BaseModel:
    validated = model.model_validate_json(text)
    loaded = trusted.load(model, json.loads(text))
    assert loaded == validated and validated == loaded
    assert loaded.model_dump_json() == validated.model_dump_json()
    assert loaded.model_fields_set == validated.model_fields_set
    assert type(loaded) is type(validated)
    return loaded


def test_nested_models_unions_enums_tuples_and_dicts_load_as_validated() -> None:
    loaded = same(Tree, TREE.model_dump_json())
    assert isinstance(loaded, Tree)
    leaf = loaded.parts[0]
    assert isinstance(leaf, Leaf) and leaf.shade is Shade.LIGHT and leaf.size is Size.LARGE
    assert isinstance(loaded.parts[1], Branch) and isinstance(loaded.parts[1].grows, tuple)
    assert loaded.rings["old"] == ((1, 2), (3, 4)) and isinstance(loaded.rings["old"][0], tuple)
    assert hash(leaf) == hash(TREE.parts[0])


def test_floats_written_as_whole_numbers_load_as_floats() -> None:
    loaded = same(Leaf, '{"kind": "leaf", "name": "n", "spot": [1, 2]}')
    assert isinstance(loaded, Leaf) and loaded.spot == (1.0, 2.0)
    assert all(type(v) is float for v in loaded.spot)


def test_left_out_fields_take_their_defaults_and_are_not_marked_set() -> None:
    loaded = same(Tree, '{"crown": {"kind": "branch"}}')
    assert loaded.model_fields_set == {"crown"}
    assert isinstance(loaded, Tree) and loaded.rings == {} and loaded.crown == Branch()


def test_terrain_areas_load_with_their_polygons() -> None:
    table = Table(
        areas=(
            Area(
                id="pond",
                points=((0, 0), (500, 0), (500, 400)),
                classes=(Terrain.DIFFICULT, Terrain.COVER),
                height=Height.LOW,
            ),
        )
    )
    loaded = same(Table, table.model_dump_json())
    assert isinstance(loaded, Table)
    area = loaded.areas[0]
    assert area.classes == (Terrain.DIFFICULT, Terrain.COVER) and area.height is Height.LOW
    assert area.polygon.equals(table.areas[0].polygon) and area.blocks_movement is False


def test_models_whose_validators_change_data_are_still_validated() -> None:
    loaded = same(Holder, '{"said": [{"word": "hush"}]}')
    assert isinstance(loaded, Holder) and loaded.said[0].word == "HUSH"


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"parts": [{"kind": "twig"}]}',
        '{"parts": [{"kind": "leaf"}]}',  # a leaf needs its name
        '{"crown": {"kind": "leaf", "name": "n", "colour": "red"}}',  # a leaf forbids extras
        '{"parts": 5}',
        '{"crown": "top"}',
    ],
)
def test_data_of_another_shape_is_refused(text: str) -> None:
    with pytest.raises(trusted.Mismatch):
        trusted.load(Tree, json.loads(text))
    with pytest.raises(ValidationError):
        Tree.model_validate_json(text)


class Loose(BaseModel):
    """``1 == True`` in Python: a field of any JSON value is never reused."""

    model_config = ConfigDict(frozen=True)

    note: object = None
    amount: int | bool = 0


class Game(BaseModel):
    model_config = ConfigDict(frozen=True)

    trees: dict[str, Branch] = Field(default_factory=dict)
    forest: Tree = Tree()  # a tree may note anything: never reused
    crown: Leaf | None = None
    loose: Loose = Loose()
    turn: int = 0


def test_loading_again_reuses_what_reads_the_same_and_rebuilds_the_rest() -> None:
    again = trusted.Recalling(Game)
    big = Branch(grows=(Branch(),), leaves={"x": Leaf(name="x", size=Size.SMALL)})
    first = Game(trees={"a": big, "b": Branch()}, crown=Leaf(name="c"), loose=Loose(note=1))
    first = first.model_copy(update={"forest": TREE})
    second = first.model_copy(update={"trees": {"a": big, "b": Branch(grows=(Branch(),))}})
    third = second.model_copy(update={"loose": Loose(note=True), "turn": 3})
    loaded = [again.load(json.loads(g.model_dump_json())) for g in (first, second, third)]
    for game, built in zip((first, second, third), loaded, strict=True):
        assert built == game and game == built
        assert built.model_dump_json() == game.model_dump_json()
    assert loaded[1].trees["a"] is loaded[0].trees["a"]  # read the same: reused
    assert loaded[1].trees["b"] is not loaded[0].trees["b"]
    assert loaded[1].crown is loaded[0].crown
    assert loaded[2].loose.note is True and loaded[1].loose.note == 1  # never reused
    assert loaded[1].forest is not loaded[0].forest


def test_loading_again_refuses_data_of_another_shape() -> None:
    again = trusted.Recalling(Game)
    again.load(json.loads(Game(trees={"a": Branch()}).model_dump_json()))
    for text in ('{"trees": [], "crown": null, "loose": {}, "turn": 1}', "[]"):
        with pytest.raises(trusted.Mismatch):
            again.load(json.loads(text))


@pytest.mark.parametrize("system", available_systems(), ids=lambda s: s.id)
def test_every_state_model_loads_without_validation(system: GameSystem[Any]) -> None:
    # a field validator on a state (say, to read an old snapshot form) would make every
    # load validate again; old forms are read through upcast and rebuilt from the log
    assert not trusted.needs_validation(system.state_model), system.id
