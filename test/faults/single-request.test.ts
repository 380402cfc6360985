/**
 * Faults on single-request operations (Container Get, Get Map, Refresh) against the sandbox, through
 * n8n-core's real ExecuteContext: 5xx bursts, 429 storms, answers slower than the timeout, truncated
 * JSON and dropped connections. Each ends in success after a bounded number of retries (counted in the
 * sandbox's request log) or in a NodeApiError whose message says what happened, never in a hang or an
 * unhandled rejection.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { MAX_RATE_LIMIT_RETRIES, MAX_TRANSIENT_RETRIES } from '../../nodes/Terminal49/transport';
import { caught, freshPacer, recordUnhandledRejections, runCapped } from './helpers';

jest.setTimeout(20_000);

const rejections = recordUnhandledRejections();
let sb: Sandbox;

beforeAll(async () => {
	// A short rate window so that the sandbox's own limits never interfere with the injected faults.
	sb = await startSandbox({ containers: 40, rateWindowMs: 1000, carrierDelayMs: 50 });
});
afterAll(async () => {
	await sb.close();
	rejections.assertNone();
});
beforeEach(() => {
	sb.clearFaults();
	sb.clearRequests();
	freshPacer();
});

const fixture = (key: string) => {
	const found = sb.fixtures.find((f) => f.key === key);
	if (!found) throw new Error(`no fixture ${key}`);
	return found.containerId;
};

interface Op {
	name: string;
	method: string;
	path: () => string;
	/** Substring of path + query that only this operation's request has (the sandbox's fault matcher). */
	faultPath: () => string;
	parameters: () => INodeParameters;
	check: (json: Record<string, unknown>) => void;
}

const OPS: Op[] = [
	{
		name: 'Container Get',
		method: 'GET',
		path: () => `/v2/containers/${fixture('ready_for_pickup')}`,
		faultPath: () => `containers/${fixture('ready_for_pickup')}?`,
		parameters: () => ({
			resource: 'container',
			operation: 'get',
			containerId: { mode: 'id', value: fixture('ready_for_pickup') },
		}),
		check: (json) => {
			expect(json.number).toBe('MSCU4949012');
			expect(json.ready_for_pickup).toBe(true);
		},
	},
	{
		name: 'Container Get Map',
		method: 'GET',
		path: () => `/v2/containers/${fixture('on_ship')}/map_geojson`,
		faultPath: () => `containers/${fixture('on_ship')}/map_geojson`,
		parameters: () => ({
			resource: 'container',
			operation: 'getMap',
			containerId: { mode: 'id', value: fixture('on_ship') },
		}),
		check: (json) => {
			expect(json.type).toBe('FeatureCollection');
			expect(Array.isArray(json.features) && json.features.length).toBeGreaterThan(0);
		},
	},
	{
		name: 'Container Refresh',
		method: 'PATCH',
		path: () => `/v2/containers/${fixture('ready_for_pickup')}/refresh`,
		faultPath: () => `containers/${fixture('ready_for_pickup')}/refresh`,
		parameters: () => ({
			resource: 'container',
			operation: 'refresh',
			containerId: { mode: 'id', value: fixture('ready_for_pickup') },
		}),
		check: (json) => {
			expect(json.container_id).toBe(fixture('ready_for_pickup'));
			expect(json.refresh_requested).toBe(true);
		},
	},
];

const run = (op: Op, continueOnFail = false, timeoutCapMs = 700) =>
	runCapped({
		timeoutCapMs,
		nodeType: new Terminal49(),
		parameters: op.parameters(),
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		continueOnFail,
	});

/** Requests the sandbox saw for the operation's path, with their status (0 = connection dropped). */
const hits = (op: Op) =>
	sb.requests.filter((r) => r.path === op.path() && r.method === op.method).map((r) => r.status);

