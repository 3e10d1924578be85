"""The Tannhäuser public view as a circle-map scene, which the board picture draws.

Only the public view is read, so crate contents and secret picks cannot reach the
picture: the view has already left them out.
"""

from __future__ import annotations

from rules.pathmap.scene import (
    Badge,
    CircleMapScene,
    MapKey,
    SceneCircle,
    SceneFeature,
    SceneMap,
    SceneSide,
    SceneSmoke,
    SceneToken,
    SceneTrail,
)
from rules.tannhauser.content.maps import MapDef, Modifier
from rules.tannhauser.view import TannhauserView

STAT_LETTERS = {"combat": "C", "stamina": "S", "mental": "M", "movement": "Mv"}
KEY = MapKey(
    badges=(Badge(text="C+1", helps=True), Badge(text="Mv-2", helps=False)),
    text="C Combat, S Stamina, M Mental, Mv Movement: green helps, red hinders, one per icon",
)


def tannhauser_scene(view: TannhauserView) -> CircleMapScene:
    """The board as every player sees it."""
    return CircleMapScene(
        title=view.map.name if view.map is not None else "Tannhauser",
        phase=view.phase,
        turn=view.turn,
        map=_map(view.map) if view.map is not None else None,
        key=KEY,
        sides=tuple(
            SceneSide(
                seat=side.seat,
                label=side.label,
                faction_name=side.faction_name,
                colour=side.colour,
                command_points=side.command_points,
                entry_points=side.entry_points,
            )
            for side in view.sides
        ),
        tokens=tuple(
            SceneToken(
                seat=token.seat,
                name=token.name,
                short=token.short,
                circle=token.circle,
                row=token.row,
                rows=token.rows,
                dead=token.dead,
                activated=token.activated,
                overwatch=token.overwatch,
                active=token.active,
            )
            for token in view.tokens
        ),
        crates=view.crates,
        smoke=tuple(SceneSmoke(circle=s.circle, turns_left=s.turns_left) for s in view.smoke),
        smoky_circles=view.smoky_circles,
        rubble=view.rubble,
        ground={circle: len(items) for circle, items in view.ground.items()},
        initiative=view.initiative,
        first_activator=view.first_activator,
        finished=view.finished,
        winners=view.winners,
        trail=SceneTrail.model_validate(view.trail.model_dump()),
    )


def modifier_badge(modifier: Modifier) -> Badge:
    """``C+2`` for two green Combat icons, ``Mv-1`` for one red Movement icon."""
    sign = "+" if modifier.colour == "green" else "-"
    text = f"{STAT_LETTERS.get(str(modifier.stat), '?')}{sign}{modifier.icons}"
    return Badge(text=text, helps=modifier.colour == "green")


def _map(game_map: MapDef) -> SceneMap:
    return SceneMap(
        paths=game_map.paths,
        circles=tuple(
            SceneCircle(
                id=circle.id,
                x=circle.x,
                y=circle.y,
                paths=circle.paths,
                entry=circle.entry,
                modifier=modifier_badge(circle.modifier) if circle.modifier else None,
            )
            for circle in game_map.circles
        ),
        adjacency=game_map.adjacency,
        features=tuple(
            SceneFeature(
                id=feature.id,
                kind=feature.kind,
                x=feature.x,
                y=feature.y,
                adjacent=feature.adjacent,
                grade=feature.grade,
                label=feature.label,
            )
            for feature in game_map.features
        ),
        walls=game_map.walls,
        doors=game_map.doors,
    )
