"""What a service call produced and who should hear about it."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.messages import Message, said_n
from bot.service.loaded import LoadedGame
from bot.service.table_settings import read_settings
from rules.core.language import Language
from rules.core.prompts import Prompt

YOUR_MOVE = said_n(1, "your move", "your move")
"""Why somebody is mentioned, unless a change says otherwise (messages are frozen: one
serves every outcome)."""


@dataclass(frozen=True, slots=True)
class PromptDelivery:
    """A private prompt to send to one user, tagged with the version it belongs to.

    Its menu or buttons carry ``stamp`` (see :mod:`bot.service.component_stamps`), never
    ``version``, which counts secret records too."""

    user_id: int
    seat: str
    game_id: int
    version: int
    prompt: Prompt
    stamp: str
    deadline: float | None = None  # when Umpire answers for the seat (epoch seconds)
    language: Language = Language.ENGLISH  # the reader's, as they were last seen


@dataclass(slots=True)
class Outcome:
    """The result of a change to a game.

    ``public`` lines go to the channel; ``private`` maps user ids to lines only they may
    see (the caller's lines become an ephemeral reply, anybody else's a DM); ``mentions``
    are the users whose turn it now is; ``board`` asks for a fresh board picture in the
    channel posts and ``picture`` for one on the dashboard (the game's ``posts`` and
    ``board`` settings decide both; see :mod:`bot.service.channel_posts`). The lines are
    worded already (in the language of whoever caused them); ``language`` is the game's,
    for the words nobody in particular asked for, such as ``mention_reason``.
    """

    game_id: int
    channel_id: int
    version: int
    system: str
    guild_id: int | None = None  # the server the game's channel is in
    system_name: str = ""  # the system as players know it
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    mentions: list[int] = field(default_factory=list)
    prompts: list[PromptDelivery] = field(default_factory=list)
    board: bool = False
    picture: bool = False  # a fresh board picture is due (the dashboard shows it)
    withheld: list[str] = field(default_factory=list)  # public lines kept from the channel
    finished: bool = False
    language: Language = Language.ENGLISH  # the game's (see /game settings language:)
    mention_reason: Message = YOUR_MOVE  # for as many as are mentioned
    undo_request: str | None = None  # the others are asked to approve an undo: the stamp
    # its approval button carries (see bot.service.component_stamps)
    readers: dict[int, Language] = field(default_factory=dict)  # the language each user's
    # private lines are in (those not listed: the game's)

    @classmethod
    def of(cls, game: LoadedGame, version: int) -> Outcome:
        """An outcome of ``game`` at ``version`` with nothing to say yet."""
        return cls(
            game_id=game.id,
            channel_id=game.row.channel_id,
            version=version,
            system=game.system.id,
            guild_id=game.row.guild_id,
            system_name=game.system.name,
            language=read_settings(game.row.settings).language,
        )

    def hold_back(self) -> None:
        """Post nothing in the channel (the compact and quiet settings): the public lines
        go to the actor alone, the dashboard and the log tell everybody else."""
        self.withheld, self.public = self.public, []
        self.mentions, self.board = [], False

    def tell(self, user_id: int, line: str, language: Language | None = None) -> None:
        """Tell ``user_id`` privately ``line``, worded in ``language``."""
        self.private.setdefault(user_id, []).append(line)
        if language is not None:
            self.readers[user_id] = language

    def reader_language(self, user_id: int) -> Language:
        """The language ``user_id``'s private lines are in."""
        return self.readers.get(user_id, self.language)
