/** The two deduplication layers: the process's claims (window, pending copies, failures) and n8n's store. */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	claimDelivery,
	firstInStore,
	isUniqueViolation,
	forgetScope,
	MAX_DURABLE,
	MAX_IN_MEMORY,
} from '../../nodes/Terminal49/trigger/dedup';
import { readNotification } from '../../nodes/Terminal49/trigger/payload';
import { changesetToObject } from '../../nodes/Terminal49/views/triggerItem';
import { verifySignature, sign } from '../../nodes/Terminal49/trigger/signature';
import { MemoryProcessedData } from '../helpers/processedData';

const HOUR = 3_600_000;
let n = 0;
const scope = () => `wf-unit:${++n}`;

describe('layer 1: claimDelivery (the receiving process)', () => {
	test('an id answered 2xx is a duplicate inside the window and new again after it', async () => {
		const s = scope();
		let now = 1_000_000;
		const clock = () => now;
		const first = await claimDelivery(s, 'a', 24 * HOUR, clock);
		expect(first.duplicate).toBe(false);
		if (!first.duplicate) first.settle(true);
		now += 23 * HOUR;
		expect(await claimDelivery(s, 'a', 24 * HOUR, clock)).toEqual({
			duplicate: true,
			firstSeenAt: 1_000_000,
		});
		now += 2 * HOUR;
		expect((await claimDelivery(s, 'a', 24 * HOUR, clock)).duplicate).toBe(false);
	});

	test('an id whose delivery was not answered 2xx is forgotten: the redelivery runs', async () => {
		const s = scope();
		const first = await claimDelivery(s, 'b', HOUR);
		if (!first.duplicate) first.settle(false);
		expect((await claimDelivery(s, 'b', HOUR)).duplicate).toBe(false);
	});

	test('a copy that arrives while the first is being recorded waits for its answer', async () => {
		const s = scope();
		const first = await claimDelivery(s, 'c', HOUR);
		if (first.duplicate) throw new Error('expected a first claim');
		let copyDone = false;
		const copy = claimDelivery(s, 'c', HOUR).then((claim) => {
			copyDone = true;
			return claim;
		});
		await new Promise((resolve) => setImmediate(resolve));
		expect(copyDone).toBe(false);
		first.settle(true);
		expect((await copy).duplicate).toBe(true);

		// the first fails: the copy takes over (and is not a duplicate)
		const other = await claimDelivery(s, 'd', HOUR);
		if (other.duplicate) throw new Error('expected a first claim');
		const takeover = claimDelivery(s, 'd', HOUR);
		other.settle(false);
		const taken = await takeover;
		expect(taken.duplicate).toBe(false);
		if (!taken.duplicate) taken.settle(true);
		expect((await claimDelivery(s, 'd', HOUR)).duplicate).toBe(true);
	});

	test('settle counts once (finish, then close)', async () => {
		const s = scope();
		const claim = await claimDelivery(s, 'e', HOUR);
		if (claim.duplicate) throw new Error('expected a first claim');
		claim.settle(true);
		claim.settle(false);
		expect((await claimDelivery(s, 'e', HOUR)).duplicate).toBe(true);
	});

	test('memory is bounded: the oldest ids go first', async () => {
		const s = scope();
		let now = 0;
		const clock = () => now;
		for (let i = 0; i < MAX_IN_MEMORY + 10; i++) {
			now = i;
			const claim = await claimDelivery(s, `m-${i}`, 100 * HOUR, clock);
			if (!claim.duplicate) claim.settle(true);
		}
		now = MAX_IN_MEMORY + 20;
		expect((await claimDelivery(s, 'm-0', 100 * HOUR, clock)).duplicate).toBe(false);
		expect((await claimDelivery(s, `m-${MAX_IN_MEMORY + 9}`, 100 * HOUR, clock)).duplicate).toBe(
			true,
		);
		forgetScope(s);
		expect((await claimDelivery(s, `m-${MAX_IN_MEMORY + 9}`, 100 * HOUR, clock)).duplicate).toBe(
			false,
		);
	});
});

