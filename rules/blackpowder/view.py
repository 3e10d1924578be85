"""What a viewer may see of a black-powder game: the table, every unit on show, every
marker, the discard pile, the pools and how many cards each player holds. A seat sees its
own hand and reserve, its own units under markers and which of its markers are dummies;
the draw pile's order nobody sees (the referee sees everything)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.scenarios import last_turn
from rules.blackpowder.state import Activation, BPState, BPUnit, Marker, Obstacle
from rules.blackpowder.tables.spotting import Weather
from rules.core.visibility import Viewer
from rules.geometry.pieces import Table


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class PlayerView(Frozen):
    seat: str
    force: str
    points: int
    hand_size: int
    reserve_size: int
    hand: tuple[str, ...] | None  # None: not this viewer's to see
    reserve: tuple[str, ...] | None
    dummies: tuple[str, ...] | None = None  # the seat's dummy markers, for it alone


class BlackPowderView(Frozen):
    turn: int
    turns: int
    seats: tuple[str, ...]
    weather: Weather
    table_id: str
    table: Table | None
    terrain: dict[str, str]
    obstacles: tuple[Obstacle, ...]
    go: str | None
    played: bool
    activation: Activation | None
    players: tuple[PlayerView, ...]
    draw_pile_size: int
    discard: tuple[str, ...]
    cards: dict[str, str]  # card -> its name
    card_owner: dict[str, str]
    units: tuple[BPUnit, ...]
    markers: tuple[Marker, ...]
    finished: bool
    winners: tuple[str, ...]
    scenario: ScenarioDef | None = None  # its objectives, zones and each side's aims


def _sees_all(viewer: Viewer, seat: str) -> bool:
    return viewer.referee or viewer.seat == seat


def view(state: BPState, viewer: Viewer) -> BlackPowderView:
    players = tuple(
        PlayerView(
            seat=p.seat,
            force=p.force,
            points=p.points,
            hand_size=len(p.hand),
            reserve_size=len(p.reserve),
            hand=p.hand if _sees_all(viewer, p.seat) else None,
            reserve=p.reserve if _sees_all(viewer, p.seat) else None,
            dummies=tuple(m.id for m in state.dummies_of(p.seat))
            if _sees_all(viewer, p.seat)
            else None,
        )
        for p in state.players
    )
    units = tuple(
        u for u in state.units if u.on_table and (not u.hidden or _sees_all(viewer, u.seat))
    )
    return BlackPowderView(
        turn=state.turn,
        turns=last_turn(state),
        seats=state.seats,
        weather=state.options.weather,
        table_id=state.table_id,
        table=state.table,
        terrain=dict(state.terrain),
        obstacles=state.obstacles,
        go=state.go,
        played=state.played,
        activation=state.activation,
        players=players,
        draw_pile_size=len(state.draw_pile),
        discard=state.discard,
        cards={k: c.name for k, c in state.cards.items()},
        card_owner=dict(state.card_owner),
        units=units,
        markers=state.markers,
        finished=state.finished,
        winners=state.winners,
        scenario=state.scenario,
    )
