import hashlib
import threading
from collections.abc import Callable
from typing import Any

from servestatic.compress import Compressor
from servestatic.storage import CompressedManifestStaticFilesStorage

# Files whose every import must resolve; other apps' files (django-htmx mentions
# `import("../htmx")` inside JSDoc comments) keep an unresolvable reference as written.
STRICT_PREFIXES = ("js/", "vendor/", "css/")


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Hashed, compressed names; rewrites ES module imports so three.js addons resolve."""

    support_js_module_import_aggregation = True
    manifest_strict = False
    # Each pass settles one more link of an import chain whose importer sorts after what it
    # imports (a page -> js/engines/index.js -> js/game-modules.js -> a game's AI -> its
    # search -> its board -> the engine twin; a play page down to the generated games
    # registry): Django's 5 passes were too few.
    max_post_process_passes = 10

    def create_compressor(self, **kwargs):
        return OnceCompressor(**kwargs)

    def url_converter(self, name, hashed_files, template=None):
        convert = super().url_converter(name, hashed_files, template)
        if name.startswith(STRICT_PREFIXES):
            return convert

        def keep_unresolvable(matchobj):
            try:
                return convert(matchobj)
            except ValueError:
                return matchobj.group(0)

        return keep_unresolvable


class OnceCompressor(Compressor):
    """Compresses each distinct content once per collection. A file and its hashed copy are the
    same bytes whenever there is no reference to rewrite in it (three.js's build, images, the
    admin's files: about half the files), and Brotli at its highest quality is most of a
    collection's time (0.9 s for three.js's build alone here)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._results: dict[tuple[str, bytes], bytes] = {}
        self._locks: dict[tuple[str, bytes], threading.Lock] = {}
        self._guard = threading.Lock()

    def compress_brotli(self, data: bytes) -> bytes:
        return self._once("br", data, Compressor.compress_brotli)

    def compress_gzip(self, data: bytes) -> bytes:
        return self._once("gz", data, Compressor.compress_gzip)

    def _once(self, kind: str, data: bytes, compress: Callable[[bytes], bytes]) -> bytes:
        key = (kind, hashlib.sha256(data).digest())
        # The storage compresses on threads: a file and its copy may arrive at once.
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._results:
                self._results[key] = compress(data)
            return self._results[key]
