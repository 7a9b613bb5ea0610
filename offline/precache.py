"""What the service worker keeps for offline play, and the build id that names its cache.

The list is made from the static files storage, so in production it holds the hashed names of
`staticfiles.json` (ServeStatic's CompressedManifestStaticFilesStorage): a new deploy that
changes a file changes its URL, the list, the build id and so the service worker's bytes,
which is what makes browsers install the new worker.

Static files: the entry points the pages name in their templates (PAGE_ASSETS; a test renders
every precached page and fails if one names a static file that is not precached) and every
module they import, followed through the JavaScript sources (static and dynamic `import`), so
the AI worker's lazily loaded engines and searches are included. Pages: per language, the
home page, the five play pages, the rules guide, the privacy page and the daily puzzle's
page, plus the language's web app manifest (the daily puzzles' data is kept as it is fetched:
offline/service-worker.js). Nothing under /r/ (friend rooms), /api/ or /admin/ is ever listed.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.urls import reverse
from django.utils import translation

from games.catalog import GAMES

# What the templates of the precached pages name with {% static %} (base.html, the play pages,
# the statistics switch). Room pages, the staff review and the link-preview picture are left
# out: none of them is needed to play offline.
PAGE_ASSETS = (
    "css/site.css",
    "css/offline.css",
    "css/play.css",
    "css/board2d.css",
    "css/examples.css",
    "img/favicon.svg",
    "img/icons/apple-touch-icon.png",
    "js/site-menu.js",
    "js/offline/page.js",
    "js/stats/switch.js",
    "js/score-four/page.js",
    "js/board2d/page.js",
    "js/examples/puzzle.js",
    "css/daily.css",
    "js/daily/page.js",
    "js/ai/worker.js",
    "vendor/three/three-board.js",
)

# `import x from "./a.js"`, `export {x} from "./a.js"`, `import "./a.js"`, `import("./a.js")`.
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+)["']""")


def _source(name: str) -> bytes:
    """The unhashed source of a static file, from the finders or the collected root."""
    path = finders.find(name)
    if path is None:
        path = staticfiles_storage.path(name)
    return Path(path).read_bytes()


def static_names() -> list[str]:
    """PAGE_ASSETS and every module they import, as unhashed names, sorted."""
    seen: set[str] = set()
    todo = list(PAGE_ASSETS)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.endswith((".js", ".mjs")):
            for relative in IMPORT.findall(_source(name).decode()):
                todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), relative)))
    return sorted(seen)


def page_urls(language: str) -> list[str]:
    """The pages of one language that offline play needs (no room, API or admin page)."""
    with translation.override(language):
        urls = [reverse("home")]
        urls += [reverse("play", args=[entry.slug]) for entry in GAMES]
        urls += [reverse("guide"), reverse("privacy"), reverse("daily"), reverse("web-manifest")]
    return urls


def _fingerprint_files(digest, root: Path, pattern: str) -> None:
    for path in sorted(root.rglob(pattern)):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())


@lru_cache(maxsize=1)
def precache() -> dict:
    """{"build": id, "static": [URL...], "pages": {language: [URL...]}}, computed once per
    process. The build id hashes the static URLs and contents, the templates and the compiled
    catalogs: whatever changes what a precached page or file holds."""
    names = static_names()
    static_urls = [staticfiles_storage.url(name) for name in names]
    pages = {code: page_urls(code) for code, _ in settings.LANGUAGES}
    digest = hashlib.sha256()
    for name, url in zip(names, static_urls, strict=True):
        digest.update(url.encode() + b"\0" + _source(name) + b"\0")
    for language, urls in pages.items():
        digest.update(language.encode() + b"\0" + "\0".join(urls).encode())
    base = Path(settings.BASE_DIR)
    _fingerprint_files(digest, base / "templates", "*.html")
    _fingerprint_files(digest, base / "locale", "*.mo")
    return {"build": digest.hexdigest()[:16], "static": static_urls, "pages": pages}
