'use strict';
/**
 * The order of the e2e files with two running side by side (jest.e2e.config.js): the longest first, so that
 * the two queue-mode files (the catch-up's, about 4 minutes, and the trigger's, 4 to 6) start at once and the
 * rest fill in behind them, and neither worker waits long for the other at the end. In the run beside the unit
 * suites (scripts/test.js WAITING_E2E) the same order puts the catch-up's single-mode file after the polling ones. Jest's own order needs timings of an earlier run in its cache, which a
 * fresh clone (CI) does not have. Files not named here follow, largest first.
 */
const fs = require('node:fs');
const path = require('node:path');

const LONGEST_FIRST = [
	'terminal49-trigger-outage-queue.e2e.test.ts',
	'terminal49-trigger-queue.e2e.test.ts',
	'editor.e2e.test.ts',
	'terminal49-polling-trigger-queue.e2e.test.ts',
	'terminal49-polling-trigger.e2e.test.ts',
	'terminal49-trigger-outage.e2e.test.ts',
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
