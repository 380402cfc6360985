/** The deduplication store: window, bounds, and the static data it writes. */
import type { IDataObject } from 'n8n-workflow';

import { checkAndRecord, forgetScope, MAX_IN_MEMORY, MAX_PERSISTED, STATIC_KEY } from '../../nodes/Terminal49/trigger/dedup';
import { changesetToObject, readNotification } from '../../nodes/Terminal49/trigger/payload';
import { verifySignature, sign } from '../../nodes/Terminal49/trigger/signature';

const HOUR = 3_600_000;
let n = 0;
const scope = () => `wf-unit:${++n}`;

describe('checkAndRecord', () => {
	test('a second sighting inside the window is a duplicate; after the window it is new again', () => {
		const s = scope();
		const data: IDataObject = {};
		const t0 = 1_700_000_000_000;
		expect(checkAndRecord(data, s, 'a', 24 * HOUR, t0)).toEqual({ duplicate: false });
		expect(checkAndRecord(data, s, 'a', 24 * HOUR, t0 + 23 * HOUR)).toEqual({ duplicate: true, firstSeenAt: t0 });
		expect(checkAndRecord(data, s, 'a', 24 * HOUR, t0 + 25 * HOUR)).toEqual({ duplicate: false });
		expect(data[STATIC_KEY]).toEqual({ a: t0 + 25 * HOUR });
	});

	test('static data alone (a restarted process) recognises a duplicate', () => {
		const data: IDataObject = {};
		const t0 = 1_700_000_000_000;
		checkAndRecord(data, scope(), 'x', HOUR, t0);
		const stored = JSON.parse(JSON.stringify(data));
		expect(checkAndRecord(stored, scope(), 'x', HOUR, t0 + 1000).duplicate).toBe(true);
	});

	test('static data keeps at most MAX_PERSISTED ids, the newest', () => {
		const s = scope();
		const data: IDataObject = {};
		const t0 = 1_700_000_000_000;
		const YEAR = 365 * 24 * HOUR;
		for (let i = 0; i < MAX_PERSISTED + 50; i++) checkAndRecord(data, s, `id-${i}`, YEAR, t0 + i * 60_000);
		const stored = data[STATIC_KEY] as IDataObject;
		expect(Object.keys(stored)).toHaveLength(MAX_PERSISTED);
		expect(stored['id-0']).toBeUndefined();
		expect(stored[`id-${MAX_PERSISTED + 49}`]).toBe(t0 + (MAX_PERSISTED + 49) * 60_000);
		// the in-process map still knows the oldest ones
		expect(checkAndRecord({}, s, 'id-0', YEAR, t0 + (MAX_PERSISTED + 50) * 60_000).duplicate).toBe(true);
	});

	test('the in-process map is bounded too', () => {
		const s = scope();
		const t0 = 1_700_000_000_000;
		const YEAR = 365 * 24 * HOUR;
		const at = (i: number) => t0 + i * 60_000;
		for (let i = 0; i < MAX_IN_MEMORY + 10; i++) checkAndRecord({}, s, `m-${i}`, YEAR, at(i));
		expect(checkAndRecord({}, s, 'm-0', YEAR, at(MAX_IN_MEMORY + 20)).duplicate).toBe(false);
		expect(checkAndRecord({}, s, `m-${MAX_IN_MEMORY + 9}`, YEAR, at(MAX_IN_MEMORY + 21)).duplicate).toBe(true);
		forgetScope(s);
	});

	test('a save writes the ids of concurrent deliveries the stored copy lost', () => {
		const s = scope();
		const t0 = 1_700_000_000_000;
		const loadedByA: IDataObject = {};
		const loadedByB: IDataObject = {};
		checkAndRecord(loadedByA, s, 'A', HOUR, t0);
		checkAndRecord(loadedByB, s, 'B', HOUR, t0 + 1);
		expect(Object.keys(loadedByB[STATIC_KEY] as object).sort()).toEqual(['A', 'B']);
	});

	test('duplicates of ids already stored do not rewrite static data', () => {
		const s = scope();
		const data: IDataObject = {};
		checkAndRecord(data, s, 'z', HOUR, 1000);
		const before = data[STATIC_KEY];
		checkAndRecord(data, s, 'z', HOUR, 2000);
		expect(data[STATIC_KEY]).toBe(before);
	});
});

describe('payload and signature helpers', () => {
	test('changeset pairs become {old, new}', () => {
		expect(changesetToObject({ pickup_lfd: ['2026-01-01', null], holds: [[{ name: 'customs' }], []] })).toEqual({
			pickup_lfd: { old: '2026-01-01', new: null },
			holds: { old: [{ name: 'customs' }], new: [] },
		});
		expect(changesetToObject(undefined)).toBeNull();
	});

	test('readNotification names what is missing', () => {
		expect(readNotification([])).toEqual({ problem: 'the body is not a JSON object' });
		expect(readNotification({ data: { type: 'webhook_notification', attributes: { event: 'x' } } })).toEqual({ problem: 'data.id is missing' });
		expect(readNotification({ data: { id: 'n', attributes: {} } })).toEqual({ problem: 'data.attributes.event is missing' });
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
