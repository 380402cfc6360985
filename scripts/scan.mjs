#!/usr/bin/env node
// n8n's community-package scanner (@n8n/scan-community-package), run on this checkout the way
// `npx @n8n/scan-community-package n8n-nodes-terminal49` runs on a published version:
//
//   source leg  analyzePackage(<checkout>, SOURCE_FILE_PATTERNS): package.json + {nodes,credentials}/**/*.{js,ts,json}
//   dist leg    analyzePackage(<unpacked `npm pack`>, ['**/*.js', 'package.json']): what users install
//
// with the scanner's own ESLint config (buildScanConfig) and inline eslint-disable comments ignored
// (allowInlineConfig: false). Beside it, the source leg also runs the rules n8n's repository already has but
// no published plugin carries yet (scripts/scan/upstream-rules.mjs). Any finding fails, warnings included.
// Left out, because they need the registry and GitHub: the provenance check and the download of the attested
// commit (the publish workflow, .github/workflows/publish.yml, makes the provenance).
//
//   node scripts/scan.mjs             both legs (needs `npm run build` first)
//   node scripts/scan.mjs --source    the source leg only (part of `npm run lint`)
//   node scripts/scan.mjs --dist      the dist leg only (`npm test`, whose lint ran the source leg)
//   --dir <path>                      scan another package folder (the tests scan fixtures with it)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	analyzePackage,
	buildScanConfig,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import glob from 'fast-glob';

import { upstreamRuleConfig, upstreamRules } from './scan/upstream-rules.mjs';

const dirArg = process.argv.indexOf('--dir');
const ROOT =
	dirArg > 0
		? path.resolve(process.argv[dirArg + 1])
		: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_PATTERNS = ['**/*.js', 'package.json'];
const sourceOnly = process.argv.includes('--source');
const distOnly = process.argv.includes('--dist');

const filesOf = (dir, patterns) =>
	glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});

/** Lints `files` with `config` (inline config off, as the scanner) and returns the results. */
async function lint(dir, files, config) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: config,
	});
	return await eslint.lintFiles(files);
}

async function leg(name, dir, patterns, extra) {
	const files = filesOf(dir, patterns);
	// The scanner's verdict (it fails on errors only) ...
	const verdict = await analyzePackage(dir, patterns);
	// ... and every message of its config, warnings too, plus the upstream rules on the sources.
	const results = await lint(dir, files, await buildScanConfig());
	if (extra) {
		const upstream = await lint(dir, files, [
			{
				files: ['**/*.ts', '**/*.json'],
				languageOptions: { parser: tsParser },
				plugins: { upstream: upstreamRules },
				rules: upstreamRuleConfig,
			},
		]);
		for (const result of upstream) {
			const same = results.find((r) => r.filePath === result.filePath);
			if (same) {
				same.messages.push(...result.messages);
				same.errorCount += result.errorCount;
				same.warningCount += result.warningCount;
			} else results.push(result);
		}
	}
	const findings = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
	const formatter = await new ESLint({ cwd: dir }).loadFormatter('stylish');
	const text = (await formatter.format(results)).replaceAll(dir + path.sep, '');
	if (text.trim()) console.log(text);
	const ok = verdict.passed && findings === 0;
	console.log(
		`scan, ${name} leg: ${files.length} files, ${findings} finding(s), scanner verdict ${verdict.passed ? 'passed' : 'FAILED'}${ok ? '' : ' -> FAILED'}`,
	);
	return ok;
}

/** `npm pack` of the checkout, unpacked: exactly the files a user installs. */
function packed() {
	const out = fs.mkdtempSync(path.join(os.tmpdir(), 't49-scan-'));
	const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	const [{ filename }] = JSON.parse(pack.stdout);
	const dir = path.join(out, 'package');
	fs.mkdirSync(dir);
	const tar = spawnSync('tar', [
		'-xzf',
		path.join(out, path.basename(filename)),
		'-C',
		dir,
		'--strip-components=1',
	]);
	if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
	return { dir, cleanup: () => fs.rmSync(out, { recursive: true, force: true }) };
}

let ok = distOnly ? true : await leg('source', ROOT, SOURCE_FILE_PATTERNS, true);
if (!sourceOnly) {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) {
		console.error('scan: dist/ is missing; run `npm run build` first');
		process.exit(1);
	}
	const tarball = packed();
	try {
		ok = (await leg('dist (npm pack)', tarball.dir, DIST_PATTERNS, false)) && ok;
	} finally {
		tarball.cleanup();
	}
}
process.exit(ok ? 0 : 1);
