import {
	acquireSlot,
	PROBE_INTERVAL_MS,
	recordRateLimited,
	resetRateLimiter,
} from '../../nodes/Terminal49/transport/rateLimiter';

beforeEach(() => resetRateLimiter());

/** Sends `count` requests through the pacer, each answered at once. Returns the ms each one waited. */
async function send(options: Parameters<typeof acquireSlot>[0], count: number) {
	const waits: number[] = [];
	for (let i = 0; i < count; i++) {
		const slot = await acquireSlot(options);
		slot.settle();
		waits.push(slot.waited);
	}
	return waits;
}

test('the first `limit` requests of a window go at once, the next waits for the window to roll', async () => {
	const options = { key: 'k:default', limit: 3, windowMs: 400 };
	const started = Date.now();
	const waits = await send(options, 4);
	expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
	expect(waits[3]).toBeGreaterThanOrEqual(390);
	expect(Date.now() - started).toBeGreaterThanOrEqual(390);
});

test('buckets and keys are independent', async () => {
	await send({ key: 'a:refresh', limit: 1, windowMs: 10_000 }, 1);
	expect(await send({ key: 'a:default', limit: 1, windowMs: 10_000 }, 1)).toEqual([0]);
	expect(await send({ key: 'b:refresh', limit: 1, windowMs: 10_000 }, 1)).toEqual([0]);
});

test('a request counts from the time its answer arrived: a slow answer pushes the next slot back', async () => {
	let clock = 1_000;
	const now = () => clock;
	const options = { key: 'slow:default', limit: 1, windowMs: 1_000, now };
	const first = await acquireSlot(options);
	// Sent at 1000, answered at 1800: the service may have counted it as late as 1800.
	clock = 1_800;
	first.settle();
	clock = 2_100;
	// Sent-time logging would let the next one go at 2001; it must wait until 2801.
	const second = acquireSlot({ ...options, now: () => clock });
	let released = false;
	void second.then(() => (released = true));
	await new Promise((resolve) => setImmediate(resolve));
	expect(released).toBe(false);
	clock = 2_802;
	const slot = await second;
	expect(slot.waited).toBeGreaterThanOrEqual(700);
});

test('after a 429 the pacer holds for Retry-After and keeps to the share that got through', async () => {
	const options = { key: 'shared:default', limit: 10, windowMs: 300 };
	await send(options, 5);
	// The 6th was refused: another client uses the other half of the key's limit.
	recordRateLimited(options, await acquireSlot(options), 200);
	const started = Date.now();
	await send(options, 1);
	expect(Date.now() - started).toBeGreaterThanOrEqual(195);
	// Our share is now what got through (5, half the limit), and stays there: no probe within PROBE_INTERVAL_MS.
	await send(options, 4);
	const sixth = Date.now();
	await send(options, 1);
	expect(Date.now() - sixth).toBeGreaterThan(50);
});

test('a refused request does not count in the window', async () => {
	const options = { key: 'cancel:default', limit: 2, windowMs: 60_000 };
	await send(options, 1);
	(await acquireSlot(options)).cancel();
	// Had the refused one counted, the window (2 of 2) would hold the next for a minute.
	expect(await send(options, 1)).toEqual([0]);
});

test('a burst of 429s never slows the pace below half the limit', async () => {
	const options = { key: 'storm:default', limit: 10, windowMs: 300 };
	await send(options, 1);
	recordRateLimited(options, await acquireSlot(options), 0);
	recordRateLimited(options, await acquireSlot(options), 0);
	// Four more still go out in this window at once (share = half of 10, one already counted), the next waits.
	const started = Date.now();
	await send(options, 4);
	expect(Date.now() - started).toBeLessThan(50);
});

test(`the share grows back only after ${PROBE_INTERVAL_MS / 1000} s without a 429, by a tenth of the limit`, async () => {
	let clock = 0;
	const now = () => clock;
	const options = { key: 'probe:default', limit: 10, windowMs: 1_000, now };
	for (let i = 0; i < 5; i++) (await acquireSlot(options)).settle();
	recordRateLimited(options, await acquireSlot(options), 0);
	const countInOneWindow = async () => {
		const start = clock;
		let sent = 0;
		for (;;) {
			const pending = acquireSlot(options);
			let released = false;
			void pending.then(() => (released = true));
			await new Promise((resolve) => setImmediate(resolve));
			if (!released) {
				clock = start + 10 * 1_000 + 1; // move far past the window and let it go
				(await pending).settle();
				return sent;
			}
			(await pending).settle();
			sent++;
		}
	};
	clock = 5_000; // several windows later but inside the probe interval: still 5
	expect(await countInOneWindow()).toBe(5);
	clock = PROBE_INTERVAL_MS + 1_000; // a quiet probe interval: one more
	expect(await countInOneWindow()).toBe(6);
});

test('a credential with another limit or window for the same key starts with its full share', async () => {
	const tight = { key: 'same-key:default', limit: 4, windowMs: 300 };
	await send(tight, 2);
	recordRateLimited(tight, await acquireSlot(tight), 0);
	// Learned under 4 per 300 ms: a share of 2, and 2 already counted.
	const other = { key: 'same-key:default', limit: 100, windowMs: 60_000 };
	const started = Date.now();
	const waits = await send(other, 10);
	expect(waits.every((w) => w === 0)).toBe(true);
	expect(Date.now() - started).toBeLessThan(100);
});
