/**
 * The sandbox's answer deadline for webhook deliveries, shortened for one test's own deliveries (a receiver
 * that answers late or never) and given back after: every other delivery keeps the long one, so a receiver
 * starved of CPU beside other suites is not taken for a late one.
 */
import type { Sandbox } from '../../sandbox';

export async function withWebhookDeadline<T>(
	sb: Sandbox,
	timeoutMs: number,
	run: () => Promise<T>,
): Promise<T> {
	const before = sb.options.webhookTimeoutMs;
	sb.options.webhookTimeoutMs = timeoutMs;
	try {
		return await run();
	} finally {
		sb.options.webhookTimeoutMs = before;
	}
}
