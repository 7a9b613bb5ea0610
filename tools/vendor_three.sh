#!/usr/bin/env bash
# Re-vendors three.js from npm at the version pinned in package.json's config.three:
# the ES module build, the addons the pages import, and the licence. No bundler involved.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").config.three')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "three@$version" >/dev/null && tar xzf "three-$version.tgz")
dest=static/vendor/three
rm -rf "$dest" && mkdir -p "$dest/addons/controls"
cp "$work/package/build/three.module.js" "$work/package/build/three.core.js" "$dest/"
cp "$work/package/examples/jsm/controls/OrbitControls.js" "$dest/addons/controls/"
cp "$work/package/LICENSE" "$dest/LICENSE"
echo "$version" > "$dest/VERSION"
echo "three.js $version vendored into $dest"
