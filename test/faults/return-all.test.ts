/**
 * Faults during Container Get Many with Return All (250 containers = 3 pages of 100, the sandbox's lists as
 * the older service served them: `legacyLists`) against the sandbox,
 * through n8n-core's real ExecuteContext. A fault the retries absorb still returns every container exactly
 * once; a fault that outlasts them fails the whole list (no partial list reported as complete), also with
 * Continue On Fail, where the item is an error instead of the first pages.
 */
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { MAX_TRANSIENT_RETRIES } from '../../nodes/Terminal49/transport';
import { caught, freshPacer, recordUnhandledRejections, runCapped } from './helpers';

jest.setTimeout(15_000);

const TOTAL = 250;
const rejections = recordUnhandledRejections();
let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({
		containers: TOTAL,
		rateWindowMs: 1000,
		carrierDelayMs: 50,
		legacyLists: true,
	});
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

/** Fault matcher for page N of the list (links.next carries page[number]=N, brackets raw or encoded). */
const pagePath = (n: number) => `/number(\\]|%5D)=${n}(&|$)/`;
const FIRST_PAGE = 'containers?';

const run = (continueOnFail = false, timeoutCapMs?: number) =>
	runCapped({
		timeoutCapMs,
		nodeType: new Terminal49(),
		parameters: { resource: 'container', operation: 'getAll', returnAll: true },
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		continueOnFail,
	});

/** [page, status] of every list request the sandbox saw (status 0 = connection dropped). */
const pages = () =>
	sb.requests
		.filter((r) => r.path === '/v2/containers')
		.map((r) => [Number(r.query['page[number]'] ?? 1), r.status] as [number, number]);

function expectComplete(out: Array<{ json: Record<string, unknown> }>) {
	expect(out).toHaveLength(TOTAL);
	const ids = new Set(out.map((item) => item.json.id));
	expect(ids.size).toBe(TOTAL);
	expect(
		out.every((item) => item.json.type === 'container' && typeof item.json.number === 'string'),
	).toBe(true);
}

describe('faults the retries absorb: every container, once', () => {
	test('5xx burst on page 2', async () => {
		sb.injectFault({ kind: '500', count: 1, path: pagePath(2) });
		sb.injectFault({ kind: '503', count: 1, path: pagePath(2) });
		expectComplete(await run());
		expect(pages()).toEqual([
			[1, 200],
			[2, 500],
			[2, 503],
			[2, 200],
			[3, 200],
		]);
	});

	test('connection reset twice on page 3', async () => {
		sb.injectFault({ kind: 'reset', count: 2, path: pagePath(3) });
		expectComplete(await run());
		expect(pages()).toEqual([
			[1, 200],
			[2, 200],
			[3, 0],
			[3, 0],
			[3, 200],
		]);
	});

	test('truncated JSON on page 2', async () => {
		sb.injectFault({ kind: 'truncated', count: 1, path: pagePath(2) });
		expectComplete(await run());
		expect(pages()).toEqual([
			[1, 200],
			[2, 200],
			[2, 200],
			[3, 200],
		]);
		expect(sb.requests.filter((r) => r.fault === 'truncated')).toHaveLength(1);
	});

	test('page 2 slower than the timeout', async () => {
		sb.injectFault({ kind: 'slow', count: 1, delayMs: 3000, path: pagePath(2) });
		expectComplete(await run(false, 700));
		expect(pages()).toEqual([
			[1, 200],
			[2, 0],
			[2, 200],
			[3, 200],
		]);
	});

	test('429 storm on the first page', async () => {
		sb.injectFault({ kind: '429', count: 2, path: FIRST_PAGE });
		const started = Date.now();
		expectComplete(await run());
		expect(pages()).toEqual([
			[1, 429],
			[1, 429],
			[1, 200],
			[2, 200],
			[3, 200],
		]);
		expect(Date.now() - started).toBeLessThan(6000);
	});

	test('429 storm in the middle (page 2): waits Retry-After, then finishes at the normal pace', async () => {
		// Two 1 s Retry-Afters and three pages: a few seconds. Guards a regression this suite found: the
		// pacer used to shrink its share to the requests it had sent in the last 60 s (here 1) and then
		// waited a full minute before each further page (121 s for these 3 pages).
		sb.injectFault({ kind: '429', count: 2, path: pagePath(2) });
		const started = Date.now();
		expectComplete(await run());
		expect(pages()).toEqual([
			[1, 200],
			[2, 429],
			[2, 429],
			[2, 200],
			[3, 200],
		]);
		expect(Date.now() - started).toBeLessThan(8000);
	});
});

describe('a Return All interrupted mid-way fails instead of returning part of the list', () => {
	test('5xx burst on page 2 beyond the retries', async () => {
		sb.injectFault({ kind: '503', count: 10, path: pagePath(2) });
		const error = await caught(run());
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe('Terminal49 or an upstream carrier is unavailable (503)');
		expect(error.description).toContain('GET /containers');
		expect(pages()).toEqual([[1, 200], ...Array(MAX_TRANSIENT_RETRIES + 1).fill([2, 503])]);
	});

	test('connection reset on the last page beyond the retries', async () => {
		sb.injectFault({ kind: 'reset', count: 10, path: pagePath(3) });
		const error = await caught(run());
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toMatch(
			`Could not reach Terminal49 at ${sb.origin}: the connection was reset`,
		);
		expect(pages()).toEqual([[1, 200], [2, 200], ...Array(MAX_TRANSIENT_RETRIES + 1).fill([3, 0])]);
	});

	test('truncated JSON on page 2 beyond the retries', async () => {
		sb.injectFault({ kind: 'truncated', count: 10, path: pagePath(2) });
		const error = await caught(run());
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(
			'Terminal49 sent a response that is not valid JSON (it may have been cut off)',
		);
		expect(pages()).toHaveLength(1 + MAX_TRANSIENT_RETRIES + 1);
	});

	test('with Continue On Fail: one error item, none of the 200 containers already fetched', async () => {
		sb.injectFault({ kind: 'reset', count: 10, path: pagePath(3) });
		const out = await run(true);
		expect(out).toEqual([
			{
				json: {
					error: `Could not reach Terminal49 at ${sb.origin}: the connection was reset`,
					error_description: expect.stringContaining('GET /containers'),
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
