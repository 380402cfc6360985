'use strict';
/**
 * Runs once before the end-to-end suites (jest.e2e.config.js): the e2e tests install the packed package
 * into real n8n, so dist/ must be the build of the sources being tested. It is built now (`npm run build`,
 * about 5 s), whatever state the checkout's dist/ is in; a failed build fails the run with its output. No
 * suite decides for itself whether to run: every one runs, or the run fails here.
 * Then it packs it (`npm pack`) and hands the tarball to the test files as E2E_PACKAGE_TGZ.
 * E2E_PACKAGE_TGZ=<file> tests an already packed package instead (it must exist).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');

module.exports = async function globalSetup() {
	if (process.env.E2E_PACKAGE_TGZ) {
		const tgz = path.resolve(process.env.E2E_PACKAGE_TGZ);
		if (!fs.existsSync(tgz)) throw new Error(`E2E_PACKAGE_TGZ names no file: ${tgz}`);
		return;
	}
	const build = spawnSync('npm', ['run', 'build', '--silent'], {
		cwd: ROOT,
		encoding: 'utf8',
		timeout: 300_000,
	});
	if (build.status !== 0) {
		throw new Error(
			`The e2e tests need the built package, and npm run build failed:\n${build.stdout}\n${build.stderr}`,
		);
	}
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const declared = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const absent = declared.filter((file) => !fs.existsSync(path.join(ROOT, file)));
	if (declared.length === 0 || absent.length) {
		throw new Error(
			`npm run build did not produce what package.json declares: ${absent.join(', ')}`,
		);
	}
	// Packed once here, for every test file: two jest workers each packing into one folder would delete each
	// other's tarball (the workers inherit this environment).
	const { packPackage } = require('../../scripts/n8n');
	process.env.E2E_PACKAGE_TGZ = packPackage({ outDir: path.join(ROOT, '.cache', 'e2e-pack') });
};