describe("layer 2: firstInStore (n8n's deduplication store, from the execution)", () => {
	const context = (store: MemoryProcessedData, workflowId: string, failing = false) =>
		({
			getNode: () => ({ id: 'trigger-node', name: 'Terminal49 Trigger' }),
			getWorkflow: () => ({ id: workflowId, active: true }),
			helpers: {
				checkProcessedAndRecord: async (
					items: string[],
					s: 'node',
					options: { mode: 'entries'; maxEntries?: number },
				) => {
					if (failing) throw new Error('database is locked');
					return await store.checkProcessedAndRecord(
						items,
						s,
						{ workflow: { id: workflowId, active: true }, node: { id: 'trigger-node' } as never },
						options,
					);
				},
			},
		}) as unknown as IExecuteFunctions;

	test('overlapping executions share one read and write; the first copy of an id wins; kept across restarts', async () => {
		const store = new MemoryProcessedData();
		const ctx = context(store, 'wf-store-1');
		const s = scope();
		const results = await Promise.all([
			firstInStore.call(ctx, s, ['x']),
			firstInStore.call(ctx, s, ['y']),
			firstInStore.call(ctx, s, ['x']),
			firstInStore.call(ctx, s, ['z', 'y']),
		]);
		expect(results).toEqual([[true], [true], [false], [true, false]]);
		// the first call reads and writes alone; the three that came meanwhile share the next
		expect(store.calls).toBe(2);
		// a "restarted" process: memory gone, the store is not
		forgetScope(s);
		expect(await firstInStore.call(ctx, s, ['x', 'w'])).toEqual([false, true]);
	});

	test(`keeps the newest ${MAX_DURABLE} ids`, async () => {
		const store = new MemoryProcessedData();
		const ctx = context(store, 'wf-store-2');
		const s = scope();
		const ids = Array.from({ length: MAX_DURABLE + 5 }, (_, i) => `id-${i}`);
		await firstInStore.call(ctx, s, ids);
		expect(await firstInStore.call(ctx, s, ['id-0', `id-${MAX_DURABLE + 4}`])).toEqual([
			true,
			false,
		]);
	});

	test('a failure of the store fails every execution waiting on it (none is emitted unchecked)', async () => {
		const ctx = context(new MemoryProcessedData(), 'wf-store-3', true);
		const s = scope();
		await expect(
			Promise.all([firstInStore.call(ctx, s, ['a']), firstInStore.call(ctx, s, ['b'])]),
		).rejects.toThrow('database is locked');
	});

	test("queue mode: the first row written by two workers at once (the loser's insert hits the primary key) is retried once, then recorded", async () => {
		const store = new MemoryProcessedData();
		let calls = 0;
		const ctx = {
			getNode: () => ({ id: 'trigger-node', name: 'Terminal49 Trigger' }),
			helpers: {
				checkProcessedAndRecord: async (items: string[], s: 'node', options: never) => {
					calls++;
					if (calls === 1)
						throw Object.assign(
							new Error(
								'duplicate key value violates unique constraint "PK_ca04b9d8dc72de268fe07a65773"',
							),
							{ code: '23505' },
						);
					return await store.checkProcessedAndRecord(
						items,
						s,
						{
							workflow: { id: 'wf-store-pk', active: true },
							node: { id: 'trigger-node' } as never,
						},
						options,
					);
				},
			},
		} as unknown as IExecuteFunctions;
		expect(await firstInStore.call(ctx, scope(), ['a', 'b'])).toEqual([true, true]);
		expect(calls).toBe(2);
		expect(isUniqueViolation(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed'))).toBe(true);
		expect(isUniqueViolation(new Error('database is locked'))).toBe(false);
	});

	test('an n8n without the store: undefined (no durable layer)', async () => {
		const ctx = { helpers: {} } as unknown as IExecuteFunctions;
		expect(await firstInStore.call(ctx, scope(), ['a'])).toBeUndefined();
	});
});

describe('payload and signature helpers', () => {
	test('changeset pairs become {old, new}', () => {
		expect(
			changesetToObject({ pickup_lfd: ['2026-01-01', null], holds: [[{ name: 'customs' }], []] }),
		).toEqual({
			pickup_lfd: { old: '2026-01-01', new: null },
			holds: { old: [{ name: 'customs' }], new: [] },
		});
		expect(changesetToObject(undefined)).toBeNull();
		// a placeholder date is no date (the newer serializer's 2099-12-30 rail LFD)
		expect(changesetToObject({ pickup_lfd_rail: ['2099-12-30', '2026-12-10'] })).toEqual({
			pickup_lfd_rail: { old: null, new: '2026-12-10' },
		});
	});

	test('readNotification names what is missing', () => {
		expect(readNotification([])).toEqual({ problem: 'the body is not a JSON object' });
		expect(
			readNotification({ data: { type: 'webhook_notification', attributes: { event: 'x' } } }),
		).toEqual({ problem: 'data.id is missing' });
		expect(readNotification({ data: { id: 'n', attributes: {} } })).toEqual({
			problem: 'data.attributes.event is missing',
		});
	});

	test('verifySignature: exact bytes, lowercase or uppercase hex, nothing else', () => {
		const body = Buffer.from('{"a":1}');
		const good = sign(body, 's');
		expect(good).toMatch(/^[0-9a-f]{64}$/);
		expect(verifySignature(body, good, 's')).toBe(true);
		expect(verifySignature(body, good.toUpperCase(), 's')).toBe(true);
		expect(verifySignature(body, [good], 's')).toBe(true);
		expect(verifySignature(Buffer.from('{"a": 1}'), good, 's')).toBe(false);
		expect(verifySignature(body, good, '')).toBe(false);
		expect(verifySignature(body, undefined, 's')).toBe(false);
		expect(verifySignature(body, good.slice(2), 's')).toBe(false);
	});
});
