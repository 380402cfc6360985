import type {
	IDataObject,
	IHookFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isWebhookEvent } from '../domain/events';
import type { Terminal49Client } from '../client';
import { terminal49 } from '../client';
import { attributesOf, resourcesOf } from '../client/jsonApi';
import { CATCH_UP_KEY } from './catchUpCursor';
import { isTestListen, markTestListen, requestSample, TEST_LISTEN_KEY } from './sample';

/**
 * Registration of the trigger's Terminal49 webhook (webhookMethods.default). The webhook's id, secret,
 * URL and events live in the node's workflow static data; n8n saves it with the workflow.
 */
export type WebhookManagement = 'automatic' | 'manual';

export interface StoredWebhook extends IDataObject {
	webhookId?: string;
	webhookSecret?: string;
	webhookUrl?: string;
	webhookEvents?: string[];
}

type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/** What the account check names when the trigger registers its webhook (Terminal49 needs the data-out API). */
const WEBHOOK_ACTIVATION = 'Activating the Terminal49 Trigger (it registers a Terminal49 webhook)';

export function webhookManagement(this: TriggerContext): WebhookManagement {
	return this.getNodeParameter('webhookManagement', 'automatic') === 'manual'
		? 'manual'
		: 'automatic';
}

/** The selected events, validated: at least one, each a Terminal49 event name. */
export function selectedEvents(this: TriggerContext): string[] {
	const raw = this.getNodeParameter('events', []) as unknown;
	const events = [
		...new Set(
			(Array.isArray(raw) ? raw : []).map((event) => String(event).trim()).filter(Boolean),
		),
	];
	if (events.length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			'No events selected: "Events" needs at least one event',
			{
				description:
					'Pick the Terminal49 events that should start this workflow, e.g. Available for Pickup.',
			},
		);
	}
	const unknown = events.filter((event) => !isWebhookEvent(event));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Unknown event in "Events": "${unknown.join('", "')}"`,
			{
				description:
					'Pick events from the list; Terminal49 accepts only its 43 event names and no wildcard.',
			},
		);
	}
	return events.sort();
}

/** The first event of "Events" as the user ordered them (the event of the sample a test listen asks for). */
function firstSelectedEvent(this: IHookFunctions): string {
	const raw = this.getNodeParameter('events', []) as unknown;
	return (Array.isArray(raw) ? raw : []).map((event) => String(event).trim()).filter(Boolean)[0];
}

/** The pasted secret of a webhook managed by hand. */
export function manualSecret(this: TriggerContext): string {
	return String(this.getNodeParameter('secret', '') ?? '').trim();
}

/** The pasted secret (Managed by Hand), required: without it every delivery would be refused. */
function pastedSecret(this: IHookFunctions): string {
	const secret = manualSecret.call(this);
	if (!secret) {
		throw new NodeOperationError(this.getNode(), '"Webhook Secret" is empty', {
			description:
				'With Webhook Management "Managed by Hand", paste the secret of your Terminal49 webhook; without it every delivery would be refused.',
		});
	}
	return secret;
}

export function clearStoredWebhook(data: IDataObject) {
	delete data.webhookId;
	delete data.webhookSecret;
	delete data.webhookUrl;
	delete data.webhookEvents;
	delete data[TEST_LISTEN_KEY];
	// the catch-up's place in that webhook's notifications (catchUp.ts)
	delete data[CATCH_UP_KEY];
}

function sameEvents(a: unknown, b: string[]): boolean {
	if (!Array.isArray(a)) return false;
	const left = [...new Set(a.map(String))].sort();
	return left.length === b.length && left.every((event, index) => event === b[index]);
}

function webhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) {
		throw new NodeOperationError(
			this.getNode(),
			'n8n did not provide a webhook URL for the Terminal49 Trigger',
		);
	}
	return url;
}

/**
 * Terminal49 delivers to https only: say so before the service answers with a validation error (plain http
 * only to this machine, with a credential pointing at a sandbox on this machine).
 */
async function assertDeliverable(this: IHookFunctions, t49: Terminal49Client, url: string) {
	if (await t49.webhooks.delivers(url)) return;
	throw new NodeOperationError(
		this.getNode(),
		`Terminal49 only delivers webhooks to https URLs, and this workflow's URL is ${url}`,
		{
			description:
				'Run n8n behind TLS and set its WEBHOOK_URL environment variable to the public https address (e.g. https://n8n.example.com/), then try again (Execute step, or Publish). Or use Webhook Management "Managed by Hand" with a webhook you point at an https proxy.',
		},
	);
}

/**
 * Removes the webhooks registered at `url` other than `keep` (older registrations left when static data was
 * lost, or a failed delete): two registrations of one URL would deliver each event twice, under two ids.
 */
async function removeOthersAt(
	this: IHookFunctions,
	t49: Terminal49Client,
	url: string,
	keep?: string,
) {
	for (const { id } of await t49.webhooks.at(url)) {
		if (id === keep) continue;
		this.logger.info(
			`Terminal49 Trigger: removing webhook ${String(id)}, an older registration of the same URL`,
		);
		await t49.webhooks.remove(String(id));
	}
}

