"""IPS lines as data: timing, conditions, chance, threshold and effect ([11.1]).

A line is read left to right: *when* it may be used (``timing``), what must hold or be
paid first (``conditions``), which dice are rolled (``chance``), how many test points
succeed (``threshold``) and what then happens (``effect``). A line without a chance has
no test: its effect happens whenever the timing and conditions hold ([11.1]: "automatic").
A line with ``timer`` puts that many time counters on the component when it succeeds;
one comes off in each Final phase and the effect happens when the last one does ([11.5]).

Every part is a closed vocabulary, each entry a ``kind`` with its own parameters, so a
mistyped pack is refused with the part named.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.core.content import ContentModel, Ident, Text
from rules.orders.content.terms import DieColour, Side, TestKind

Timing = Literal["interact", "ability", "initiative", "final", "enter_square", "passive"]
"""``interact``: with an Interact order ([11.2]); ``ability``: a special ability of the
activated (or interrupting) character, CP paid onto its card ([14]); ``initiative``: in
step 03 of the Initiative phase; ``final``: in step 06 of the Final phase; ``enter_square``:
when a character enters the component's square (a mine); ``passive``: always in force
while the component is carried or standing (no roll, no CP)."""


# --- conditions ---------------------------------------------------------------------------


class SpendCp(ContentModel):
    """Pay at least ``cp`` CP (on an Interact section, or on the card for an ability)."""

    kind: Literal["spend_cp"]
    cp: int = Field(ge=1, le=6, description="The least CP to pay.")


class Carry(ContentModel):
    """The character carries the item whose line this is."""

    kind: Literal["carry"]


class OnFacingIcon(ContentModel):
    """The character stands on one of the element's facing icons, facing its way."""

    kind: Literal["on_facing_icon"]


class InRoom(ContentModel):
    """The character stands anywhere in the room whose line this is, facing anywhere."""

    kind: Literal["in_room"]


class ImmediatelyFacing(ContentModel):
    """The character is adjacent to and facing a ``target`` of this sort."""

    kind: Literal["immediately_facing"]
    target: Literal["cadaver", "character", "door", "wall", "element"]


class FactionIs(ContentModel):
    """Only characters of this side may use the line."""

    kind: Literal["faction"]
    side: Side


class Powered(ContentModel):
    """The room (or the whole building) has power ([11.6])."""

    kind: Literal["powered"]


class StateIs(ContentModel):
    """The component is switched ``state`` (ON/OFF, [11.4])."""

    kind: Literal["state"]
    state: Literal["on", "off"]


class HoldsPrisoner(ContentModel):
    """The character carries a prisoner ([17.3])."""

    kind: Literal["holds_prisoner"]


Condition = Annotated[
    SpendCp
    | Carry
    | OnFacingIcon
    | InRoom
    | ImmediatelyFacing
    | FactionIs
    | Powered
    | StateIs
    | HoldsPrisoner,
    Field(discriminator="kind"),
]


# --- chance ---------------------------------------------------------------------------------


class DicePool(ContentModel):
    colour: DieColour
    count: int = Field(ge=1, le=8, description="How many dice of that colour.")


class Chance(ContentModel):
    """The dice a test rolls; on an Interact order each CP beyond the least adds one die
    of ``extra_die`` ([11.2] step 04; the first pool's colour when left out)."""

    test: TestKind = Field(description="What the roll tests (for effects that add dice).")
    dice: tuple[DicePool, ...] = Field(min_length=1, max_length=3)
    extra_die: DieColour | None = Field(
        default=None, description="The colour an extra CP adds; the first pool's if unset."
    )

    @property
    def extra_colour(self) -> DieColour:
        return self.extra_die if self.extra_die is not None else self.dice[0].colour


# --- effects --------------------------------------------------------------------------------


class GainCp(ContentModel):
    """Take ``amount`` CP from the Bank behind the screen (or onto the character)."""

    kind: Literal["gain_cp"]
    amount: int = Field(ge=1, le=10)
    to: Literal["screen", "character"] = "screen"


class GainMp(ContentModel):
    kind: Literal["gain_mp"]
    amount: int = Field(ge=1, le=10)


class GainSpyPoints(ContentModel):
    """Spy points, used at once ([12.2])."""

    kind: Literal["gain_spy_points"]
    amount: int = Field(ge=1, le=6)


class Heal(ContentModel):
    """Remove ``amount`` wounds from the character itself or one it immediately faces."""

    kind: Literal["heal"]
    amount: int = Field(ge=1, le=6)
    target: Literal["self", "self_or_facing"] = "self_or_facing"


