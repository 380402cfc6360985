import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { claimDelivery } from './dedup';
import { admissionOf, refusal } from './admission';
import { deduplicationWindowMs } from './description';
import type { StoredWebhook } from './lifecycle';
import { terminal49 } from '../client';
import { attributesOf } from '../client/jsonApi';
import { manualSecret, webhookManagement } from './lifecycle';
import { readNotification, scopeOf } from './payload';
import { testListenNotReady } from './sample';
import { SIGNATURE_HEADER, verifySignature } from './signature';

/**
 * The answer path of one delivery (webhook(), in the process that receives the request): read the raw
 * bytes, verify the signature, parse, filter on the selected events and on "Only When" (the change facts of
 * the delivery, domain/changeFacts.ts), deduplicate, and hand the delivery to
 * n8n. Everything else (loading a container, building the item) happens in the execution (emit.ts).
 *
 * An accepted delivery is answered by n8n, not by the node: for a node that returns `workflowData` without
 * answering, n8n 2.41 records the execution in its database first and answers 200 after that
 * (webhook-helpers.js, `shouldDeferOnReceivedResponse`). So a 2xx always means the delivery is kept: if n8n
 * stops before, Terminal49 gets no 2xx and delivers again. The node watches the response to learn how it
 * ended (dedup.ts, layer 1). Refusals and deliveries that start nothing (an event not selected, no chosen
 * change, a duplicate) are answered by the node itself.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

function refuse(
	this: IWebhookFunctions,
	status: number,
	error: string,
	reason: string,
): IWebhookResponseData {
	this.logger.warn(`Terminal49 Trigger refused a delivery (HTTP ${status}): ${reason}`);
	this.getResponseObject().status(status).json({ error });
	return { noWebhookResponse: true };
}

/** 200 to Terminal49 for a delivery that starts no execution. */
function answer(this: IWebhookFunctions, body: IDataObject): IWebhookResponseData {
	this.getResponseObject().status(200).json(body);
	return { noWebhookResponse: true };
}

/** The exact bytes n8n received (never a re-serialisation of a parsed body), or why they are unavailable. */
async function rawBodyOf(
	this: IWebhookFunctions,
): Promise<{ body: Buffer } | { status: number; reason: string }> {
	const req = this.getRequestObject();
	const declared = Number(req.headers['content-length']);
	if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
		return {
			status: 413,
			reason: `Content-Length ${declared} is over the ${MAX_BODY_BYTES} byte limit`,
		};
	}
	// n8n 2.41: typeVersion 1 nodes get req.rawBody filled before webhook(); for content types n8n does not
	// parse (application/vnd.api+json) newer versions must call readRawBody(), which fills req.rawBody.
	if (!Buffer.isBuffer(req.rawBody) && typeof req.readRawBody === 'function') {
		let failure: string | undefined;
		try {
			await req.readRawBody();
		} catch (error) {
			// Answered with 400/413 below; thrown here it would make n8n record a failed execution.
			failure = error instanceof Error ? error.message : String(error);
		}
		if (failure !== undefined) {
			return /too large|limit/i.test(failure)
				? { status: 413, reason: `the body is over n8n's payload limit (${failure})` }
				: { status: 400, reason: `the body could not be read (${failure})` };
		}
	}
	const raw: unknown = req.rawBody;
	if (!Buffer.isBuffer(raw)) return { body: Buffer.alloc(0) };
	if (raw.length > MAX_BODY_BYTES) {
		return {
			status: 413,
			reason: `the body is ${raw.length} bytes, over the ${MAX_BODY_BYTES} byte limit`,
		};
	}
	return { body: raw };
}

function parseJson(body: Buffer): { value: unknown } | undefined {
	const text = body.toString('utf8').replace(/^\uFEFF/, '');
	try {
		return { value: JSON.parse(text) as unknown };
	} catch {
		// not JSON: answered with 400 by the caller
		return undefined;
	}
}

function secretOf(this: IWebhookFunctions): string {
	if (webhookManagement.call(this) === 'manual') return manualSecret.call(this);
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	return typeof data.webhookSecret === 'string' ? data.webhookSecret : '';
}

/** How long the webhooks registered at the node's URL are remembered: at most one look-up per node in this time. */
export const SECRET_REFRESH_INTERVAL_MS = 60_000;

