'use strict';
/**
 * The order of the e2e files with two running side by side (jest.e2e.config.js): the longest first, so that
 * one worker takes the queue-mode file (6 to 9 minutes) while the other runs the rest, and neither waits long
 * for the other at the end. Jest's own order needs timings of an earlier run in its cache, which a
 * fresh clone (CI) does not have. Files not named here follow, largest first.
 */
const fs = require('node:fs');
const path = require('node:path');

const LONGEST_FIRST = [
	'terminal49-trigger-queue.e2e.test.ts',
	'editor.e2e.test.ts',
	'terminal49-polling-trigger-queue.e2e.test.ts',
	'terminal49-polling-trigger.e2e.test.ts',
	'n8n-webhook-facts.e2e.test.ts',
	'terminal49-trigger-crash.e2e.test.ts',
];

class LongestFirst {
	sort(tests) {
		const rank = (test) => {
			const i = LONGEST_FIRST.indexOf(path.basename(test.path));
			return i === -1 ? LONGEST_FIRST.length : i;
		};
		const size = (test) => fs.statSync(test.path).size;
		return [...tests].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
	}

	cacheResults() {}
}

module.exports = LongestFirst;
