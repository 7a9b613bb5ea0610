#!/usr/bin/env bash
# Re-vendors three.js from npm at the version pinned in package.json's config.three, as one
# tree-shaken, minified ES module holding only what the Score Four board uses
# (tools/three-board.js lists it), built with the esbuild pinned in package.json
# (devDependencies; `npm ci` installs it). The output is the same bytes for the same pins.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").config.three')
esbuild=node_modules/.bin/esbuild
[ -x "$esbuild" ] || { echo "esbuild missing: run npm ci" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "three@$version" >/dev/null && tar xzf "three-$version.tgz")
dest=static/vendor/three
rm -rf "$dest" && mkdir -p "$dest"
banner="/* three.js $version (npm, MIT licence: LICENSE), only the parts tools/three-board.js lists; built by tools/vendor_three.sh with esbuild $("$esbuild" --version). */"
"$esbuild" tools/three-board.js --bundle --format=esm --minify --target=es2022 \
  --alias:three/addons="$work/package/examples/jsm" --alias:three="$work/package/build/three.module.js" \
  --legal-comments=none --banner:js="$banner" --log-level=warning \
  --outfile="$dest/three-board.js"
cp "$work/package/LICENSE" "$dest/LICENSE"
echo "$version" > "$dest/VERSION"
echo "three.js $version vendored into $dest/three-board.js ($(wc -c < "$dest/three-board.js") bytes)"
