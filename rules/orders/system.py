"""The square-grid order-tile game (source 002) as one system."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from rules.core.actions import Action
from rules.core.choices import ActionChoice
from rules.core.events import Event, GameEnded
from rules.core.language import Language
from rules.core.prompts import Prompt
from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.core.secrets import Secret
from rules.core.sheets import Sheet, SheetEntry
from rules.core.system import GameSystem, TurnStatus
from rules.core.tallies import Tally
from rules.core.visibility import Viewer
from rules.grid.scene import GridScene
from rules.orders import events as ev
from rules.orders import secrets as hidden
from rules.orders.actions import ACTIONS
from rules.orders.choices import legal
from rules.orders.content.catalog import Catalog
from rules.orders.content.loading import load_catalog
from rules.orders.flow import Flow
from rules.orders.fold import evolve
from rules.orders.greedy import choose
from rules.orders.narrate import describe
from rules.orders.notation import VERBS, parse, verbs_now
from rules.orders.options import OrdersOptions
from rules.orders.picture import orders_scene
from rules.orders.play import decide
from rules.orders.present import prompts, status
from rules.orders.seats import SEAT_SPECS
from rules.orders.setup import generator_for, set_game
from rules.orders.sheets import entries as sheet_entries
from rules.orders.sheets import sheet as card
from rules.orders.state import OrdersFrame, OrdersState
from rules.orders.tallies import tallies
from rules.orders.view import OrdersView, view

BOARD_EVENTS = (ev.GameSet, ev.MarkersRevealed, ev.TurnBegan, ev.RoundEnded, GameEnded)


class OrdersSystem(GameSystem[OrdersState]):
    id = "orders"
    name = "Order Tiles"
    # 2: the state keeps the last activated character's walk (``trail``) for the picture;
    # a game saved before is rebuilt from its log, so its walk is drawn at once
    rules_version = "2"
    seat_specs = SEAT_SPECS
    min_seats = 2
    options_model = OrdersOptions
    verbs = VERBS
    help_text = (
        "**Order Tiles** — `/game new system:orders` for 2-4 players on a generated indoor"
        " complex: `turns=` (6), `levels=` (1; 2 adds an upper floor reached by stairs, squares"
        " like `C7@1`), `bid_minutes=` (720). Deploy face down in turn: `deploy A1"
        " at C7`, `deploy decoy at D9`; then `face A1 north`. Each turn you draw order tiles"
        " to 5 and receive CP behind your screen (your DMs show both). On your activation"
        " round: `activate A1 [tile]`, then `assign <tile>` and orders: `move to C9 [face"
        " east] [cp 2] [with A2 to C8]`, `shoot B1 [aim 1] [pour 1]`, `fight B1 [cp 2] [with"
        " A2]`, `fight door east`, `capture B2`, `torture`, `search [in <room>] [cp 2] [with"
        " A2]` (then `cycle`, `flip`, `shuffle`, `take`, `stop` by DM), `interact <thing>"
        " [line n] [on A2]`, `ability <name>`, `give <item> to A2`, `pick up <item>`, `exit`;"
        " then `done`. Or `buy` (1 CP for a tile), `take <tile>` (2 CP from the discard pile)"
        " or `pass`; the turn ends when everybody passes in succession. When a walking"
        " character may be interrupted your DM asks: `interrupt B2 bid 2` or `let pass`; a"
        " duel asked against you is answered `bid <n> [face <side>]`; with 3-4 players"
        " `demand initiative bid <n>` each turn. Spy points: `spy mp|deck|mission`; a"
        " scrambler ON asks for `radio B1 scrambled, ...`. Your secret missions score when"
        " fulfilled; after turn 6 the most MP wins. `/rules system:orders` explains every"
        " rule."
    )
    reference = Path(__file__).with_name("reference")
    state_model = OrdersState
    frame_adapter = TypeAdapter(OrdersFrame)
    event_adapter = TypeAdapter(ev.OrdersEvent)
    action_adapter = ACTIONS
    narrates_dice = False

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or load_catalog()

    def check_start(self, options: BaseModel, seats: tuple[str, ...]) -> str | None:
        if not 2 <= len(seats) <= 4:
            return "The order-tile game takes 2, 3 or 4 players."
        return None

    def initial_state(self, options: BaseModel, seats: tuple[str, ...]) -> OrdersState:
        assert isinstance(options, OrdersOptions)
        return OrdersState(seats=seats, options=options, turns=options.turns)

    def begin(self, state: OrdersState, roller: Roller) -> list[Event]:
        flow = Flow(state, roller, self.catalog)
        set_game(flow, generator_for(flow))
        return flow.events

    def parse_notation(self, text: str, state: OrdersState, seat: str) -> Action | Rejection:
        return parse(text, state, self.catalog, seat)

    def verbs_now(self, state: OrdersState, seat: str) -> tuple[str, ...]:
        return verbs_now(state, seat)

    def decide(
        self, state: OrdersState, seat: str, action: Action, roller: Roller
    ) -> list[Event] | Rejection:
        flow = Flow(state, roller, self.catalog)
        problem = decide(flow, seat, action)
        return problem if problem is not None else flow.events

    def evolve(self, state: OrdersState, event: Event) -> OrdersState:
        return evolve(state, event)

    def legal_actions(self, state: OrdersState, seat: str) -> list[ActionChoice]:
        return legal(state, self.catalog, seat)

    def prompts(self, state: OrdersState) -> list[Prompt]:
        return prompts(state, self.catalog)

    def status(self, state: OrdersState) -> TurnStatus:
        return status(state)

    def tallies(self, state: OrdersState) -> tuple[Tally, ...]:
        return tallies(state)

    def sheets(
        self, state: OrdersState | None, viewer: Viewer, language: Language = Language.ENGLISH
    ) -> list[SheetEntry]:
        return sheet_entries(state, viewer, self.catalog)

    def sheet(
        self,
        state: OrdersState | None,
        viewer: Viewer,
        key: str,
        language: Language = Language.ENGLISH,
    ) -> Sheet | None:
        return card(state, viewer, key, self.catalog)

    def round_number(self, state: OrdersState) -> int | None:
        return state.turn or None

    def view(self, state: OrdersState, viewer: Viewer) -> OrdersView:
        return view(state, viewer)

    def scene(self, view: BaseModel) -> GridScene:
        assert isinstance(view, OrdersView)
        return orders_scene(view)

    def board_after(self, events: list[Event]) -> bool:
        """A picture once the map is built, at the reveal, each turn's start, after every
        activation round (not a pass) and at the end."""
        return any(
            isinstance(e, BOARD_EVENTS) and not (isinstance(e, ev.RoundEnded) and e.passed)
            for e in events
        )

    def automatic_action(
        self,
        state: OrdersState,
        seat: str,
        choices: Sequence[ActionChoice],
        rnd: random.Random,
        randomness: float = 0.0,
    ) -> str | None:
        return choose(state, choices, rnd, randomness)

    def secrets(self, state: OrdersState, log: Sequence[Event]) -> list[Secret]:
        return hidden.secrets(state, log)

    def disguise(self, state: OrdersState) -> OrdersState | None:
        return hidden.disguise(state)

    def describe(self, event: Event, state: OrdersState | None = None) -> str | None:
        return describe(event)
