/** Unit and integration tests (sandbox on loopback, real n8n-core helpers). End-to-end tests in real
 * n8n live in test/e2e and run through `npm run test:e2e` (jest.e2e.config.js). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: { '^.+\\.ts$': '<rootDir>/test/transform-ts.js' },
	testTimeout: 30000,
	// One worker per core (jest's default leaves one core idle): the suite mostly waits on its sandboxes and
	// rate windows, so on 2 cores it takes half the time. Tests share no port or file, so none races another.
	maxWorkers: '100%',
	// n8n-core keeps DI singletons (instance settings, outbound HTTP agents) alive after a run.
	forceExit: true,
	setupFilesAfterEnv: ['<rootDir>/test/setup.js'],
	reporters: ['default', ['<rootDir>/test/timing-reporter.js', { files: 15 }]],
};
