/**
 * Pins `Date` (and only it) at an instant: the node's "today" and every date it derives stay put while the
 * timers, the network and n8n-core run as they do. `jest.setSystemTime` moves it; `jest.useRealTimers` ends it.
 */
export function pinDate(now: number): void {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
		now,
	});
}