class Switch(ContentModel):
    """Switch the component ON or OFF ([11.4])."""

    kind: Literal["switch"]
    to: Literal["on", "off"]


class PlaceMarker(ContentModel):
    """Put the item's marker in the character's square and switch the item ON; with
    ``arms_at_final`` the marker is live only from the following Final phase (a mine,
    [24.2]). The item leaves the carrier (its card goes beside the board)."""

    kind: Literal["place_marker"]
    marker: Literal["mine", "charge"]
    arms_at_final: bool = True


class Explode(ContentModel):
    """Resolve the item's area of effect from its marker's square ([09.6])."""

    kind: Literal["explode"]


class DestroyDoor(ContentModel):
    """Destroy the faced door if its defensive value is at most ``max_defence``."""

    kind: Literal["destroy_door"]
    max_defence: int = Field(ge=1, le=10)


class CutBarrier(ContentModel):
    """Destroy the faced door or wall section outright (a cutting tool)."""

    kind: Literal["cut_barrier"]


class Reanimate(ContentModel):
    """Replace a faced cadaver with a new ``into`` character ([22])."""

    kind: Literal["reanimate"]
    into: Ident = Field(description="The id of the character that rises.")


class AddDice(ContentModel):
    """Add dice to the character's rolls of one test kind while the line holds."""

    kind: Literal["add_dice"]
    test: TestKind
    dice: DicePool


class RedAsBlack(ContentModel):
    """The carrier treats its black order sections as red ([24.3])."""

    kind: Literal["black_orders_as_red"]


class NeverOutOfAmmo(ContentModel):
    """The carrier ignores out-of-ammo icons ([24.1])."""

    kind: Literal["never_out_of_ammo"]


class ScrambleRadio(ContentModel):
    """Switch the radio scrambling of the user's side ON or OFF ([15])."""

    kind: Literal["scramble_radio"]
    to: Literal["on", "off"]


class RestorePower(ContentModel):
    """Power returns to the building ([11.6]); power-dependent elements work again."""

    kind: Literal["restore_power"]


class GiveCpToRisen(ContentModel):
    """Each reanimated character in the character's sight receives ``amount`` CP from
    the Bank, which only it may spend, raising its maximum CP per turn as well ([22])."""

    kind: Literal["give_cp_to_risen"]
    amount: int = Field(ge=1, le=6)


Effect = Annotated[
    GainCp
    | GainMp
    | GainSpyPoints
    | Heal
    | Switch
    | PlaceMarker
    | Explode
    | DestroyDoor
    | CutBarrier
    | Reanimate
    | AddDice
    | RedAsBlack
    | NeverOutOfAmmo
    | ScrambleRadio
    | RestorePower
    | GiveCpToRisen,
    Field(discriminator="kind"),
]

NO_ROLL_TIMINGS: frozenset[Timing] = frozenset({"passive", "enter_square"})


class IpsLine(ContentModel):
    """One IPS line (see the module's description)."""

    text: Text = Field(default="", description="The line in words, as players see it.")
    timing: Timing = Field(description="When the line may be used.")
    conditions: tuple[Condition, ...] = Field(
        default=(), max_length=4, description="What must hold or be paid first."
    )
    chance: Chance | None = Field(default=None, description="The dice rolled; none: no test.")
    threshold: int | None = Field(
        default=None, ge=1, le=20, description="Test points needed; only with a chance."
    )
    effect: Effect = Field(description="What happens when the line succeeds.")
    timer: int | None = Field(
        default=None, ge=1, le=6, description="Time counters before the effect happens."
    )

    @model_validator(mode="after")
    def _readable(self) -> IpsLine:
        if (self.chance is None) != (self.threshold is None):
            raise ValueError(
                "an IPS line has both a chance and a threshold (a test) or neither "
                "(an automatic effect)"
            )
        kinds = [c.kind for c in self.conditions]
        if len(set(kinds)) != len(kinds):
            raise ValueError("an IPS line names the same condition twice")
        paid = "spend_cp" in kinds
        if self.timing in ("interact", "ability") and not paid:
            raise ValueError(f"a line used with timing '{self.timing}' needs a spend_cp condition")
        if self.timing in NO_ROLL_TIMINGS and (paid or self.chance is not None):
            raise ValueError(
                f"a line with timing '{self.timing}' happens by itself: no spend_cp, no chance"
            )
        return self

    @property
    def least_cp(self) -> int:
        """The CP the line costs at least (0 when it asks for none)."""
        return next((c.cp for c in self.conditions if isinstance(c, SpendCp)), 0)
