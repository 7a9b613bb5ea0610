"""Draws the invitation pictures of shared room links: static/img/invite/<lang>/<slug>.png.

    .venv/bin/python -m tools.make_invite_cards

One 1200×630 PNG per game and language (messengers do not show SVG previews): the game's board
on the left, drawn by games/board_svg.py in the play pages' look (the 3D board: its pegs and
balls seen from above at an angle), and on the right the invitation's own words
(rooms/invitation.py) in that language. Chromium renders the page (Debian's /usr/bin/chromium
through Playwright, as the browser tests do; fonts-noto-cjk for the three scripts). The PNGs
are committed; run this again after changing the words, the board look or a translation.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FONTS = {
    "ko": '"Noto Sans CJK KR", "Noto Sans KR", sans-serif',
    "ja": '"Noto Sans CJK JP", "Noto Sans JP", sans-serif',
    "zh-hans": '"Noto Sans CJK SC", "Noto Sans SC", sans-serif',
}


def pegs_svg() -> str:
    """The 4×4 pegs on their base, seen from the front and above at an angle, a few balls on
    them (a real position: balls rest on the peg's floor or on another ball)."""
    stacks = {(0, 3): [0], (1, 2): [1, 0], (2, 1): [0, 1, 0], (1, 3): [1], (3, 3): [1], (2, 3): [0]}
    level_height, radius = 52, 26

    def at(i: float, j: float, level: float = 0) -> tuple[float, float]:
        # i runs left to right, j from the back to the front; the rows are sheared so that no
        # peg hides behind the one in front of it.
        return i * 104 - j * 38, j * 62 + i * 18 - level * level_height

    corners = [at(-0.55, -0.55), at(3.55, -0.55), at(3.55, 3.55), at(-0.55, 3.55)]
    tops = [at(i, j, 4.3) for i in range(4) for j in range(4)]
    xs = [x for x, _y in corners + tops]
    ys = [y for _x, y in corners + tops]
    left, top = min(xs) - 20, min(ys) - 20
    box = f"{left:.0f} {top:.0f} {max(xs) + 20 - left:.0f} {max(ys) + 20 - top:.0f}"
    base = " ".join(f"{x:.0f},{y:.0f}" for x, y in corners)
    parts = [
        f'<svg viewBox="{box}" class="board2d-svg" xmlns="http://www.w3.org/2000/svg">',
        "<defs>",
    ]
    for player in (0, 1):
        parts.append(f'<radialGradient id="ball-{player}" cx="38%" cy="32%" r="70%">')
        parts.append(f'<stop offset="0%" class="stone-stop stone-stop--{player}-light"/>')
        parts.append(f'<stop offset="100%" class="stone-stop stone-stop--{player}-dark"/>')
        parts.append("</radialGradient>")
    parts.append("</defs>")
    parts.append(f'<polygon points="{base}" class="board2d-surface"/>')
    # Back to front, so nearer pegs and balls cover farther ones.
    for i, j in sorted(((i, j) for i in range(4) for j in range(4)), key=lambda c: at(*c)[1]):
        x, y = at(i, j)
        _x, top = at(i, j, 4.3)
        parts.append(f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="16" ry="8" class="board2d-pit"/>')
        parts.append(f'<line x1="{x:.0f}" y1="{y:.0f}" x2="{x:.0f}" y2="{top:.0f}" class="peg"/>')
        for level, owner in enumerate(stacks.get((i, j), [])):
            bx, by = at(i, j, level + 0.5)
            parts.append(f'<g class="piece piece--{owner}"><circle cx="{bx:.0f}" cy="{by:.0f}"')
            parts.append(f' r="{radius}" class="stone" fill="url(#ball-{owner})"/></g>')
    parts.append("</svg>")
    return "".join(parts)


def board_picture(slug: str) -> str:
    from games import board_svg, examples, play_words, registry

    if registry.get(slug).board is None:
        return pegs_svg()
    game, before, _after = examples.positions(examples.first_of(slug))
    return board_svg.draw(
        slug,
        examples.occupancy(game, before),
        label="",
        gradient="card",
        first_mark=play_words.first_mark(),
    )


def board_look(slug: str) -> str:
    """The board's kind and look as CSS classes (as on the play page), "" for the 3D board."""
    from games import board_svg, registry

    if registry.get(slug).board is None:
        return ""
    layout = board_svg.layout_of(slug)
    return f"board2d--{layout.kind} board2d--{layout.style}"


def stone_classes(slug: str) -> str:
    from games import registry

    return registry.get(slug).stone_classes


def board_palette() -> str:
    """The light board colours (--board-*, --stone-*, --mark-*) from site.css's first :root
    block, where board2d.css expects them; the card takes nothing else of the page shell."""
    site = (ROOT / "static/css/site.css").read_text(encoding="utf-8")
    light = re.search(r":root\s*\{(.*?)\}", site, re.S)
    assert light, "static/css/site.css has no :root block"
    names = re.findall(r"--(?:board|stone|mark)-[\w-]+:\s*[^;]+;", light.group(1))
    assert names, "static/css/site.css's :root holds no board colours"
    # The colour swap of a game where black moves first (registry Board first_colour).
    swap = re.search(r"\.stones--black-first\s*\{.*?\}", site, re.S)
    assert swap, "static/css/site.css has no .stones--black-first rule"
    return ":root { " + " ".join(names) + " }\n" + swap.group(0) + "\n"


def card_html(language: str, slug: str) -> str:
    from games.catalog import BY_SLUG
    from rooms.invitation import invitation

    words = invitation(BY_SLUG[slug])
    styles = board_palette() + (ROOT / "static/css/board2d.css").read_text(encoding="utf-8")
    board_classes = f"board board2d board2d--{slug} {board_look(slug)} {stone_classes(slug)}"
    return f"""<!doctype html><html lang="{language}"><head><meta charset="utf-8"><style>
{styles}
html, body {{ margin: 0; width: 1200px; height: 630px; overflow: hidden; }}
body {{ display: grid; grid-template-columns: 560px minmax(0, 1fr); align-items: center; gap: 40px;
  padding: 0 64px 0 48px; box-sizing: border-box; background: #f7f5f0; color: #1f1d1a;
  font-family: {FONTS[language]}; }}
.board {{ width: 540px; }}
.board svg {{ display: block; width: 100%; max-height: 560px; }}
.board2d-labels {{ display: none; }}
.peg {{ stroke: var(--board-line); stroke-width: 6; stroke-linecap: round; }}
h1 {{ margin: 0 0 28px; font-size: 60px; line-height: 1.25; font-weight: 700;
  overflow-wrap: break-word; text-wrap: balance; }}
:lang(ko) h1, :lang(ko) p {{ word-break: keep-all; }}
:lang(ja) h1 {{ word-break: auto-phrase; }}
p {{ margin: 0; font-size: 28px; line-height: 1.5; color: #5d5850; }}
.accent {{ width: 96px; height: 10px; border-radius: 5px; background: #b4500f;
  margin-bottom: 32px; }}
</style></head><body>
<div class="{board_classes}">{board_picture(slug)}</div>
<div><div class="accent"></div><h1>{html.escape(words["title"])}</h1>
<p>{html.escape(words["tagline"])}</p></div>
</body></html>"""


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
    import django

    django.setup()
    from django.utils import translation
    from playwright.sync_api import sync_playwright

    from games.catalog import GAMES
    from games.content import LANGUAGE_CODES
    from rooms.invitation import image_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(
            viewport={"width": 1200, "height": 630}, device_scale_factor=1, color_scheme="light"
        )
        for language in LANGUAGE_CODES:
            for entry in GAMES:
                with translation.override(language):
                    page.set_content(card_html(language, entry.slug))
                target = ROOT / "static" / image_path(language, entry.slug)
                target.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(target))
                print(target.relative_to(ROOT), target.stat().st_size, "bytes")
        browser.close()


if __name__ == "__main__":
    main()
