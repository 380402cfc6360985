/**
 * scripts/scan.mjs, the scanner as `npm test` runs it: on a fixture package that breaks each rule that n8n's
 * repository has beyond the published plugin (scripts/scan/upstream-rules.mjs), every rule reports, and the
 * scan fails. (The package itself is scanned by `npm test`, source and packed tarball: `npm run scan`.)
 */
import { spawnSync } from 'node:child_process';
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const FLAWED = join(ROOT, 'test', 'fixtures', 'scan', 'flawed-package');

// eslint-plugin-n8n-nodes-base changes its file-name checks when NODE_ENV is "test" (as jest sets it)
const { NODE_ENV: _testEnv, ...env } = process.env;

function scan(...args: string[]) {
	const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'scan.mjs'), ...args], {
		cwd: ROOT,
		env,
		encoding: 'utf8',
		timeout: 60_000,
	});
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function module(code: string) {
	const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
		cwd: ROOT,
		env,
		encoding: 'utf8',
		timeout: 30_000,
	});
	if (run.status !== 0) throw new Error(run.stderr);
	return JSON.parse(run.stdout) as unknown;
}

test('each upstream rule reports on the flawed fixture, and the scan fails', () => {
	const { status, output } = scan('--source', '--dir', FLAWED);
	expect(status).toBe(1);
	for (const rule of [
		'upstream/require-mit-license',
		'upstream/valid-codex-categories',
		'upstream/no-codex-subcategories',
		'upstream/no-ai-codex-category',
		'upstream/icon-contrast',
		'upstream/require-continue-on-fail',
		// the newer ones (upstream-rules-newer.mjs)
		'upstream/no-hardcoded-ids',
		'upstream/node-execute-block',
		'upstream/no-monorepo',
		'upstream/node-file-conventions',
		'upstream/hint-max-length',
		'upstream/no-duplicate-param-options',
		'upstream/no-asterisk-in-option-names',
		'upstream/community-package-json',
		'upstream/cred-class-name-suffix',
		'upstream/cred-filename-against-convention',
		'upstream/no-logic-or-flow-nodes',
		'upstream/node-class-description-non-core-color',
	]) {
		expect(output).toContain(rule);
	}
	// the published scanner's own rules run too
	expect(output).toContain('n8n-nodes-base/community-package-json-license-not-default');
	expect(output).toMatch(/scan, source leg: \d+ files, 44 finding\(s\), scanner verdict FAILED/);
});

/**
 * A copy of the package (package.json, its nodes and credential) in which a node breaks a newer rule (one break
 * per rule below): the lint's scan fails on it with exactly those findings, each naming its rule and file. The
 * package itself passes (npm run lint), so the findings are the breaks'.
 */
test('a copy of the package whose nodes break node-execute-block and hint-max-length fails the scan', () => {
	const breaks = [
		{
			rule: 'node-execute-block',
			file: 'nodes/Terminal49/Terminal49Trigger.node.ts',
			from: 'error as Error, { itemIndex: i }',
			to: 'error as Error',
		},
		{
			rule: 'hint-max-length',
			file: 'nodes/Terminal49/actions/container/getAll.operation.ts',
			from: "hint: 'Leaves out containers whose terminal data is stale (not checked for 7 days)'",
			to: "hint: 'Leaves out containers whose terminal data is stale (not checked for 7 days), so it can find fewer than Last Free Day with Exclude Closed'",
		},
	];
	const copy = mkdtempSync(join(tmpdir(), 't49-scan-copy-'));
	try {
		// package.json, the credential, the nodes' own files and the files broken: the scan reads each file alone
		cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
		cpSync(join(ROOT, 'credentials'), join(copy, 'credentials'), { recursive: true });
		cpSync(join(ROOT, 'nodes', 'Terminal49'), join(copy, 'nodes', 'Terminal49'), {
			recursive: true,
			filter: (source) =>
				!statSync(source).isDirectory() || source === join(ROOT, 'nodes', 'Terminal49'),
		});
		for (const { file } of breaks) {
			mkdirSync(dirname(join(copy, file)), { recursive: true });
			cpSync(join(ROOT, file), join(copy, file));
		}
		for (const { file, from, to } of breaks) {
			const source = readFileSync(join(copy, file), 'utf8');
			expect(source).toContain(from);
			writeFileSync(join(copy, file), source.replace(from, to));
		}
		const { status, output } = scan('--source', '--dir', copy);
		expect(status).toBe(1);
		for (const { rule, file } of breaks) {
			expect(output).toContain(`upstream/${rule}`);
			expect(output).toContain(file);
		}
		expect(output).toMatch(/scan, source leg: \d+ files, 2 finding\(s\)/);
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
});

test('icon contrast: WCAG ratios as n8n computes them', () => {
	const ratios = module(
		`
		import { contrast, iconContrast, parseColor } from './scripts/scan/upstream-rules.mjs';
		const svg = (fill) => '<svg><rect fill="' + fill + '"/></svg>';
		console.log(JSON.stringify({
			blackOnWhite: contrast(parseColor('#000'), parseColor('#fff')),
			blackOnDark: iconContrast(svg('#000000'), '#2b2b2b'),
			paleOnWhite: iconContrast(svg('#F4F4F4'), '#ffffff'),
			bestColourCounts: iconContrast('<svg><rect fill="#F4F4F4"/><path stroke="#0B3D91"/></svg>', '#ffffff'),
			image: iconContrast('<svg><image href="x.png"/></svg>', '#ffffff'),
			unpainted: iconContrast('<svg><path d="M0 0"/></svg>', '#ffffff'),
			light: iconContrast(require('node:fs').readFileSync('nodes/Terminal49/terminal49.svg', 'utf8'), '#ffffff'),
			dark: iconContrast(require('node:fs').readFileSync('nodes/Terminal49/terminal49.dark.svg', 'utf8'), '#2b2b2b'),
		}));
	`.replace(/require\('node:fs'\)/g, '(await import("node:fs"))'),
	) as Record<string, number | null>;
	expect(ratios.blackOnWhite).toBeCloseTo(21, 5);
	expect(ratios.blackOnDark).toBeCloseTo(1.48, 2); // the figure of n8n's rule documentation
	expect(ratios.paleOnWhite!).toBeLessThan(1.5);
	expect(ratios.bestColourCounts!).toBeGreaterThan(10);
	expect(ratios.image).toBeNull();
	expect(ratios.unpainted).toBeCloseTo(21, 5);
	expect(ratios.light!).toBeGreaterThan(1.5);
	expect(ratios.dark!).toBeGreaterThan(1.5);
});
