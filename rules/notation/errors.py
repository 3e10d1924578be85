"""The single error type of the dice notation, and a caret renderer for showing it."""

from __future__ import annotations


class NotationError(ValueError):
    """A roll command that cannot be parsed or rolled.

    ``position`` is a 0-based index into the original command text (it may equal the
    text's length when something is missing at the end) and ``message`` is a sentence
    meant for the player, such as ``expected a number of sides after 'd'``.
    """

    def __init__(self, message: str, position: int, text: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.text = text

    def __str__(self) -> str:
        return f"{self.message} (at position {self.position})"

    def render(self, text: str | None = None, *, width: int = 60) -> str:
        """The command text with a caret under the problem (see :func:`render_caret`).

        Meant for a monospaced block below :attr:`message`. ``text`` defaults to the
        command the error came from, which :func:`~rules.notation.parse_command` and the
        roll functions always record; with no text at all the message is returned.
        """
        source = self.text if text is None else text
        if source is None:
            return self.message
        return render_caret(source, self.position, width=width)


def render_caret(text: str, position: int, *, width: int = 60) -> str:
    """Two lines: ``text`` (windowed to about ``width`` characters) and a ``^`` under it.

    Line breaks, tabs and other unprintable characters are shown as spaces so the caret
    lines up in a monospaced block, and backticks as ``ˋ`` so the text cannot close a
    Discord code block. Characters that display double-width are not accounted for.
    """
    width = max(width, 10)
    position = min(max(position, 0), len(text))
    shown = "".join(("ˋ" if ch == "`" else ch) if ch.isprintable() else " " for ch in text)
    start, end = 0, len(shown)
    if end > width:
        start = max(0, min(position - width // 2, end - width))
        end = start + width
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(shown) else ""
    line = f"{prefix}{shown[start:end]}{suffix}"
    caret = " " * (len(prefix) + position - start) + "^"
    return f"{line}\n{caret}"