describe.each(OPS)('$name', (op) => {
	test('a 5xx burst shorter than the retry budget ends in success', async () => {
		sb.injectFault({ kind: '500', count: 1, path: op.faultPath() });
		sb.injectFault({ kind: '503', count: 1, path: op.faultPath() });
		const out = await run(op);
		expect(out).toHaveLength(1);
		op.check(out[0].json);
		expect(hits(op)).toEqual([500, 503, 200]);
	});

	test('a 429 storm of 2 is waited out (Retry-After) and ends in success', async () => {
		sb.injectFault({ kind: '429', count: 2, path: op.faultPath() });
		const started = Date.now();
		const out = await run(op);
		op.check(out[0].json);
		expect(hits(op)).toEqual([429, 429, 200]);
		// Retry-After is 1 s: two waits, and no more.
		expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
		expect(Date.now() - started).toBeLessThan(7000);
	});

	test('an answer slower than the timeout is abandoned and retried', async () => {
		sb.injectFault({ kind: 'slow', count: 1, delayMs: 2500, path: op.faultPath() });
		const started = Date.now();
		const out = await run(op);
		op.check(out[0].json);
		// The slow one was abandoned by the client before the sandbox answered (status 0 in the log).
		expect(sb.requests.filter((r) => r.path === op.path()).map((r) => [r.fault, r.status])).toEqual(
			[
				['slow', 0],
				[null, 200],
			],
		);
		expect(Date.now() - started).toBeLessThan(700 + 3000);
	});

	test('truncated JSON is not returned: the request is retried and succeeds', async () => {
		sb.injectFault({ kind: 'truncated', count: 1, path: op.faultPath() });
		const out = await run(op);
		op.check(out[0].json);
		expect(hits(op)).toEqual([200, 200]);
	});

	test('a dropped connection is retried and succeeds', async () => {
		sb.injectFault({ kind: 'reset', count: 2, path: op.faultPath() });
		const out = await run(op);
		op.check(out[0].json);
		expect(hits(op)).toEqual([0, 0, 200]);
	});
});

describe('when the fault outlasts the retry budget (Container Get): a clear NodeApiError, bounded attempts', () => {
	const op = OPS[0];

	test('5xx burst', async () => {
		sb.injectFault({ kind: '503', count: 10, path: op.faultPath() });
		const error = await caught(run(op));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe('Terminal49 or an upstream carrier is unavailable (503)');
		expect(error.description).toContain('failed after retries');
		expect(hits(op)).toEqual(Array(MAX_TRANSIENT_RETRIES + 1).fill(503));
	});

	test('429 storm', async () => {
		sb.injectFault({ kind: '429', count: 10, path: op.faultPath() });
		const error = await caught(run(op));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(
			'Terminal49 rate limit still exceeded after retries (429): 100 requests per minute',
		);
		expect(error.description).toMatch(/Retry-After time \(1 s\)/);
		expect(hits(op)).toEqual(Array(MAX_RATE_LIMIT_RETRIES + 1).fill(429));
	});

	test('slow beyond the timeout every time', async () => {
		sb.injectFault({ kind: 'slow', count: 10, delayMs: 2500, path: op.faultPath() });
		const started = Date.now();
		const error = await caught(run(op));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toMatch(/^Terminal49 did not answer within [\d.]+ s$/);
		expect(error.description).toContain(`Tried ${MAX_TRANSIENT_RETRIES + 1} time(s)`);
		expect(sb.requests.filter((r) => r.path === op.path())).toHaveLength(MAX_TRANSIENT_RETRIES + 1);
		// 4 attempts × the capped timeout + 0.4 + 0.8 + 1.6 s of backoff: no hang.
		expect(Date.now() - started).toBeLessThan((MAX_TRANSIENT_RETRIES + 1) * 700 + 2800 + 2500);
	});

	test('truncated JSON every time', async () => {
		sb.injectFault({ kind: 'truncated', count: 10, path: op.faultPath() });
		const error = await caught(run(op));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(
			'Terminal49 sent a response that is not valid JSON (it may have been cut off)',
		);
		expect(error.description).toContain('Nothing was returned');
		expect(hits(op)).toEqual(Array(MAX_TRANSIENT_RETRIES + 1).fill(200));
	});

	test('connection reset every time', async () => {
		sb.injectFault({ kind: 'reset', count: 10, path: op.faultPath() });
		const error = await caught(run(op));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toMatch(
			`Could not reach Terminal49 at ${sb.origin}: the connection was reset`,
		);
		expect(error.description).toContain(`Tried ${MAX_TRANSIENT_RETRIES + 1} time(s)`);
		expect(hits(op)).toEqual(Array(MAX_TRANSIENT_RETRIES + 1).fill(0));
	});
});