function remember(data: StoredWebhook, id: string, secret: string, url: string, events: string[]) {
	// notification ids kept here by 0.1.0; deduplication no longer uses static data (trigger/dedup.ts)
	delete data.seenNotifications;
	data.webhookId = id;
	data.webhookSecret = secret;
	data.webhookUrl = url;
	data.webhookEvents = events;
}

/**
 * true when the stored webhook exists with this workflow's URL and the selected events. One that differs
 * (URL or events changed, or switched off) is updated in place (`PATCH /webhooks/{id}`): it keeps its id
 * and secret, and there is no moment without a subscription. A webhook that is gone (404) is forgotten so
 * that n8n calls create. Any other failure is thrown. Managed by Hand: true on activation (nothing to
 * register), false for "Listen for test event", so that n8n calls create, which asks for the sample.
 */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const events = selectedEvents.call(this);
	if (webhookManagement.call(this) === 'manual') {
		pastedSecret.call(this);
		// A test listen starts with nothing (n8n gives it empty static data): create() asks for its sample.
		return !isTestListen.call(this);
	}
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	const { webhookId, webhookSecret } = data;
	if (
		typeof webhookId !== 'string' ||
		!webhookId ||
		typeof webhookSecret !== 'string' ||
		!webhookSecret
	) {
		clearStoredWebhook(data);
		return false;
	}
	// No account check here (it would cost a request per active workflow at every start of n8n): a webhook
	// that exists was registered with the data-out API, and a 403 now names the feature (transport/errors.ts).
	const t49 = terminal49(this);
	const found = await t49.webhooks.find(webhookId);
	if (!found) {
		this.logger.info(
			`Terminal49 Trigger: webhook ${webhookId} no longer exists in Terminal49; registering a new one`,
		);
		clearStoredWebhook(data);
		return false;
	}
	let remote: IDataObject | undefined = attributesOf(found);
	const url = webhookUrl.call(this);
	if (remote.url !== url || !sameEvents(remote.events, events) || remote.active === false) {
		await assertDeliverable.call(this, t49, url);
		this.logger.info(
			`Terminal49 Trigger: webhook ${webhookId} differs from the node (URL, events or active); updating it`,
		);
		const updated = await t49.webhooks.reconfigure(webhookId, { url, events, active: true });
		if (!updated) {
			clearStoredWebhook(data);
			return false;
		}
		const [record] = resourcesOf(updated);
		remote = record ? attributesOf(record) : undefined;
		await removeOthersAt.call(this, t49, url, webhookId);
	}
	const secret =
		typeof remote?.secret === 'string' && remote.secret ? remote.secret : webhookSecret;
	remember(data, webhookId, secret, url, events);
	return true;
}

/**
 * Registers the webhook for this workflow's URL and the selected events and stores its id and secret.
 * Webhooks already registered for the same URL (left over when static data was lost) are removed first,
 * so that one event never arrives twice under two notification ids. For "Listen for test event" (both
 * modes) it then asks Terminal49 for a signed sample of the first selected event at the Test URL, without
 * waiting for it (sample.ts): a failing sample is logged and never fails the listen.
 */
export async function create(this: IHookFunctions): Promise<boolean> {
	const events = selectedEvents.call(this);
	if (webhookManagement.call(this) === 'manual') {
		if (isTestListen.call(this)) {
			const secret = pastedSecret.call(this);
			markTestListen(this.getWorkflowStaticData('node'));
			requestSample.call(this, {
				url: webhookUrl.call(this),
				event: firstSelectedEvent.call(this),
				secret,
			});
		}
		return true;
	}
	const url = webhookUrl.call(this);
	const t49 = terminal49(this);
	await assertDeliverable.call(this, t49, url);
	t49.account.needsFeature('data_out_api', WEBHOOK_ACTIVATION, { fixInMessage: true });
	const data = this.getWorkflowStaticData('node') as StoredWebhook;

	await removeOthersAt.call(this, t49, url);

	const [created] = resourcesOf(await t49.webhooks.register({ url, events, active: true }));
	const attributes = created ? attributesOf(created) : {};
	if (
		!created ||
		typeof created.id !== 'string' ||
		!created.id ||
		typeof attributes.secret !== 'string' ||
		!attributes.secret
	) {
		throw new NodeOperationError(
			this.getNode(),
			'Terminal49 created the webhook but did not return its id and secret',
			{
				description:
					'Deliveries could not be verified without the secret. Publish the workflow again (Unpublish, then Publish; n8n 1.x: turn Active off and on).',
			},
		);
	}
	remember(data, created.id, attributes.secret, url, events);
	if (isTestListen.call(this)) {
		// "Listen for test event": a signed sample of the first selected event, without waiting (sample.ts)
		markTestListen(data);
		requestSample.call(this, {
			url,
			event: firstSelectedEvent.call(this),
			secret: attributes.secret,
		});
	}
	return true;
}

/** Removes the webhook; a webhook already gone (404) counts as removed. Other failures are thrown. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	// Not tied to the mode: a webhook the node registered (before a switch to "Managed by Hand") is removed
	// too. In "Managed by Hand" nothing is stored, so nothing is removed.
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	if (typeof data.webhookId === 'string' && data.webhookId) {
		const outcome = await terminal49(this).webhooks.remove(data.webhookId);
		if (outcome === 'gone')
			this.logger.info(`Terminal49 Trigger: webhook ${data.webhookId} was already removed`);
	}
	clearStoredWebhook(data);
	return true;
}
