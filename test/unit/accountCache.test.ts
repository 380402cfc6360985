/**
 * The per-key cache of GET /me (client/accountCache.ts), on a clock the test moves: an execution's own
 * reading serves it however old; others reuse a reading for ACCOUNT_TTL_MS; one read in flight per key;
 * a refusal needs a reading of this execution or one younger than REFUSAL_MAX_AGE_MS; a failed read is
 * not kept.
 */
import {
	ACCOUNT_TTL_MS,
	cachedReading,
	countCreated,
	freshEnoughToRefuse,
	REFUSAL_MAX_AGE_MS,
	resetAccountCache,
} from '../../nodes/Terminal49/client/accountCache';

let time = 1_000_000;
const now = () => time;
let reads = 0;
const read = async () => ({ n: ++reads });

beforeEach(() => {
	resetAccountCache();
	time = 1_000_000;
	reads = 0;
});

test("an execution's own reading serves it however old; other executions reuse it for the TTL only", async () => {
	const a = { keyId: 'k1', executionId: 'exec-a' };
	const first = await cachedReading(a, read, ACCOUNT_TTL_MS, now);
	expect(first.value).toEqual({ n: 1 });
	time += ACCOUNT_TTL_MS * 3;
	expect((await cachedReading(a, read, 0, now)).value).toEqual({ n: 1 });
	const b = { keyId: 'k1', executionId: 'exec-b' };
	expect((await cachedReading(b, read, ACCOUNT_TTL_MS, now)).value).toEqual({ n: 2 });
	time += ACCOUNT_TTL_MS - 1;
	const c = { keyId: 'k1', executionId: 'exec-c' };
	expect((await cachedReading(c, read, ACCOUNT_TTL_MS, now)).value).toEqual({ n: 2 });
	expect(reads).toBe(2);
});

test('per key: another key reads its own; two executions asking at once share one read', async () => {
	await cachedReading({ keyId: 'k1' }, read, ACCOUNT_TTL_MS, now);
	const [x, y] = await Promise.all([
		cachedReading({ keyId: 'k2', executionId: 'x' }, read, ACCOUNT_TTL_MS, now),
		cachedReading({ keyId: 'k2', executionId: 'y' }, read, ACCOUNT_TTL_MS, now),
	]);
	expect(x).toBe(y);
	expect(reads).toBe(2);
});

test('a refusal needs a reading of this execution, or one just made', async () => {
	const other = await cachedReading({ keyId: 'k1', executionId: 'old' }, read, ACCOUNT_TTL_MS, now);
	const key = { keyId: 'k1', executionId: 'new' };
	const borrowed = await cachedReading(key, read, ACCOUNT_TTL_MS, now);
	expect(borrowed).toBe(other);
	expect(freshEnoughToRefuse(key, borrowed, now)).toBe(true);
	time += REFUSAL_MAX_AGE_MS + 1;
	expect(freshEnoughToRefuse(key, borrowed, now)).toBe(false);
	const fresh = await cachedReading(key, read, 0, now);
	expect(fresh.value).toEqual({ n: 2 });
	time += ACCOUNT_TTL_MS;
	expect(freshEnoughToRefuse(key, fresh, now)).toBe(true);
});

test('created tracking requests count on the readings made before them', async () => {
	const key = { keyId: 'k1', executionId: 'e' };
	const reading = await cachedReading(key, read, ACCOUNT_TTL_MS, now);
	countCreated(key);
	countCreated({ keyId: 'k1', executionId: 'another' });
	expect(reading.created).toBe(2);
	countCreated({ keyId: 'k-unread' });
	expect(reads).toBe(1);
});

test('a read that fails is not kept: the next asks again', async () => {
	const failing = async () => {
		reads++;
		throw new Error('down');
	};
	await expect(cachedReading({ keyId: 'k1' }, failing, ACCOUNT_TTL_MS, now)).rejects.toThrow(
		'down',
	);
	expect((await cachedReading({ keyId: 'k1' }, read, ACCOUNT_TTL_MS, now)).value).toEqual({ n: 2 });
});
