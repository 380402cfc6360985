'use strict';
// isolated-vm comes into the dev dependencies through n8n-workflow (@n8n/expression-runtime), which loads it
// only when an expression runs in n8n's isolated engine. Its install script compiles it for Node 24 and fails
// on Node 20, so `npm install` failed; package.json's `overrides` puts this folder in its place. Nothing in
// this package's tests, lint or build loads it (before this stand-in, the real package sat there unbuilt and
// would have thrown just the same). Real n8n, in the e2e tests, runs with its own, built isolated-vm.
throw new Error(
	'isolated-vm is not installed in this checkout (package.json overrides: vendor/isolated-vm-not-built); ' +
		"n8n's isolated expression engine runs only in real n8n (scripts/ensure-n8n.sh).",
);
