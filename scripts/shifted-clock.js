#!/usr/bin/env node
'use strict';
/**
 * Runs a command with the machine's clock shifted to another moment (and, optionally, another time zone),
 * through libfaketime (Debian's faketime package, installed by scripts/ensure-faketime.sh): the tests must
 * pass on any day, at any hour, in any zone.
 *
 *   node scripts/shifted-clock.js 2027-12-31T23:30:00Z --tz Pacific/Auckland -- npx jest
 *   npm run test:unit:shifted            (the moment CI uses: SHIFTED_CLOCK_MOMENTS.ci below)
 *   node scripts/shifted-clock.js all -- npx jest   (the four moments of the docs, one after another)
 *
 * The clock starts at the moment given and runs on from there (a fixed offset from the real clock, so
 * timers, timeouts and the rate limiter behave as usual); the monotonic clock is left alone.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** The moments the suite is proven at (docs/development.md, "Any day, any hour"). */
const SHIFTED_CLOCK_MOMENTS = {
	// US daylight-saving switch day (clocks go forward at 02:00 in New York: 07:00 UTC)
	dst: { at: '2027-03-14T09:30:00Z', tz: 'America/New_York' },
	// New Year's Eve at 23:30 UTC: already the new year east of UTC, still the old one west of it
	nye: { at: '2026-12-31T23:30:00Z', tz: 'UTC' },
	// more than a year ahead of the day the suite was written
	ahead: { at: '2028-02-29T12:00:00Z', tz: 'UTC' },
	// a zone 13 hours ahead of UTC, where "today" is another day than in UTC for half the day
	auckland: { at: '2026-11-25T13:30:00Z', tz: 'Pacific/Auckland' },
	// what `npm test` runs: New Year's Eve 23:30 UTC a year ahead, seen from Auckland (1 January 2028 there)
	ci: { at: '2027-12-31T23:30:00Z', tz: 'Pacific/Auckland' },
};

function usage(message) {
	if (message) process.stderr.write(`shifted-clock: ${message}\n`);
	process.stderr.write(
		'usage: node scripts/shifted-clock.js <ISO moment|moment name> [--tz <IANA zone>] -- <command> [args]\n' +
			`       moment names: ${Object.keys(SHIFTED_CLOCK_MOMENTS).join(', ')}, all\n`,
	);
	process.exit(2);
}

function libfaketime() {
	const run = spawnSync('bash', [path.join(ROOT, 'scripts', 'ensure-faketime.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (run.status !== 0) usage('could not install libfaketime (see above)');
	return run.stdout.trim();
}

/** Runs `command` at `moment` in `tz`; returns its exit status. */
function runAt(lib, moment, tz, command) {
	const target = Date.parse(moment);
	if (Number.isNaN(target)) usage(`not a moment: ${moment}`);
	// A relative offset (seconds) rather than an absolute date: libfaketime reads absolute dates in the local
	// zone, and an offset lets the clock run on.
	const offsetSeconds = Math.round((target - Date.now()) / 1000);
	const env = {
		...process.env,
		LD_PRELOAD: [lib, process.env.LD_PRELOAD].filter(Boolean).join(' '),
		FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
		FAKETIME_DONT_FAKE_MONOTONIC: '1',
		...(tz ? { TZ: tz } : {}),
	};
	process.stderr.write(
		`[shifted-clock] ${new Date(target).toISOString()}${tz ? ` in ${tz}` : ''}: ${command.join(' ')}\n`,
	);
	const run = spawnSync(command[0], command.slice(1), { cwd: ROOT, env, stdio: 'inherit' });
	return run.status ?? 1;
}

function main() {
	const args = process.argv.slice(2);
	const dashes = args.indexOf('--');
	const own = dashes < 0 ? args : args.slice(0, dashes);
	const command = dashes < 0 ? [] : args.slice(dashes + 1);
	if (command.length === 0) usage('no command after --');
	let tz;
	const tzAt = own.indexOf('--tz');
	if (tzAt >= 0) {
		tz = own[tzAt + 1];
		if (!tz) usage('--tz needs a zone');
		own.splice(tzAt, 2);
	}
	if (own.length !== 1) usage('give one moment');
	const [which] = own;
	const lib = libfaketime();
	const runs =
		which === 'all'
			? Object.entries(SHIFTED_CLOCK_MOMENTS).filter(([name]) => name !== 'ci')
			: [[which, SHIFTED_CLOCK_MOMENTS[which] ?? { at: which, tz }]];
	const failed = [];
	for (const [name, moment] of runs) {
		const status = runAt(lib, moment.at, tz ?? moment.tz, command);
		if (status !== 0) failed.push(name);
	}
	if (failed.length) process.stderr.write(`[shifted-clock] failed at: ${failed.join(', ')}\n`);
	process.exit(failed.length ? 1 : 0);
}

main();
