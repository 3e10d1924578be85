"""An export as the files a user downloads: gzip-compressed JSON, split into parts when
even the compressed file is larger than one Discord attachment may be.

A long game's export is tens of megabytes of JSON (about 350 bytes a record for
Tannhäuser, 880 for Wasteland Tactics) but compresses well. Parts are plain slices of the
one ``.json.gz`` file: joined in order (``cat part1 part2 > game.json.gz``) they give it
back, and the verifier in ``docs/fair-dice.md`` reads them either way.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass

from bot.messages import Joined, Message, joined, or_chain, said
from bot.service.errors import UserError
from bot.service.read_models import GameExport
from rules.core.language import Language

# Discord refuses an upload over 10 MiB; parts stay well under it with the message around
PART_BYTES = 9 * 1024 * 1024

# `/game export format:`: gzip-compressed JSON (the default) or the HTML replay viewer
EXPORT_FORMATS = ("json", "html")


def checked_format(name: str | None) -> str:
    """An export format as typed (None: the default), or a refusal naming the choices."""
    if name is None or not name.strip():
        return EXPORT_FORMATS[0]
    chosen = name.strip().lower()
    if chosen not in EXPORT_FORMATS:
        raise UserError(
            said(
                "There is no export format `{name}`: choose {known}.",
                name=name.strip(),
                known=or_chain([f"`{known}`" for known in EXPORT_FORMATS]),
            )
        )
    return chosen


@dataclass(frozen=True, slots=True)
class ExportFile:
    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class PackedExport:
    """An export with the files that carry it and the words that go with them."""

    export: GameExport
    files: list[ExportFile]

    @property
    def note(self) -> str:
        return export_note(self.export, self.files).in_(Language.ENGLISH)

    def note_in(self, language: Language) -> str:
        """What the reply says about the files, in ``language``."""
        return export_note(self.export, self.files).in_(language)


def packed(export: GameExport) -> PackedExport:
    return PackedExport(export, export_files(export))


def export_files(export: GameExport, part_bytes: int | None = None) -> list[ExportFile]:
    """The export compressed, as one file or as numbered parts of ``part_bytes`` at most
    (:data:`PART_BYTES` unless given)."""
    part_bytes = part_bytes or PART_BYTES
    packed = gzip.compress(export.to_json().encode(), compresslevel=9, mtime=0)
    name = f"umpire-game-{export.game_id}.json.gz"
    if len(packed) <= part_bytes:
        return [ExportFile(name, packed)]
    slices = [packed[at : at + part_bytes] for at in range(0, len(packed), part_bytes)]
    count = len(slices)
    return [ExportFile(f"{name}.part{n}-of-{count}", data) for n, data in enumerate(slices, 1)]


def export_note(export: GameExport, files: list[ExportFile]) -> Joined:
    """What the reply says about the files it carries."""
    parts: list[Message] = [
        said(
            "Game #{game} ({records} log records), gzip-compressed JSON.",
            game=export.game_id,
            records=len(export.log),
        )
    ]
    if len(files) > 1:
        parts.append(
            said(
                " It is too large for one Discord file, so it comes in {parts} parts: "
                "join them in order (`cat` on Linux or macOS, `copy /b a+b` on Windows) to "
                "get the `.json.gz` file.",
                parts=len(files),
            )
        )
    if export.seed is None:
        parts.append(said(" Hidden information you may not see is left out."))
    return joined(parts, "")
