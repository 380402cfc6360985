/**
 * Faults on Tracking Request Create (a POST, not idempotent) against the sandbox through n8n-core's real
 * ExecuteContext. After a 5xx, a dropped connection, a cut-off body or a timeout the POST is never sent
 * again (the service may have acted on it; the sandbox's request log counts the POSTs) and the error says
 * so; a 429 (the service did not act) is retried after Retry-After. Running again after a POST whose
 * answer was lost gives back the request the service did create, not a second one.
 */
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { MAX_RATE_LIMIT_RETRIES } from '../../nodes/Terminal49/transport';
import { caught, freshPacer, recordUnhandledRejections, runCapped } from './helpers';

jest.setTimeout(15_000);

const rejections = recordUnhandledRejections();
let sb: Sandbox;
let serial = 0;

beforeAll(async () => {
	sb = await startSandbox({ containers: 10, rateWindowMs: 1000, carrierDelayMs: 60_000 });
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

/** A bill of lading number no other test uses. */
const nextNumber = () => `MEDUF${Date.now() % 100000}${++serial}`;

const run = (requestNumber: string) =>
	runCapped({
		nodeType: new Terminal49(),
		parameters: {
			resource: 'trackingRequest',
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber,
			autoDetectCarrier: false,
			scac: { __rl: true, mode: 'scac', value: 'MSCU' },
		},
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
	});

const posts = () =>
	sb.requests.filter((r) => r.method === 'POST' && r.path === '/v2/tracking_requests');
/** Tracking requests the sandbox holds for a number. */
const created = (number: string) =>
	sb.store.trackingRequests.all().filter((tr) => tr.requestNumber === number);

const NOT_REPEATED = 'so it was not repeated';

describe('the POST is sent once, whatever happens to it', () => {
	test.each([
		['500', 'Terminal49 or an upstream carrier is unavailable (500)'],
		['503', 'Terminal49 or an upstream carrier is unavailable (503)'],
	] as const)('%s: a clear error, one POST', async (kind, message) => {
		sb.injectFault({ kind, count: 5, path: 'tracking_requests' });
		const number = nextNumber();
		const error = await caught(run(number));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(message);
		expect(posts().map((r) => r.status)).toEqual([Number(kind)]);
	});

	test('connection reset: one POST, the error says it was not repeated', async () => {
		sb.injectFault({ kind: 'reset', count: 5, path: 'tracking_requests' });
		const error = await caught(run(nextNumber()));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toMatch(
			`Could not reach Terminal49 at ${sb.origin}: the connection was reset`,
		);
		expect(error.description).toContain(NOT_REPEATED);
		expect(posts().map((r) => r.status)).toEqual([0]);
	});

	test('answer slower than the timeout: one POST, the error says it was not repeated', async () => {
		sb.injectFault({ kind: 'slow', count: 5, delayMs: 3000, path: 'tracking_requests' });
		const started = Date.now();
		const error = await caught(run(nextNumber()));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toMatch(/^Terminal49 did not answer within [\d.]+ s$/);
		expect(error.description).toContain(NOT_REPEATED);
		expect(posts()).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(3000);
	});

	test('truncated JSON: one POST, nothing returned as a result, and a re-run returns the request the service created', async () => {
		sb.injectFault({ kind: 'truncated', count: 1, path: 'tracking_requests' });
		const number = nextNumber();
		const error = await caught(run(number));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(
			'Terminal49 sent a response that is not valid JSON (it may have been cut off)',
		);
		expect(error.description).toContain(
			'was not repeated because the service may have acted on it',
		);
		expect(posts().map((r) => r.status)).toEqual([201]);

		// The service did create it: running again must give that request back, not make a second one.
		const out = await run(number);
		expect(out).toHaveLength(1);
		expect(out[0].json).toMatchObject({
			type: 'tracking_request',
			request_number: number,
			duplicate: true,
		});
		expect(posts().map((r) => r.status)).toEqual([201, 422]);
		expect(created(number).map((tr) => tr.id)).toEqual([out[0].json.id]);
	});
});

describe('429 (the service did not act): retried after Retry-After', () => {
	test('a storm of 2 ends in one created request', async () => {
		sb.injectFault({ kind: '429', count: 2, path: 'tracking_requests' });
		const number = nextNumber();
		const out = await run(number);
		expect(out).toHaveLength(1);
		expect(out[0].json).toMatchObject({
			type: 'tracking_request',
			request_number: number,
			status: 'pending',
			duplicate: false,
		});
		expect(posts().map((r) => r.status)).toEqual([429, 429, 201]);
		expect(created(number)).toHaveLength(1);
	});

	test('a storm beyond the retries ends in a rate-limit error naming the creation bucket', async () => {
		sb.injectFault({ kind: '429', count: 10, path: 'tracking_requests' });
		const error = await caught(run(nextNumber()));
		expect(error.constructor.name).toBe('NodeApiError');
		expect(error.message).toBe(
			'Terminal49 rate limit still exceeded after retries (429): 100 tracking request creations per minute',
		);
		expect(posts()).toHaveLength(MAX_RATE_LIMIT_RETRIES + 1);
	});
});

test('control: without faults one POST creates one request', async () => {
	const number = nextNumber();
	const out = await run(number);
	expect(out[0].json).toMatchObject({
		request_number: number,
		status: 'pending',
		duplicate: false,
	});
	expect(posts()).toHaveLength(1);
	expect(created(number).map((tr) => tr.id)).toEqual([out[0].json.id]);
});
