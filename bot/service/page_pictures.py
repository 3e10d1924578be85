"""Board pictures embedded in a page as ``data:`` URIs, PNG or lossless WebP, whichever is
smaller, optionally scaled down to fit a page under an upload limit.

Lossless WebP of a board is about two thirds of its PNG; lossy WebP, even at quality 85,
is larger than either for these flat, sharp-edged pictures, and blurs their labels."""

from __future__ import annotations

import base64
import io

from PIL import Image


def picture_bytes(png: bytes, scale: float = 1.0) -> tuple[str, bytes]:
    """The picture (PNG bytes as drawn) at ``scale`` of its size, as the smaller of PNG and
    lossless WebP: its MIME type and bytes. Lossless, so no label is blurred."""
    with Image.open(io.BytesIO(png)) as opened:
        image = opened.convert("RGBA") if opened.mode not in ("RGB", "RGBA") else opened.copy()
    candidates: list[tuple[str, bytes]] = []
    if scale < 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        # back to a palette after smoothing: the boards are drawn in few colours, and the
        # smoothed edges' many shades would otherwise make the smaller picture larger
        image = image.convert("RGB").resize(size, Image.Resampling.LANCZOS).quantize(256)
        smaller = io.BytesIO()
        image.save(smaller, format="PNG", optimize=True)
        candidates.append(("image/png", smaller.getvalue()))
    else:
        candidates.append(("image/png", png))
    webp = io.BytesIO()
    image.save(webp, format="WEBP", lossless=True, quality=80, method=4)
    candidates.append(("image/webp", webp.getvalue()))
    return min(candidates, key=lambda candidate: len(candidate[1]))


def data_uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
