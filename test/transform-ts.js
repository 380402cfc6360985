'use strict';
/**
 * Jest's transform for the TypeScript of the tests, the sources and the sandbox (jest.config.js,
 * jest.e2e.config.js): each file to CommonJS with esbuild, alone, as tsconfig.json's `isolatedModules` already
 * makes every file compile (ts-jest did the same with TypeScript's transpileModule, at about 20 s more CPU per
 * unit run whenever jest's cache is empty, as in every clean clone: docs/development.md, "Where the time goes").
 * Types are checked by `npm run lint` (tsc --noEmit), and the package n8n loads in the e2e tests is tsc's own
 * build (dist/).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

/** tsconfig.json, which esbuild reads for what changes the output (its target: class fields as tsc emits them). */
const TSCONFIG = fs.readFileSync(path.join(__dirname, '..', 'tsconfig.json'), 'utf8');
/** The syntax to emit: tsconfig's target, as tsc emits it. */
const TARGET = JSON.parse(TSCONFIG).compilerOptions.target;
const SELF = fs.readFileSync(__filename, 'utf8');

module.exports = {
	process(source, filename) {
		const { code, map } = esbuild.transformSync(source, {
			loader: 'ts',
			format: 'cjs',
			platform: 'node',
			target: TARGET,
			tsconfigRaw: TSCONFIG,
			// `await import('…')` as tsc emits it for CommonJS (a require in a promise): jest runs each file as a
			// script, where a real dynamic import needs --experimental-vm-modules
			supported: { 'dynamic-import': false },
			sourcemap: true,
			sourcefile: filename,
		});
		return { code, map };
	},

	getCacheKey(source, filename, options) {
		return crypto
			.createHash('sha1')
			.update([esbuild.version, SELF, TSCONFIG, options.configString, filename, source].join('\0'))
			.digest('hex');
	},
};
