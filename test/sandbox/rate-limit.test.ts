/** Rolling-window rate limits per key, one bucket per limit, 429 with Retry-After. */
import type { Sandbox } from '../../sandbox';
import { RateLimiter } from '../../sandbox/rate-limit';
import { client, startTestSandbox, trackingRequestBody } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox({
		rateWindowMs: 3000,
		rateLimits: { default: 5, create_tracking_request: 3, infer_number: 4, refresh: 2 },
		carrierDelayMs: 60_000,
	});
});
afterAll(() => sb.close());
beforeEach(() => sb.app.limiter.reset());

const infer = (api: ReturnType<typeof client>) =>
	api.post('/tracking_requests/infer_number', { number: 'MEDU123456789' });
let n = 0;
const create = (api: ReturnType<typeof client>) =>
	api.post(
		'/tracking_requests',
		trackingRequestBody({
			request_type: 'bill_of_lading',
			request_number: `MAEU${100000 + n++}`,
			scac: 'MAEU',
		}),
	);

test('default bucket: limit, then 429 with Retry-After and the error body', async () => {
	const api = client(sb);
	for (let i = 0; i < 5; i++) expect((await api.get('/shipping_lines')).status).toBe(200);
	const res = await api.get('/containers');
	expect(res.status).toBe(429);
	const retry = Number(res.headers.get('retry-after'));
	expect(Number.isInteger(retry)).toBe(true);
	expect(retry).toBeGreaterThanOrEqual(1);
	expect(retry).toBeLessThanOrEqual(3);
	expect(res.body.errors[0]).toMatchObject({ status: '429', title: 'Too Many Requests' });
	expect(res.headers.get('x-ratelimit-limit')).toBeNull();
});

test('buckets are independent: create, infer and refresh each have their own', async () => {
	const api = client(sb);
	for (let i = 0; i < 5; i++) await api.get('/shipping_lines');
	expect((await api.get('/shipping_lines')).status).toBe(429);
	for (let i = 0; i < 3; i++) expect((await create(api)).status).toBe(201);
	const c = await create(api);
	expect(c.status).toBe(429);
	expect(c.body.errors[0].detail).toMatch(/create tracking requests limit/);
	for (let i = 0; i < 4; i++) expect((await infer(api)).status).toBe(200);
	expect((await infer(api)).status).toBe(429);
	const id = sb.fixtures[0].containerId;
	for (let i = 0; i < 2; i++)
		expect((await api.patch(`/containers/${id}/refresh`)).status).toBe(200);
	const r = await api.patch(`/containers/${id}/refresh`);
	expect(r.status).toBe(429);
	expect(r.body.errors[0].detail).toMatch(/refresh limit/);
});

test('limits are per key', async () => {
	const paid = client(sb);
	const basic = client(sb, 'sandbox_basic');
	for (let i = 0; i < 5; i++) await paid.get('/shipping_lines');
	expect((await paid.get('/shipping_lines')).status).toBe(429);
	expect((await basic.get('/shipping_lines')).status).toBe(200);
});

test('rejected requests are not counted and the window rolls', async () => {
	const api = client(sb);
	for (let i = 0; i < 5; i++) await api.get('/shipping_lines');
	for (let i = 0; i < 5; i++) expect((await api.get('/shipping_lines')).status).toBe(429);
	await new Promise((r) => setTimeout(r, 3100));
	for (let i = 0; i < 5; i++) expect((await api.get('/shipping_lines')).status).toBe(200);
	expect((await api.get('/shipping_lines')).status).toBe(429);
});

test('sliding log: Retry-After is the ceiling of the time until the oldest slot frees', () => {
	const rl = new RateLimiter(60_000, { default: 2 });
	rl.hit('k', 'default', 0);
	rl.hit('k', 'default', 10_500);
	try {
		rl.hit('k', 'default', 20_000);
		throw new Error('expected 429');
	} catch (e: any) {
		expect(e.status).toBe(429);
		expect(e.headers['Retry-After']).toBe('40');
	}
	rl.hit('k', 'default', 60_001);
	expect(rl.used('k', 'default', 60_001)).toBe(2);
	expect(rl.limits).toMatchObject({
		default: 2,
		create_tracking_request: 100,
		infer_number: 200,
		refresh: 10,
	});
});
