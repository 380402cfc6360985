'use strict';
/**
 * A jest reporter that ends the run with the time of each test file, slowest first, and the slowest tests
 * (jest.config.js and jest.e2e.config.js, after jest's own reporter). Times are wall clock: on a busy machine
 * they grow with the load. Last, what failed, each with the start of its message: a log cut to its end (a CI
 * summary) still says which test failed and why.
 */
const path = require('node:path');

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const plain = (text) => String(text).replace(/\u001b\[[0-9;]*m/g, '');
/** The first `n` lines of a failure message that say something (jest's diff and the code frame follow). */
const head = (text, n = 8) =>
	plain(text)
		.split('\n')
		.filter((line) => line.trim())
		.slice(0, n)
		.map((line) => `      ${line.length > 200 ? `${line.slice(0, 197)}...` : line}`);

class TimingReporter {
	constructor(globalConfig, options = {}) {
		this.rootDir = globalConfig.rootDir;
		this.title = options.title || 'time per test file';
		this.files = options.files ?? Infinity;
		this.tests = options.tests ?? 5;
	}

	onRunComplete(_contexts, results) {
		const rel = (file) => path.relative(this.rootDir, file);
		const files = results.testResults
			.map((r) => ({
				file: rel(r.testFilePath),
				ms: r.perfStats.end - r.perfStats.start,
				tests: r.numPassingTests + r.numFailingTests + r.numPendingTests,
				failed: r.numFailingTests > 0 || Boolean(r.testExecError),
			}))
			.sort((a, b) => b.ms - a.ms);
		if (!files.length) return;
		const sum = files.reduce((n, f) => n + f.ms, 0);
		const lines = [
			`\n${this.title} (${files.length} files, ${s(sum)} in all, ${s(Date.now() - results.startTime)} wall clock):`,
		];
		for (const f of files.slice(0, this.files))
			lines.push(
				`  ${s(f.ms).padStart(8)}  ${String(f.tests).padStart(4)} tests  ${f.file}${f.failed ? '  FAILED' : ''}`,
			);
		if (files.length > this.files) lines.push(`  ... ${files.length - this.files} more`);
		const tests = results.testResults
			.flatMap((r) =>
				r.testResults.map((t) => ({
					name: `${rel(r.testFilePath)}: ${t.title}`,
					ms: t.duration ?? 0,
				})),
			)
			.sort((a, b) => b.ms - a.ms)
			.slice(0, this.tests);
		if (tests.length) {
			lines.push('slowest tests:');
			for (const t of tests)
				lines.push(
					`  ${s(t.ms).padStart(8)}  ${t.name.length > 150 ? `${t.name.slice(0, 147)}...` : t.name}`,
				);
		}
		const failed = results.testResults.flatMap((r) => [
			...(r.testExecError
				? [
						{
							name: `${rel(r.testFilePath)}: (the file did not run)`,
							message: r.testExecError.message,
						},
					]
				: []),
			...r.testResults
				.filter((t) => t.status === 'failed')
				.map((t) => ({
					name: `${rel(r.testFilePath)}: ${t.fullName}`,
					message: t.failureMessages.join('\n'),
				})),
		]);
		if (failed.length) {
			lines.push(`failed (${failed.length}):`);
			for (const f of failed) lines.push(`  ${f.name}`, ...head(f.message));
		}
		process.stdout.write(`${lines.join('\n')}\n`);
	}
}

module.exports = TimingReporter;
