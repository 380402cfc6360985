/** Per-key rolling-window (sliding log) rate limiter with one bucket per limit. */
import { HttpError, TITLES } from './jsonapi';
import type { RateBucket } from './types';

export const DEFAULT_LIMITS: Record<RateBucket, number> = {
	default: 100,
	create_tracking_request: 100,
	infer_number: 200,
	refresh: 10,
};

const DETAILS: Record<RateBucket, string> = {
	default: "You've hit the rate limit. Please try again in a minute.",
	create_tracking_request:
		"You've hit the create tracking requests limit. Please try again in a minute.",
	infer_number: 'Rate limit exceeded',
	refresh: "You've hit the refresh limit. Please try again in a minute.",
};

export class RateLimiter {
	private readonly logs = new Map<string, number[]>();
	readonly limits: Record<RateBucket, number>;

	constructor(
		readonly windowMs: number,
		limits: Partial<Record<RateBucket, number>> = {},
	) {
		this.limits = { ...DEFAULT_LIMITS, ...limits };
	}

	/** Count one request, or throw a 429 (not counted) with Retry-After in whole seconds (>= 1). */
	hit(key: string, bucket: RateBucket, now = Date.now()): void {
		const id = `${key}|${bucket}`;
		const log = (this.logs.get(id) ?? []).filter((t) => t > now - this.windowMs);
		const limit = this.limits[bucket];
		if (log.length >= limit) {
			this.logs.set(id, log);
			const waitMs = log.length ? log[0] + this.windowMs - now : this.windowMs;
			const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
			throw new HttpError(429, [{ status: '429', title: TITLES[429], detail: DETAILS[bucket] }], {
				'Retry-After': String(retryAfter),
			});
		}
		log.push(now);
		this.logs.set(id, log);
	}

	/** Requests counted in the current window. */
	used(key: string, bucket: RateBucket, now = Date.now()): number {
		return (this.logs.get(`${key}|${bucket}`) ?? []).filter((t) => t > now - this.windowMs).length;
	}

	reset(): void {
		this.logs.clear();
	}
}