interface RegisteredSecrets {
	at: number;
	/** Id and secret of every webhook at the node's URL (shared by the deliveries that wait for it). */
	hooks: Promise<Array<{ id: string; secret: string }>>;
}
const registeredSecrets = new Map<string, RegisteredSecrets>();

/** The secret last found by a look-up, per node: n8n does not save it when it answers the delivery itself. */
const foundSecrets = new Map<string, string>();

/** The webhooks registered at `url`, looked up at most once per interval per node (failures included). */
function secretsAt(
	this: IWebhookFunctions,
	scope: string,
	url: string,
): RegisteredSecrets['hooks'] {
	const now = Date.now();
	for (const [key, entry] of registeredSecrets)
		if (now - entry.at >= SECRET_REFRESH_INTERVAL_MS) registeredSecrets.delete(key);
	let entry = registeredSecrets.get(scope);
	if (!entry) {
		const hooks = terminal49(this)
			.webhooks.at(url)
			.then((records) =>
				records.flatMap((record) => {
					const secret = attributesOf(record).secret;
					return typeof secret === 'string' && secret ? [{ id: String(record.id), secret }] : [];
				}),
			);
		// Awaited by the deliveries that need it; this only keeps a failure from counting as unhandled.
		hooks.catch(() => undefined);
		entry = { at: now, hooks };
		registeredSecrets.set(scope, entry);
	}
	return entry.hooks;
}

/**
 * The stored secret can be out of date or gone: the workflow's static data was lost or copied without it,
 * or an older n8n save wrote back a previous webhook's id and secret. When a signature matches neither the
 * stored secret nor one found earlier (Automatic mode, active workflow), the node checks it against the
 * webhooks Terminal49 has registered at its URL (looked up at most once a minute, so forged deliveries
 * cannot make it hammer the API). Returns whether one verifies; when it does, its id and secret are written
 * to static data (which n8n saves only for a request the node answers itself: see receiveDelivery).
 */
async function refreshSecret(
	this: IWebhookFunctions,
	body: Buffer,
	signature: unknown,
): Promise<boolean> {
	if (webhookManagement.call(this) !== 'automatic' || this.getMode() === 'manual') return false;
	const url = this.getNodeWebhookUrl('default');
	if (!url) return false;
	let hooks: Awaited<RegisteredSecrets['hooks']>;
	try {
		hooks = await secretsAt.call(this, scopeOf.call(this), url);
	} catch (error) {
		// The delivery is refused (401) and Terminal49 sends it again later, after the next look-up.
		this.logger.warn(
			`Terminal49 Trigger: could not look up the webhook secret: ${error instanceof Error ? error.message : String(error)}`,
		);
		return false;
	}
	const match = hooks.find((hook) => verifySignature(body, signature, hook.secret));
	if (!match) return false;
	foundSecrets.set(scopeOf.call(this), match.secret);
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	data.webhookId = match.id;
	data.webhookSecret = match.secret;
	this.logger.info(
		`Terminal49 Trigger: the stored webhook secret was out of date; now using webhook ${match.id}'s`,
	);
	if (hooks.length > 1) {
		this.logger.warn(
			`Terminal49 Trigger: ${hooks.length} webhooks are registered at this workflow's URL; unpublish and publish it again to keep one`,
		);
	}
	return true;
}

/** Forget remembered look-ups (tests). */
export function resetSecretRefresh() {
	registeredSecrets.clear();
	foundSecrets.clear();
}

/** Whether the signature matches the stored secret, or the one a look-up found since (Automatic mode). */
function verified(
	this: IWebhookFunctions,
	body: Buffer,
	signature: unknown,
	secret: string,
): boolean {
	if (verifySignature(body, signature, secret)) return true;
	const found =
		webhookManagement.call(this) === 'automatic' ? foundSecrets.get(scopeOf.call(this)) : undefined;
	return found !== undefined && found !== secret && verifySignature(body, signature, found);
}

