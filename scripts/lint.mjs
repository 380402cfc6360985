#!/usr/bin/env node
// Lints like n8n's community-package scanner: inline `eslint-disable` comments do not count,
// warnings fail too. `node scripts/lint.mjs` lints the sources (package.json, nodes/, credentials/);
// `--dist` lints the built package (dist/**/*.js and package.json), the scanner's second leg.
import { ESLint } from 'eslint';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import config from '../eslint.config.mjs';

const dist = process.argv.includes('--dist');
const walk = (dir) =>
	existsSync(dir)
		? readdirSync(dir).flatMap((name) => {
				const path = join(dir, name);
				return statSync(path).isDirectory() ? walk(path) : [path];
			})
		: [];
const files = [
	'package.json',
	...(dist
		? walk('dist').filter((f) => f.endsWith('.js'))
		: [...walk('nodes'), ...walk('credentials')].filter((f) => /\.(ts|json)$/.test(f))),
];
if (files.length < 2) {
	console.error('lint: no source files found');
	process.exit(1);
}
// The source leg ignores build output; the dist leg lints exactly that output, as the scanner does with the
// published tarball.
const overrideConfig = dist ? config.filter((entry) => !(entry.ignores && Object.keys(entry).length === 1)) : config;
const eslint = new ESLint({ allowInlineConfig: false, overrideConfigFile: true, overrideConfig });
const results = await eslint.lintFiles(files);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) console.log(text);
console.log(`lint${dist ? ' (dist)' : ''}: ${files.length} files, ${problems} problems`);
process.exit(problems === 0 ? 0 : 1);
