#!/usr/bin/env bash
# Makes vendor/eslint-plugin-n8n-nodes-base-<version>.tgz: the registry's tarball of n8n's lint plugin with one
# line less, its `preinstall` (`npx only-allow pnpm`), which refuses any install by npm. package.json's
# `overrides` points every copy of the plugin (n8n-node lint and n8n's scanner both depend on it) at this file,
# so that a plain `npm install` or `npm ci` works; the plugin's code is the registry's, byte for byte.
#
#   bash scripts/vendor-lint-plugin.sh 1.16.7    then update package.json's override and run npm install
set -euo pipefail
VERSION="${1:?usage: vendor-lint-plugin.sh <version of eslint-plugin-n8n-nodes-base>}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
npm pack "eslint-plugin-n8n-nodes-base@$VERSION" --silent >/dev/null
want="$(npm view "eslint-plugin-n8n-nodes-base@$VERSION" dist.shasum)"
got="$(sha1sum "eslint-plugin-n8n-nodes-base-$VERSION.tgz" | cut -d' ' -f1)"
[ "$want" = "$got" ] || { echo "shasum of the registry's tarball: $got, the registry says $want" >&2; exit 1; }
tar -xzf "eslint-plugin-n8n-nodes-base-$VERSION.tgz"
# one line less, the rest as published (tabs and all)
node -e '
	const fs = require("node:fs");
	const file = "package/package.json";
	const text = fs.readFileSync(file, "utf8");
	const line = /^\s*"preinstall": "npx only-allow pnpm",\r?\n/m;
	if (!line.test(text)) throw new Error("no preinstall line to remove: " + file);
	fs.writeFileSync(file, text.replace(line, ""));
'
mkdir -p "$ROOT/vendor"
rm -f "$ROOT"/vendor/eslint-plugin-n8n-nodes-base-*.tgz
(cd package && npm pack --ignore-scripts --silent --pack-destination "$ROOT/vendor" >/dev/null)
echo "vendor/eslint-plugin-n8n-nodes-base-$VERSION.tgz (registry shasum $want, preinstall removed)"
