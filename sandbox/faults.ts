/** Fault injection for the next N matching /v2 requests. */
import type { FaultSpec } from './types';

export const FAULT_KINDS = ['500', '503', '429', 'slow', 'truncated', 'reset'] as const;

interface ArmedFault extends FaultSpec {
	remaining: number;
	matcher: (pathAndQuery: string) => boolean;
}

function matcherFor(path: string | undefined): (s: string) => boolean {
	if (!path) return () => true;
	const re = /^\/(.+)\/([a-z]*)$/.exec(path);
	if (re) {
		const rx = new RegExp(re[1], re[2]);
		return (s) => rx.test(s);
	}
	return (s) => s.includes(path);
}

export class FaultInjector {
	private faults: ArmedFault[] = [];

	/** Validate and arm a fault. `path` is a substring of the request path+query, or `/regex/flags`. */
	add(spec: FaultSpec): FaultSpec {
		if (!FAULT_KINDS.includes(spec.kind))
			throw new Error(`kind must be one of ${FAULT_KINDS.join(', ')}`);
		const count = spec.count === undefined ? 1 : Number(spec.count);
		if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
		if (spec.path !== undefined && typeof spec.path !== 'string')
			throw new Error('path must be a string');
		const armed: ArmedFault = { ...spec, count, remaining: count, matcher: matcherFor(spec.path) };
		this.faults.push(armed);
		return {
			kind: armed.kind,
			count,
			path: armed.path,
			method: armed.method,
			delayMs: armed.delayMs,
		};
	}

	/** The fault to apply to this request, consuming one use. */
	take(method: string, pathAndQuery: string): FaultSpec | null {
		const f = this.faults.find(
			(x) =>
				x.remaining > 0 &&
				(!x.method || x.method.toUpperCase() === method) &&
				x.matcher(pathAndQuery),
		);
		if (!f) return null;
		f.remaining--;
		this.faults = this.faults.filter((x) => x.remaining > 0);
		return { kind: f.kind, count: f.count, path: f.path, delayMs: f.delayMs };
	}

	list(): Array<FaultSpec & { remaining: number }> {
		return this.faults.map((f) => ({
			kind: f.kind,
			count: f.count,
			path: f.path,
			method: f.method,
			delayMs: f.delayMs,
			remaining: f.remaining,
		}));
	}

	clear(): void {
		this.faults = [];
	}
}
