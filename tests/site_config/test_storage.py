"""The static storage's compressor (site_config/storage.py OnceCompressor): a content met twice
in one collection (a file and its hashed copy) is compressed once, and every file still gets
its own correct .br and .gz."""

import gzip

import brotli
from servestatic.compress import Compressor

from site_config.storage import OnceCompressor


def test_the_same_bytes_are_compressed_once_and_every_file_gets_its_own(tmp_path, monkeypatch):
    calls: list[tuple[str, int]] = []

    def counted(kind, compress):
        return staticmethod(lambda data: calls.append((kind, len(data))) or compress(data))

    monkeypatch.setattr(Compressor, "compress_brotli", counted("br", Compressor.compress_brotli))
    monkeypatch.setattr(Compressor, "compress_gzip", counted("gz", Compressor.compress_gzip))
    same = b"export const board = 'a fairly long line of a module, ' ;\n" * 200
    other = b"body { color: red; }\n" * 300
    files = {"app.js": same, "app.0123456789ab.js": same, "site.css": other}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)

    compressor = OnceCompressor(use_zstd=False, quiet=True)
    for name in files:
        compressor.compress(str(tmp_path / name))

    once_each = [(kind, len(data)) for kind in ("br", "gz") for data in (same, other)]
    assert sorted(calls) == sorted(once_each)
    for name, data in files.items():
        assert brotli.decompress((tmp_path / f"{name}.br").read_bytes()) == data
        assert gzip.decompress((tmp_path / f"{name}.gz").read_bytes()) == data
