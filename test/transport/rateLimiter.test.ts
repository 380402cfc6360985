import { acquireSlot, recordRateLimited, resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';

beforeEach(() => resetRateLimiter());

test('the first `limit` requests of a window go at once, the next waits for the window to roll', async () => {
	const options = { key: 'k:default', limit: 3, windowMs: 400 };
	const waits: number[] = [];
	const started = Date.now();
	for (let i = 0; i < 4; i++) waits.push(await acquireSlot(options));
	expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
	expect(waits[3]).toBeGreaterThanOrEqual(390);
	expect(Date.now() - started).toBeGreaterThanOrEqual(390);
});

test('buckets and keys are independent', async () => {
	await acquireSlot({ key: 'a:refresh', limit: 1, windowMs: 10_000 });
	expect(await acquireSlot({ key: 'a:default', limit: 1, windowMs: 10_000 })).toBe(0);
	expect(await acquireSlot({ key: 'b:refresh', limit: 1, windowMs: 10_000 })).toBe(0);
});

test('after a 429 the pacer holds for Retry-After and keeps to the share that got through', async () => {
	const options = { key: 'shared:default', limit: 10, windowMs: 300 };
	for (let i = 0; i < 5; i++) await acquireSlot(options);
	// The 6th was refused: another client uses the other half of the key's limit.
	await acquireSlot(options);
	recordRateLimited(options, 200);
	const started = Date.now();
	await acquireSlot(options);
	expect(Date.now() - started).toBeGreaterThanOrEqual(195);
	// Our share is now what got through (5, half the limit), growing by a tenth per window: below 10.
	for (let i = 0; i < 5; i++) await acquireSlot(options);
	const seventh = Date.now();
	await acquireSlot(options);
	expect(Date.now() - seventh).toBeGreaterThan(50);
});

test('a burst of 429s never slows the pace below half the limit', async () => {
	const options = { key: 'storm:default', limit: 10, windowMs: 300 };
	await acquireSlot(options);
	recordRateLimited(options, 0);
	recordRateLimited(options, 0);
	// Five requests still go out in this window at once (share = half of 10), the sixth waits.
	const started = Date.now();
	for (let i = 0; i < 5; i++) await acquireSlot(options);
	expect(Date.now() - started).toBeLessThan(50);
});
