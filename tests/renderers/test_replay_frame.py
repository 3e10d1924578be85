"""The animated replay's pictures: the caption strip keeps what matters when lines do not
fit, letters only what the font draws, and the GIF gives back every frame exactly as its
palette shows it while storing only what changed."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from renderers.animated_gif import AnimatedGif, frame_count, gif_bytes, shared_palette
from renderers.replay_frame import (
    CAPTION_ROWS,
    FRAME_WIDTH,
    CaptionLine,
    caption_rows,
    frame_layout,
    frame_picture,
    shown_text,
)

MORE = "... and {count} more lines"


def board(size: tuple[int, int] = (1400, 900), mark: tuple[int, int] | None = None) -> bytes:
    """A flat board picture with a few shapes, and a piece at ``mark``."""
    picture = Image.new("RGB", size, (236, 228, 208))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((100, 100, 600, 400), fill=(60, 110, 170), outline=(20, 20, 20), width=6)
    draw.ellipse((800, 300, 1100, 600), fill=(200, 80, 60))
    if mark is not None:
        x, y = mark
        draw.ellipse((x - 30, y - 30, x + 30, y + 30), fill=(240, 200, 40), outline=(0, 0, 0))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def test_the_layout_fits_the_widest_and_tallest_board_and_never_enlarges() -> None:
    wide = frame_layout([(1400, 900), (1400, 960)])
    assert wide.width == FRAME_WIDTH and wide.scale == FRAME_WIDTH / 1400
    assert wide.board_height == round(960 * wide.scale)
    tall = frame_layout([(934, 1705)])
    assert tall.scale == FRAME_WIDTH / 1705 and tall.board_height == FRAME_WIDTH
    small = frame_layout([(500, 300)])
    assert small.scale == 1.0 and small.board_height == 300
    # the lettering reads at phone width: about 13 pixels when shown 400 pixels wide
    assert wide.text_size * 400 / wide.width >= 12


def test_every_line_shows_when_it_fits() -> None:
    layout = frame_layout([(1400, 900)])
    lines = [CaptionLine("Rook Calloway activates (7 movement)."), CaptionLine("Bravo to act.")]
    rows = caption_rows(lines, layout, MORE)
    assert [row.text for row in rows] == [line.text for line in lines]


def test_details_go_first_then_a_row_counts_what_is_left_out() -> None:
    layout = frame_layout([(1400, 900)])
    lines = [
        CaptionLine("Hesper Vane attacks Prefect Isolde Varga with Hexwood Staff."),
        CaptionLine("Attack roll: 4 dice vs 5+ = 3 successes", detail=True),
        CaptionLine("Shock roll: 4 dice vs 5+ = 1 wound", detail=True),
        CaptionLine("Prefect Isolde Varga takes 1 wound."),
        CaptionLine("Bravo spends 1 CP on counterattack."),
        CaptionLine("Hesper Vane's activation ends."),
    ]
    rows = caption_rows(lines, layout, MORE)
    texts = [row.text for row in rows]
    assert len(rows) == CAPTION_ROWS
    assert "Attack roll" not in " ".join(texts) and "takes 1 wound" in " ".join(texts)
    # the earliest details go first: the roll before the wound it caused
    wounded = [
        CaptionLine("Grey Legionary attacks Captain Odile Marchetti."),
        CaptionLine("Attack roll: 6 dice vs 5+ = 3 successes", detail=True),
        CaptionLine("Captain Odile Marchetti takes 2 wounds.", detail=True),
        CaptionLine("Grey Legionary's activation ends."),
        CaptionLine("Alpha to activate a character."),
    ]
    texts = [row.text for row in caption_rows(wounded, layout, MORE)]
    assert texts == [line.text for n, line in enumerate(wounded) if n != 1]
    # six lines, one detail still too many: three shown whole, then the count of the rest
    many = lines + [CaptionLine(f"Line {n} of many.") for n in range(6)]
    rows = caption_rows(many, layout, MORE)
    assert len(rows) == CAPTION_ROWS
    assert rows[-1].text == MORE.format(count=len(many) - (CAPTION_ROWS - 1))


def test_the_games_end_shows_first_whatever_else_is_left_out() -> None:
    layout = frame_layout([(1400, 900)])
    lines = [CaptionLine(f"A3 moves 3.0 inches, line {n}.") for n in range(6)]
    lines.append(CaptionLine("Game over - Alpha won (annihilation).", key=True))
    rows = caption_rows(lines, layout, MORE)
    assert rows[0].text == "Game over - Alpha won (annihilation)."
    assert rows[-1].text == MORE.format(count=4)


def test_a_long_line_wraps_onto_two_rows_at_most() -> None:
    layout = frame_layout([(1400, 900)])
    route = " -> ".join(f"square{n}" for n in range(60))
    rows = caption_rows([CaptionLine(f"Grey Legionary moves {route}.")], layout, MORE)
    assert len(rows) == 2 and rows[1].text.endswith("...")


def test_pictographs_the_font_lacks_are_left_out_not_boxed() -> None:
    assert (
        shown_text("🎲 ⚔️ Hesper Vane attacks → hn2 — hard") == "Hesper Vane attacks -> hn2 - hard"
    )


def test_frames_have_one_size_and_the_caption_under_the_board() -> None:
    layout = frame_layout([(1400, 900), (1300, 960)])
    rows = caption_rows([CaptionLine("A line.")], layout, MORE)
    first = frame_picture(board((1400, 900)), "Round 1 · #5 · 1/2", rows, layout)
    second = frame_picture(board((1300, 960)), "Round 1 · #6 · 2/2", rows, layout)
    assert first.size == second.size == layout.size
    strip = first.crop((0, layout.board_height, layout.width, first.height))
    assert strip.getpixel((2, 2)) == (32, 36, 44)  # the strip, under the board
    assert len(strip.getcolors(100_000) or []) > 2  # lettering on it


def test_the_gif_gives_back_every_frame_and_stores_only_what_changed() -> None:
    layout = frame_layout([(1400, 900)])
    frames = []
    for n in range(6):
        rows = caption_rows([CaptionLine(f"Step {n}: the piece moves.")], layout, MORE)
        picture = board(mark=(200 + 150 * n, 700))
        frames.append(frame_picture(picture, f"Round 1 · #{n} · {n + 1}/6", rows, layout))
    palette = shared_palette(frames[::2])
    data = gif_bytes([(frame, 1500) for frame in frames], palette)
    assert frame_count(data) == 6
    with Image.open(io.BytesIO(data)) as gif:
        for n, frame in enumerate(frames):
            gif.seek(n)
            assert gif.info["duration"] == 1500
            shown = gif.convert("RGB")
            expected = frame.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
            assert ImageChops.difference(shown, expected).getbbox() is None, n
    # a frame where a piece moved and the caption changed costs a fraction of a whole one
    whole = AnimatedGif(palette)
    whole.add(frames[0], 1500)
    assert len(data) < whole.size * 2
