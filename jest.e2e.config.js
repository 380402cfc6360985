/**
 * End-to-end tests in real n8n 2.41 (test/e2e). Two files at a time: most of an e2e test's time is spent waiting
 * on n8n (its start, a webhook's registration, a worker's stalled-job check, the queue-mode file's minutes of the
 * polling trigger's schedule), so two side by side take about half the time of one after the other on two cores.
 * Every file starts its own n8n on free ports, so none sees another's. `--runInBand` runs one at a time.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	testTimeout: 300000,
	maxWorkers: 2,
	forceExit: true,
	// builds dist/ first: every suite runs on the current sources, or the run fails (never a skipped suite)
	globalSetup: '<rootDir>/test/e2e/global-setup.js',
	setupFilesAfterEnv: ['<rootDir>/test/setup.js'],
	// the time of each file and the slowest tests at the end (docs/development.md has the figures)
	reporters: ['default', ['<rootDir>/test/timing-reporter.js', { tests: 10 }]],
};
