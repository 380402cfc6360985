/** End-to-end tests in real n8n 2.41 (test/e2e): one heavy n8n stack at a time. */
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
};
