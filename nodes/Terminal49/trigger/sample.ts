import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { terminal49 } from '../client';

/**
 * "Listen for test event": a sample delivery at the click of a button. When n8n sets up the trigger's test
 * webhook (mode manual), create() asks Terminal49 (`POST /webhooks/trigger {url, event, secret}`) to send a
 * signed sample of the first selected event to the Test URL, signed with the secret the trigger verifies,
 * so a real-shaped event arrives within seconds instead of waiting for a container to change.
 *
 * Why the request is not awaited in create(): Terminal49 delivers the sample while it answers the request
 * (its answer carries the receiver's status), and n8n 2.41 (test-webhooks.js needsWebhook) registers the
 * test webhook before it calls checkExists/create but stores the static data create() wrote (the secret)
 * only after create() has returned. A sample awaited inside create() would arrive while n8n still holds an
 * empty static data, and one accepted then would end the listen before n8n has finished setting it up. So
 * create() starts the request and returns; the request runs beside n8n's setup.
 *
 * Why it is still safe if the sample is faster than n8n: create() writes a marker next to the secret, and
 * a delivery to a test listen whose static data lacks it (or the secret) is refused by webhook() with 401
 * or 503 before it starts anything (webhook.ts). Terminal49 reports that status in its answer, and the
 * sample is asked for again after a pause, at most SAMPLE_ATTEMPTS times (all within about 4 s).
 *
 * A sample that cannot be had (Terminal49 cannot reach this n8n: localhost, a private network, plain
 * http; the request refused; the API key revoked) never breaks the listen: n8n keeps listening for real
 * events, and the reason is logged as a warning. The sample is example data of Terminal49's, not one of
 * the account's containers.
 */
export const SAMPLE_ATTEMPTS = 3;
/** The pause before each further attempt (ms). */
export const SAMPLE_RETRY_DELAYS_MS = [1_000, 2_000];
/** The static data key create() sets for a test listen; webhook() refuses a test delivery without it. */
export const TEST_LISTEN_KEY = 'testListen';

/** Whether the lifecycle method runs for "Listen for test event" (n8n's test webhook), not for activation. */
export function isTestListen(this: IHookFunctions | IWebhookFunctions): boolean {
	return this.getMode() === 'manual';
}

/** Marks the node's static data of a test listen as set up by create() (see webhook.ts). */
export function markTestListen(data: IDataObject) {
	data[TEST_LISTEN_KEY] = true;
}

/**
 * true for a delivery to a test listen whose static data does not (yet) carry create()'s marker: it came
 * before n8n had stored what create() wrote, so the listen is not fully set up and it must not start an
 * execution.
 */
export function testListenNotReady(this: IWebhookFunctions): boolean {
	if (this.getMode() !== 'manual') return false;
	return (this.getWorkflowStaticData('node') as IDataObject)[TEST_LISTEN_KEY] !== true;
}

const inFlight = new Set<Promise<void>>();

/** Resolves once every sample asked for so far has been delivered or given up (tests). */
export async function samplesSettled(): Promise<void> {
	while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Asks Terminal49 for a signed sample of `event` at `url` and returns at once (see above). The request and
 * its retries run beside n8n; every outcome is logged.
 */
export function requestSample(
	this: IHookFunctions,
	sample: { url: string; event: string; secret: string },
): void {
	const run = sendSample.call(this, sample).catch((error: unknown) => {
		// sendSample reports its own failures; this only keeps an unexpected one from being unhandled.
		this.logger.warn(
			`Terminal49 Trigger: the sample ${sample.event} event could not be asked for: ${messageOf(error)}`,
		);
	});
	inFlight.add(run);
	void run.finally(() => inFlight.delete(run));
}

function messageOf(error: unknown): string {
	if (error instanceof Error) {
		const description = (error as { description?: unknown }).description;
		return typeof description === 'string' && description
			? `${error.message} (${description})`
			: error.message;
	}
	return String(error);
}

const UNREACHABLE_ADVICE =
	"Terminal49 must reach this n8n at a public https address (n8n's WEBHOOK_URL); an n8n on localhost, on a private network or on plain http receives no sample and no real event. The listen goes on: a real event still arrives if Terminal49 can deliver it.";

async function sendSample(
	this: IHookFunctions,
	{ url, event, secret }: { url: string; event: string; secret: string },
): Promise<void> {
	const t49 = terminal49(this);
	if (!(await t49.webhooks.delivers(url))) {
		this.logger.warn(
			`Terminal49 Trigger: no sample event: Terminal49 delivers only to https URLs, and the Test URL is ${url}. ${UNREACHABLE_ADVICE}`,
		);
		return;
	}
	for (let attempt = 1; attempt <= SAMPLE_ATTEMPTS; attempt++) {
		if (attempt > 1) await sleep(SAMPLE_RETRY_DELAYS_MS[attempt - 2] ?? 2_000);
		let result: IDataObject;
		try {
			result = await t49.webhooks.sendTest({ url, event, secret });
		} catch (error) {
			// Not retried: the transport already retried what is worth retrying (429, 5xx, network).
			this.logger.warn(
				`Terminal49 Trigger: could not ask Terminal49 for a sample ${event} event: ${messageOf(error)}. The listen goes on without it.`,
			);
			return;
		}
		if (result.succeeded === true) {
			this.logger.info(
				`Terminal49 Trigger: Terminal49 delivered a sample ${event} event to the Test URL`,
			);
			return;
		}
		const status = typeof result.status_code === 'number' ? result.status_code : null;
		// 401/503: the node refused it because n8n had not finished setting up the listen (webhook.ts)
		if ((status === 401 || status === 503) && attempt < SAMPLE_ATTEMPTS) continue;
		const reason =
			typeof result.error === 'string' && result.error
				? result.error
				: `the Test URL answered HTTP ${String(status)}`;
		this.logger.warn(
			`Terminal49 Trigger: Terminal49 could not deliver the sample ${event} event to ${url}: ${reason}. ${
				status === null ? UNREACHABLE_ADVICE : 'The listen goes on without it.'
			}`,
		);
		return;
	}
}