/** Calls `settle` once with whether the response to this request finished with a 2xx status. */
function onAnswered(this: IWebhookFunctions, settle: (answered: boolean) => void) {
	const res = this.getResponseObject();
	res.once('finish', () => settle(res.statusCode >= 200 && res.statusCode < 300));
	// the connection closed before an answer was sent: Terminal49 got no 2xx and delivers again
	res.once('close', () => settle(false));
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const secret = secretOf.call(this);
	// Automatic mode goes on without a stored secret (static data lost): the look-up below may find it.
	if (!secret && webhookManagement.call(this) === 'manual') {
		return refuse.call(
			this,
			401,
			'Signature cannot be verified',
			'the "Webhook Secret" of the node is empty',
		);
	}

	const read = await rawBodyOf.call(this);
	if ('status' in read)
		return refuse.call(
			this,
			read.status,
			read.status === 413 ? 'Payload too large' : 'Bad request',
			read.reason,
		);
	const body = read.body;
	if (body.length === 0) return refuse.call(this, 401, 'Invalid signature', 'the body is empty');

	const signature = this.getHeaderData()[SIGNATURE_HEADER];
	if (signature === undefined || signature === '') {
		return refuse.call(this, 401, 'Invalid signature', `the ${SIGNATURE_HEADER} header is missing`);
	}
	let refreshed = false;
	if (
		!verified.call(this, body, signature, secret) &&
		!(refreshed = await refreshSecret.call(this, body, signature))
	) {
		return secret
			? refuse.call(
					this,
					401,
					'Invalid signature',
					`the ${SIGNATURE_HEADER} header does not match the body (wrong secret, or the body was changed on the way)`,
				)
			: refuse.call(
					this,
					401,
					'Signature cannot be verified',
					'no webhook secret is stored for this node and no webhook registered at its URL signed this (publish the workflow again: Unpublish, then Publish; n8n 1.x: turn Active off and on)',
				);
	}

	if (refreshed) {
		// n8n saves static data only for a request the node answers itself: this one, so that the webhook
		// id is right again (deactivation removes that webhook). Terminal49 delivers it again shortly; until
		// n8n has saved it, the secret found is also kept in memory.
		return refuse.call(
			this,
			503,
			'Webhook secret refreshed: deliver again',
			'the stored webhook secret was out of date and has been replaced',
		);
	}

	if (testListenNotReady.call(this)) {
		// "Listen for test event": the sample came before n8n had stored what create() wrote; it is asked
		// for again (sample.ts). Accepted now, it would end a listen n8n has not finished setting up.
		return refuse.call(
			this,
			503,
			'Not listening yet: deliver again',
			'the delivery came before n8n had finished setting up the test listen ("Execute step")',
		);
	}

	const parsed = parseJson(body);
	if (!parsed)
		return refuse.call(this, 400, 'Body is not JSON', 'the signed body is not valid JSON');
	const notification = readNotification(parsed.value);
	if ('problem' in notification) {
		return refuse.call(this, 400, 'Not a Terminal49 webhook notification', notification.problem);
	}

	const options = this.getNodeParameter('options', {}) as IDataObject;
	// Events and "Only When" (admission.ts): decided here, so such deliveries start no execution at all. Only
	// When not in a test listen: "Listen for test event" must show the sample it asked for, whatever change
	// it carries (its item's `changes` show whether Only When would have let it through).
	const admission = admissionOf(
		this.getNodeParameter('events', []),
		options,
		this.getMode() === 'manual',
	);
	const refused = refusal(admission, notification);
	if (refused?.ignored === 'event not selected') {
		this.logger.debug(
			`Terminal49 Trigger: ignored ${notification.event} (not among the selected events)`,
		);
		return answer.call(this, {
			received: true,
			ignored: refused.ignored,
			event: notification.event,
		});
	}
	if (refused) {
		this.logger.debug(
			`Terminal49 Trigger: ignored ${notification.event} ${notification.id} (none of the chosen changes: ${refused.facts.join(', ') || 'none'})`,
		);
		return answer.call(this, {
			received: true,
			ignored: refused.ignored,
			event: notification.event,
			notification_id: notification.id,
		});
	}

	// A test listen ("Listen for test event", mode manual) is never deduplicated, as in execute(): Terminal49
	// may send its sample of an event with the same notification id each time, and a listen must show it.
	const windowMs = this.getMode() === 'manual' ? 0 : deduplicationWindowMs(options);
	if (windowMs > 0) {
		const claim = await claimDelivery(scopeOf.call(this), notification.id, windowMs);
		if (claim.duplicate) {
			this.logger.info(
				`Terminal49 Trigger: duplicate delivery of notification ${notification.id} ignored`,
			);
			return answer.call(this, {
				received: true,
				duplicate: true,
				notification_id: notification.id,
			});
		}
		onAnswered.call(this, claim.settle);
	}

	// n8n records the execution, then answers 200 with webhookResponse (responseData '' in the description).
	return {
		webhookResponse: { received: true, notification_id: notification.id },
		workflowData: [[{ json: notification.document }]],
	};
}
