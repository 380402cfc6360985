import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { ResourceObject } from '../helpers/jsonApi';
import { isResourceObject } from '../helpers/jsonApi';
import { apiRequest } from '../transport';
import { checkAndRecord } from './dedup';
import { DEFAULT_DEDUPLICATION_HOURS } from './description';
import type { StoredWebhook } from './lifecycle';
import { manualSecret, webhookManagement, webhooksAt } from './lifecycle';
import type { Notification } from './payload';
import { containerIdOf, hasFullContainer, readNotification, referenceIdentifier, simplifyNotification } from './payload';
import { SIGNATURE_HEADER, verifySignature } from './signature';

/**
 * One delivery: read the raw bytes, verify the signature, parse, filter, deduplicate, build the item.
 *
 * The node answers every request itself (`res.status().json()`) and returns `noWebhookResponse`, with
 * `workflowData` only for an accepted delivery. Refusals (401/400/413) and 200s without an execution
 * therefore start nothing and record nothing. Answering itself is also what makes n8n 2.41 keep what
 * webhook() wrote to static data (the deduplication ids): when n8n sends the answer of a request that
 * starts an execution, those writes are lost (test/e2e/n8n-webhook-facts.e2e.test.ts); when the node answers,
 * n8n saves them right after the response (live-webhooks.js, response callback).
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const HOUR_MS = 3_600_000;

function refuse(this: IWebhookFunctions, status: number, error: string, reason: string): IWebhookResponseData {
	this.logger.warn(`Terminal49 Trigger refused a delivery (HTTP ${status}): ${reason}`);
	this.getResponseObject().status(status).json({ error });
	return { noWebhookResponse: true };
}

/** 200 to Terminal49; the workflow starts only when an item is given. */
function accept(this: IWebhookFunctions, body: IDataObject, item?: IDataObject): IWebhookResponseData {
	this.getResponseObject().status(200).json(body);
	return item
		? { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray([item])] }
		: { noWebhookResponse: true };
}

