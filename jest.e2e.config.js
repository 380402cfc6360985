/**
 * End-to-end tests in real n8n 2.41 (test/e2e), two files side by side: most of an e2e test waits on n8n, so on
 * 2 cores that takes about 60 % of one at a time. Each stack takes its ports from its jest worker's own band
 * below the ephemeral range (scripts/n8n/proc.js freePort), so two stacks never race for one. The longest files
 * start first (test/e2e/sequencer.js). `--maxWorkers=1` (or `--runInBand`) runs one at a time.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: { '^.+\\.ts$': '<rootDir>/test/transform-ts.js' },
	testTimeout: 300000,
	maxWorkers: 2,
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	forceExit: true,
	// builds dist/ first: every suite runs on the current sources, or the run fails (never a skipped suite)
	globalSetup: '<rootDir>/test/e2e/global-setup.js',
	setupFilesAfterEnv: ['<rootDir>/test/setup.js'],
	// the time of each file and the slowest tests at the end (docs/development.md has the figures)
	reporters: ['default', ['<rootDir>/test/timing-reporter.js', { tests: 10 }]],
};
