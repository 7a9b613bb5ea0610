"""Draws static/img/og-card.png (the link preview picture) with the standard library only."""

import struct
import zlib
from pathlib import Path

WIDTH, HEIGHT = 1200, 630
BACKGROUND = (247, 245, 240)
WOOD = (180, 80, 15)
WHITE_BALL = (255, 255, 255)
BLACK_BALL = (31, 29, 26)
BALLS = [
    (430, 400, WHITE_BALL),
    (600, 400, BLACK_BALL),
    (770, 400, WHITE_BALL),
    (515, 250, BLACK_BALL),
    (685, 250, WHITE_BALL),
    (600, 110, BLACK_BALL),
]


def pixel(x: int, y: int) -> tuple[int, int, int]:
    for cx, cy, colour in BALLS:
        distance = (x - cx) ** 2 + (y - cy) ** 2
        if distance <= 70**2:
            return colour
        if distance <= 76**2:
            return WOOD
    if 480 <= y <= 520 and 300 <= x <= 900:
        return WOOD
    return BACKGROUND


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def main() -> None:
    rows = b"".join(
        b"\x00" + bytes(c for x in range(WIDTH) for c in pixel(x, y)) for y in range(HEIGHT)
    )
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    Path(__file__).resolve().parent.parent.joinpath("static/img/og-card.png").write_bytes(png)


if __name__ == "__main__":
    main()
