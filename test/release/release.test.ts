/**
 * The release path (what n8n's verification asks for): a plain `npm publish` is refused, the publish
 * workflow publishes with npm provenance on a version tag, CI runs on Node 20 and 22 with the real-n8n stage
 * as its own job, and package.json says where the package comes from, consistently.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const workflow = (name: string) =>
	parse(readFileSync(join(ROOT, '.github', 'workflows', name), 'utf8'));

test('a plain `npm publish` is refused (prepublishOnly: n8n-node prerelease); only `npm run release` publishes', () => {
	expect(pkg.scripts.prepublishOnly).toBe('n8n-node prerelease');
	expect(pkg.scripts.release).toBe('n8n-node release');
	const { RELEASE_MODE: _release, ...env } = process.env;
	// --dry-run: the lifecycle script runs first and refuses, nothing is sent anywhere
	const run = spawnSync('npm', ['publish', '--dry-run'], {
		cwd: ROOT,
		env,
		encoding: 'utf8',
		timeout: 120_000,
	});
	expect(run.status).not.toBe(0);
	expect(`${run.stdout}${run.stderr}`).toContain('Run `npm run release` to publish the package');
});

test('publish.yml: on a version tag, with an OIDC token for provenance, through `npm run release`', () => {
	const publish = workflow('publish.yml');
	expect(publish.on.push.tags).toEqual(['*.*.*']);
	const job = publish.jobs.publish;
	expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	const runs = job.steps.map((step: { run?: string }) => step.run ?? '').join('\n');
	expect(runs).toContain('npm ci --ignore-scripts');
	// on GitHub Actions n8n-node release runs `npm publish` with NPM_CONFIG_PROVENANCE=true
	expect(runs).toContain('npm run release');
});

test('ci.yml: lint, build, scan and unit tests on Node 20 and 22; the real-n8n stage as its own job', () => {
	const ci = workflow('ci.yml');
	expect(ci.jobs.check.strategy.matrix.node).toEqual([20, 22]);
	const checkRuns = ci.jobs.check.steps.map((step: { run?: string }) => step.run).filter(Boolean);
	expect(checkRuns).toEqual([
		'npm ci --ignore-scripts',
		'npm run lint',
		'npm run build',
		'npm run scan',
		'npm run test:unit',
	]);
	expect(ci.jobs.e2e.needs).toBe('check');
	expect(ci.jobs.e2e.steps.map((step: { run?: string }) => step.run).filter(Boolean)).toContain(
		'npm run test:e2e',
	);
});

test('package.json: repository, homepage, bugs and author agree; MIT; no runtime dependencies; strict for n8n Cloud', () => {
	const repo = 'github.com/terminal49/n8n-nodes-terminal49';
	expect(pkg.repository).toEqual({ type: 'git', url: `git+https://${repo}.git` });
	expect(pkg.homepage).toBe(`https://${repo}#readme`);
	expect(pkg.bugs.url).toBe(`https://${repo}/issues`);
	expect(pkg.author.url).toBe('https://github.com/terminal49');
	expect(pkg.author.name).toBeTruthy();
	expect(pkg.author.email).toMatch(/@/);
	expect(pkg.license).toBe('MIT');
	expect(pkg.dependencies ?? {}).toEqual({});
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.n8n.strict).toBe(true);
	expect(readFileSync(join(ROOT, 'eslint.config.mjs'), 'utf8').replace(/\s+/g, ' ').trim()).toBe(
		"import { config } from '@n8n/node-cli/eslint'; export default config;",
	);
});
