/**
 * End-to-end tests in real n8n 2.41 (test/e2e): one heavy n8n stack at a time. `--maxWorkers=2` runs two files
 * side by side, about half the wall time on an idle 2-core machine (most of an e2e test waits on n8n); not the
 * default yet: on a busy machine it met a port taken between scripts/n8n's freePort() and n8n's bind (n8n's task
 * broker) and timing bounds of a few tests (a sample within 10 s) were missed (docs/development.md).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	testTimeout: 300000,
	maxWorkers: 1,
	forceExit: true,
	// builds dist/ first: every suite runs on the current sources, or the run fails (never a skipped suite)
	globalSetup: '<rootDir>/test/e2e/global-setup.js',
	setupFilesAfterEnv: ['<rootDir>/test/setup.js'],
	// the time of each file and the slowest tests at the end (docs/development.md has the figures)
	reporters: ['default', ['<rootDir>/test/timing-reporter.js', { tests: 10 }]],
};
