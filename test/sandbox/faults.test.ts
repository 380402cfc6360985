/** Fault injection: 500, 503, 429 storm, slow, truncated JSON, connection reset; path matching; count. */
import http from 'node:http';
import type { Sandbox } from '../../sandbox';
import { client, control, startTestSandbox } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
	sb = await startTestSandbox();
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.clearFaults());

test.each([
	['500', 500],
	['503', 503],
])('%s for the next N matching requests, then normal', async (kind, status) => {
	expect(
		(await control(sb, 'POST', '/faults', { kind, count: 2, path: '/containers' })).status,
	).toBe(201);
	for (let i = 0; i < 2; i++) {
		const res = await api.get('/containers');
		expect(res.status).toBe(status);
		expect(res.body.errors[0].status).toBe(String(status));
	}
	expect((await api.get('/containers')).status).toBe(200);
});

test('429 storm carries Retry-After', async () => {
	sb.injectFault({ kind: '429', count: 3, delayMs: 2000 });
	for (let i = 0; i < 3; i++) {
		const res = await api.get('/shipping_lines');
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('2');
	}
	expect((await api.get('/shipping_lines')).status).toBe(200);
});

test('path matching: substring or /regex/; others pass untouched', async () => {
	sb.injectFault({ kind: '500', count: 1, path: '/^\\/v2\\/shipments\\?/' });
	expect((await api.get('/shipments/nope')).status).toBe(404);
	expect((await api.get('/containers')).status).toBe(200);
	expect((await api.get('/shipments?page[size]=1')).status).toBe(500);
	sb.injectFault({ kind: '503', count: 1, path: 'page[size]=7' });
	expect((await api.get('/containers?page[size]=7')).status).toBe(503);
});

test('slow delays the answer (long enough for a client timeout)', async () => {
	sb.injectFault({ kind: 'slow', count: 1, delayMs: 400 });
	const t0 = Date.now();
	const res = await api.get('/shipping_lines');
	expect(res.status).toBe(200);
	expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
	sb.injectFault({ kind: 'slow', count: 1, delayMs: 2000 });
	await expect(
		fetch(`${sb.baseUrl}/shipping_lines`, {
			headers: { Authorization: 'Token sandbox_paid' },
			signal: AbortSignal.timeout(200),
		}),
	).rejects.toThrow();
});

test('truncated sends a 200 whose JSON body is cut short', async () => {
	sb.injectFault({ kind: 'truncated', count: 1 });
	const res = await fetch(`${sb.baseUrl}/containers`, {
		headers: { Authorization: 'Token sandbox_paid' },
	});
	expect(res.status).toBe(200);
	const text = await res.text();
	expect(() => JSON.parse(text)).toThrow();
	expect(text.length).toBeGreaterThan(0);
});

test('reset destroys the connection', async () => {
	sb.injectFault({ kind: 'reset', count: 1, path: '/containers' });
	const err = await new Promise<NodeJS.ErrnoException>((resolve) => {
		const req = http.get(
			`${sb.baseUrl}/containers`,
			{ headers: { Authorization: 'Token sandbox_paid' } },
			() => resolve(new Error('answered') as NodeJS.ErrnoException),
		);
		req.on('error', (e) => resolve(e));
	});
	expect(
		['ECONNRESET', 'socket hang up'].some((s) => err.code === s || err.message.includes(s)),
	).toBe(true);
	expect((await api.get('/containers')).status).toBe(200);
	expect(sb.requests.some((r) => r.fault === 'reset' && r.status === 0)).toBe(true);
});

test('faults are logged, listed and cleared; bad specs are refused', async () => {
	sb.injectFault({ kind: '500', count: 5 });
	expect((await control(sb, 'GET', '/faults')).body[0]).toMatchObject({
		kind: '500',
		remaining: 5,
	});
	await control(sb, 'DELETE', '/faults');
	expect((await control(sb, 'GET', '/faults')).body).toEqual([]);
	expect((await control(sb, 'POST', '/faults', { kind: 'explode', count: 1 })).status).toBe(400);
	expect((await control(sb, 'POST', '/faults', { kind: '500', count: 0 })).status).toBe(400);
});