/** The exact bytes n8n received (never a re-serialisation of a parsed body), or why they are unavailable. */
async function rawBodyOf(this: IWebhookFunctions): Promise<{ body: Buffer } | { status: number; reason: string }> {
	const req = this.getRequestObject();
	const declared = Number(req.headers['content-length']);
	if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
		return { status: 413, reason: `Content-Length ${declared} is over the ${MAX_BODY_BYTES} byte limit` };
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
		return { status: 413, reason: `the body is ${raw.length} bytes, over the ${MAX_BODY_BYTES} byte limit` };
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

function scopeOf(this: IWebhookFunctions): string {
	const node = this.getNode();
	return `${String(this.getWorkflow().id)}:${node.id ?? node.name}`;
}

/** The webhooks registered at `url`, looked up at most once per interval per node (failures included). */
function secretsAt(this: IWebhookFunctions, scope: string, url: string): RegisteredSecrets['hooks'] {
	const now = Date.now();
	for (const [key, entry] of registeredSecrets) if (now - entry.at >= SECRET_REFRESH_INTERVAL_MS) registeredSecrets.delete(key);
	let entry = registeredSecrets.get(scope);
	if (!entry) {
		const hooks = webhooksAt.call(this, url).then((records) =>
			records.flatMap((record) => {
				const secret = ((record.attributes ?? {}) as IDataObject).secret;
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
 * The stored secret can be out of date: n8n saves a delivery's whole static data after it is answered,
 * so a delivery still running when the workflow is activated again writes back the old webhook id and
 * secret over the new ones. When a signature does not match the stored secret (Automatic mode, active
 * workflow), the node checks it against the webhooks Terminal49 has registered at its URL (looked up at
 * most once a minute, so forged deliveries cannot make it hammer the API) and stores the id and secret
 * of the one that verifies. Returns whether one did.
 */
async function refreshSecret(this: IWebhookFunctions, body: Buffer, signature: unknown): Promise<boolean> {
	if (webhookManagement.call(this) !== 'automatic' || this.getMode() === 'manual') return false;
	const url = this.getNodeWebhookUrl('default');
	if (!url) return false;
	let hooks: Awaited<RegisteredSecrets['hooks']>;
	try {
		hooks = await secretsAt.call(this, scopeOf.call(this), url);
	} catch (error) {
		// The delivery is refused (401) and Terminal49 sends it again later, after the next look-up.
		this.logger.warn(`Terminal49 Trigger: could not look up the webhook secret: ${error instanceof Error ? error.message : String(error)}`);
		return false;
	}
	const match = hooks.find((hook) => verifySignature(body, signature, hook.secret));
	if (!match) return false;
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	if (data.webhookId !== match.id || data.webhookSecret !== match.secret) {
		data.webhookId = match.id;
		data.webhookSecret = match.secret;
		this.logger.info(`Terminal49 Trigger: the stored webhook secret was out of date; now using webhook ${match.id}'s`);
	}
	if (hooks.length > 1) {
		this.logger.warn(`Terminal49 Trigger: ${hooks.length} webhooks are registered at this workflow's URL; deactivate and activate it to keep one`);
	}
	return true;
}

/** Forget remembered look-ups (tests). */
export function resetSecretRefresh() {
	registeredSecrets.clear();
}

function selected(this: IWebhookFunctions): Set<string> {
	const raw = this.getNodeParameter('events', []) as unknown;
	return new Set((Array.isArray(raw) ? raw : []).map((event) => String(event).trim()));
}

/**
 * Loads the container a bare event is about: its id from the reference object (asking Terminal49 for the
 * notification when the payload does not carry the reference object), then the container with its
 * shipment and terminal.
 */
async function fetchContainer(this: IWebhookFunctions, notification: Notification) {
	let reference: ResourceObject | undefined;
	let containerId = containerIdOf(notification);
	if (!containerId) {
		const document = await apiRequest.call(this, {
			method: 'GET',
			path: `/webhook_notifications/${encodeURIComponent(notification.id)}`,
			qs: { include: 'reference_object' },
		});
		const refId = referenceIdentifier(notification.document);
		reference = (document.included ?? []).filter(isResourceObject).find(
			(resource) => refId && resource.type === refId.type && String(resource.id) === String(refId.id),
		);
		containerId = containerIdOf(notification, reference);
	}
	if (!containerId) return { reference };
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: `/containers/${encodeURIComponent(containerId)}`,
		qs: { include: 'shipment,pod_terminal' },
	});
	const container = isResourceObject(document.data) ? (document.data as ResourceObject) : undefined;
	return { reference, container, extraIncluded: document.included ?? [] };
}

export async function handleDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const secret = secretOf.call(this);
	// Automatic mode goes on without a stored secret (static data lost): the look-up below may find it.
	if (!secret && webhookManagement.call(this) === 'manual') {
		return refuse.call(this, 401, 'Signature cannot be verified', 'the "Webhook Secret" of the node is empty');
	}

	const read = await rawBodyOf.call(this);
	if ('status' in read) return refuse.call(this, read.status, read.status === 413 ? 'Payload too large' : 'Bad request', read.reason);
	const body = read.body;
	if (body.length === 0) return refuse.call(this, 401, 'Invalid signature', 'the body is empty');

	const signature = this.getHeaderData()[SIGNATURE_HEADER];
	if (signature === undefined || signature === '') {
		return refuse.call(this, 401, 'Invalid signature', `the ${SIGNATURE_HEADER} header is missing`);
	}
	if (!verifySignature(body, signature, secret) && !(await refreshSecret.call(this, body, signature))) {
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
					'no webhook secret is stored for this node and no webhook registered at its URL signed this (activate the workflow again)',
				);
	}

	const parsed = parseJson(body);
	if (!parsed) return refuse.call(this, 400, 'Body is not JSON', 'the signed body is not valid JSON');
	const notification = readNotification(parsed.value);
	if ('problem' in notification) {
		return refuse.call(this, 400, 'Not a Terminal49 webhook notification', notification.problem);
	}

	if (!selected.call(this).has(notification.event)) {
		this.logger.debug(`Terminal49 Trigger: ignored ${notification.event} (not among the selected events)`);
		return accept.call(this, { received: true, ignored: 'event not selected', event: notification.event });
	}

	const options = this.getNodeParameter('options', {}) as IDataObject;
	const hours = options.deduplicationHours === undefined ? DEFAULT_DEDUPLICATION_HOURS : Number(options.deduplicationHours);
	if (Number.isFinite(hours) && hours > 0) {
		const result = checkAndRecord(this.getWorkflowStaticData('node'), scopeOf.call(this), notification.id, hours * HOUR_MS);
		if (result.duplicate) {
			this.logger.info(`Terminal49 Trigger: duplicate delivery of notification ${notification.id} ignored`);
			return accept.call(this, { received: true, duplicate: true, notification_id: notification.id });
		}
	}

	if (options.output === 'raw') {
		return accept.call(this, { received: true }, notification.document);
	}

	const needsContainer =
		// On unless turned off: without it these events would carry no container number at all.
		options.fetchFullContainer !== false && notification.event.startsWith('container.') && !hasFullContainer(notification);
	if (needsContainer) {
		// Answer first: the look-ups (paced under the rate limit) must not hold the delivery past its timeout.
		this.getResponseObject().status(200).json({ received: true });
		let fetched: Awaited<ReturnType<typeof fetchContainer>> | undefined;
		let fetchError: IDataObject | undefined;
		try {
			fetched = await fetchContainer.call(this, notification);
		} catch (error) {
			// The event is still delivered: its item says why it has no container, and the log says so too.
			const failure = error as { message?: string; description?: string; httpCode?: string };
			fetchError = {
				message: failure.message ?? String(error),
				description: failure.description ?? null,
				http_code: failure.httpCode ?? null,
			};
			this.logger.warn(
				`Terminal49 Trigger: could not load the container of notification ${notification.id}: ${String(fetchError.message)}`,
			);
		}
		if (fetched && !fetched.container) {
			fetchError = { message: 'Terminal49 did not say which container this event is about', description: null, http_code: null };
		}
		const item = simplifyNotification(notification, fetched ?? {});
		if (fetchError) item.fetch_error = fetchError;
		return { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray([item])] };
	}

	return accept.call(this, { received: true }, simplifyNotification(notification));
}
