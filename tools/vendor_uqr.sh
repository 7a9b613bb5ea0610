#!/usr/bin/env bash
# Re-vendors uqr (the QR code encoder of room invite links) from npm at the version pinned in
# package.json's config.uqr: its ES module build, unchanged, and the licence. VERSION and
# SHA256SUMS record what was copied; tests/games/test_static.py checks both against the pin.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").config.uqr')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "uqr@$version" >/dev/null && tar xzf "uqr-$version.tgz")
dest=static/vendor/uqr
rm -rf "$dest" && mkdir -p "$dest"
cp "$work/package/dist/index.mjs" "$dest/uqr.mjs"
cp "$work/package/LICENSE" "$dest/LICENSE"
echo "$version" > "$dest/VERSION"
(cd "$dest" && sha256sum uqr.mjs LICENSE > SHA256SUMS)
cat > "$dest/README" <<TEXT
uqr $version (npm, MIT): QR code encoder used for room invite links.
Copied unchanged from the npm tarball dist/index.mjs (uqr-$version.tgz) by tools/vendor_uqr.sh.
TEXT
echo "uqr $version vendored into $dest"
