/** Small shared helpers: deterministic randomness, ids, ISO 6346 / IMO check digits, dates. */

/**
 * `Math.imul` read once: under jest the sandbox runs in a vm context, where every read of a global (`Math`)
 * goes through the context's interceptor, about 25 times slower than a module binding. The hashes below read
 * it once per character: uuidFromKey alone was half the unit suite's CPU time.
 */
const imul = Math.imul;

/**
 * The answers of the two hottest pure functions below, by argument: a list page derives the same event ids and
 * timestamps for every container on every request. Emptied when full, so a long bench run stays bounded.
 */
function memo<K, V>(compute: (key: K) => V, limit = 200_000): (key: K) => V {
	const answers = new Map<K, V>();
	return (key) => {
		let value = answers.get(key);
		if (value === undefined) {
			if (answers.size >= limit) answers.clear();
			value = compute(key);
			answers.set(key, value);
		}
		return value;
	};
}

/** Deterministic 32-bit PRNG (mulberry32). */
export class Rng {
	private state: number;
	constructor(seed: number) {
		this.state = seed >>> 0 || 0x9e3779b9;
	}
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = imul(t ^ (t >>> 15), t | 1);
		t ^= t + imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}
	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}
	chance(p: number): boolean {
		return this.next() < p;
	}
	/** A version-4 shaped UUID built from this generator (deterministic). */
	uuid(): string {
		const hex: string[] = [];
		for (let i = 0; i < 32; i++) hex.push(Math.floor(this.next() * 16).toString(16));
		hex[12] = '4';
		hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
		const s = hex.join('');
		return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
	}
	digits(n: number): string {
		let s = '';
		for (let i = 0; i < n; i++) s += String(this.int(0, 9));
		return s;
	}
}

/** A version-4 shaped UUID derived from a key (fast, deterministic; for derived records such as events). */
export const uuidFromKey = memo(uuidOf);

function uuidOf(key: string): string {
	const h = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b].map((seed) => {
		let x = seed >>> 0;
		for (let i = 0; i < key.length; i++) {
			x ^= key.charCodeAt(i);
			x = imul(x, 0x01000193);
			x ^= x >>> 13;
		}
		return (x >>> 0).toString(16).padStart(8, '0');
	});
	const s = h.join('');
	const variant = ((parseInt(s[16], 16) & 0x3) | 0x8).toString(16);
	return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** FNV-1a hash of a string, used to derive per-object deterministic seeds. */
export function hashString(s: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = imul(h, 0x01000193);
	}
	return h >>> 0;
}

const ISO6346_LETTER_VALUES: Record<string, number> = (() => {
	const values: Record<string, number> = {};
	let v = 10;
	for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
		if (v % 11 === 0) v++;
		values[ch] = v;
		v++;
	}
	return values;
})();

/** ISO 6346 check digit for the first 10 characters (owner code, category, serial). */
export function iso6346CheckDigit(first10: string): number {
	const s = first10.toUpperCase();
	let sum = 0;
	for (let i = 0; i < 10; i++) {
		const ch = s[i];
		const value = /[0-9]/.test(ch) ? Number(ch) : ISO6346_LETTER_VALUES[ch];
		sum += value * 2 ** i;
	}
	return (sum % 11) % 10;
}

export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{3}[UJZ][0-9]{7}$/;

/** True when `number` is a well-formed ISO 6346 container number with a correct check digit. */
export function isValidContainerNumber(number: string): boolean {
	const s = number.toUpperCase();
	if (!CONTAINER_NUMBER_PATTERN.test(s)) return false;
	return iso6346CheckDigit(s.slice(0, 10)) === Number(s[10]);
}

/** Complete a 10-character owner+serial into a valid 11-character container number. */
export function withCheckDigit(first10: string): string {
	return first10.toUpperCase() + String(iso6346CheckDigit(first10));
}

/** IMO number check: 7 digits, weighted sum of the first six (7..2) mod 10 equals the last. */
export function isValidImo(imo: string): boolean {
	if (!/^[0-9]{7}$/.test(imo)) return false;
	let sum = 0;
	for (let i = 0; i < 6; i++) sum += Number(imo[i]) * (7 - i);
	return sum % 10 === Number(imo[6]);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** ISO 8601 in UTC without milliseconds, as the service emits (`2022-10-21T20:19:13Z`). */
export function iso(ms: number | null | undefined): string | null {
	if (ms === null || ms === undefined || Number.isNaN(ms)) return null;
	return isoSecond(Math.floor(ms / 1000));
}

const isoSecond = memo((second: number) =>
	new Date(second * 1000).toISOString().replace('.000Z', 'Z'),
);

export function parseTime(value: unknown): number | null {
	if (value === null || value === undefined || value === '') return null;
	if (typeof value === 'number') return value;
	const t = Date.parse(String(value));
	return Number.isNaN(t) ? null : t;
}

const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();
const ZONE_OFFSETS = new Map<string, number>();

/** Standard UTC offsets (hours) of the US zones of terminals.csv; they follow the US DST rule. */
const US_ZONES: Record<string, number> = {
	'America/New_York': -5,
	'America/Chicago': -6,
	'America/Denver': -7,
	'America/Los_Angeles': -8,
};

function nthSunday(year: number, month: number, n: number): number {
	const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
	return 1 + ((7 - first) % 7) + 7 * (n - 1);
}

/** US rule: DST from the second Sunday of March 02:00 to the first Sunday of November 02:00 local. */
function usOffset(ms: number, std: number): number {
	const y = new Date(ms).getUTCFullYear();
	const start = Date.UTC(y, 2, nthSunday(y, 2, 2), 2) - std * 3_600_000;
	const end = Date.UTC(y, 10, nthSunday(y, 10, 1), 2) - (std + 1) * 3_600_000;
	return (ms >= start && ms < end ? std + 1 : std) * 3_600_000;
}

/** UTC offset (ms) of an IANA time zone at an instant (US zones by rule, others through Intl, cached per hour). */
export function zoneOffset(ms: number, timeZone: string): number {
	const std = US_ZONES[timeZone];
	if (std !== undefined) return usOffset(ms, std);
	const key = `${timeZone}|${Math.floor(ms / 3_600_000)}`;
	const cached = ZONE_OFFSETS.get(key);
	if (cached !== undefined) return cached;
	let f = ZONE_FORMATS.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		});
		ZONE_FORMATS.set(timeZone, f);
	}
	const parts: Record<string, number> = {};
	for (const p of f.formatToParts(new Date(ms)))
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	const whole = Math.floor(ms / 1000) * 1000;
	const offset =
		Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) -
		whole;
	ZONE_OFFSETS.set(key, offset);
	return offset;
}

/**
 * A last free day: local midnight (start of that day) in the terminal's time zone, as a UTC instant —
 * e.g. 2022-10-24T04:00:00Z in New York during daylight saving time, as the live service sends it.
 */
export function lfdInstant(ms: number, timeZone = 'America/Los_Angeles'): number {
	const local = new Date(ms + zoneOffset(ms, timeZone));
	const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
	return midnight - zoneOffset(midnight - zoneOffset(midnight, timeZone), timeZone);
}

export function clone<T>(value: T): T {
	return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export function deepEqual(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
