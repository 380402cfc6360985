import type { IDataObject } from 'n8n-workflow';

import { assertWebhookUrl, isLoopbackUrl } from '../errors/referenceValidation';
import type { Request, Take } from './api';
import type { JsonApiDocument, ResourceObject } from './jsonApi';
import { attributesOf, identifiersOf, isResourceObject, recordsOf, resourcesOf } from './jsonApi';
import { Records } from './records';
import { includeQuery, Resource, segment } from './resource';

export interface WebhookAttributes extends IDataObject {
	url?: string;
	events?: string[];
	active?: boolean;
	headers?: Array<{ name: string; value: string }>;
}

/** Webhooks: `/webhooks`, their events, source IPs and test deliveries. */
export class Webhooks extends Resource {
	/**
	 * A receiver URL Terminal49 can deliver to: https. Plain http only when the credential points at a sandbox
	 * on this machine (the real service refuses it). Checked before any request.
	 */
	async deliverableUrl(raw: unknown, field = 'URL'): Promise<string> {
		return assertWebhookUrl(this.node, field, raw, this.itemIndex, await this.localSandbox());
	}

	/** Whether the service can deliver to `url`: https, or plain http to this machine from a local sandbox. */
	async delivers(url: string): Promise<boolean> {
		if (url.startsWith('https://')) return true;
		return url.startsWith('http://') && isLoopbackUrl(url) && (await this.localSandbox());
	}

	/** Whether the credential points at a sandbox on this machine (only then may a local receiver be plain http). */
	async localSandbox(): Promise<boolean> {
		return isLoopbackUrl((await this.api.connection()).baseUrl);
	}

	async get(id: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: `/webhooks/${segment(id)}` });
	}

	/** The webhook record, or undefined when it is gone (404). */
	async find(id: string): Promise<ResourceObject | undefined> {
		const response = await this.api.response({
			method: 'GET',
			path: `/webhooks/${segment(id)}`,
			acceptStatuses: [404],
		});
		return response.statusCode === 404 ? undefined : resourcesOf(response.body)[0];
	}

	async list(take: Take): Promise<Records> {
		return await this.api.list({ method: 'GET', path: '/webhooks' }, take);
	}

	/** The webhooks registered for `url` (every page of `GET /webhooks`). */
	async at(url: string): Promise<ResourceObject[]> {
		return (await this.api.records({ method: 'GET', path: '/webhooks' })).filter(
			(record) => attributesOf(record).url === url,
		);
	}

	/** `POST /webhooks` (Webhook > Create); the service generates the signing secret (`secret`). */
	async create(attributes: WebhookAttributes): Promise<Records> {
		return recordsOf(await this.register(attributes));
	}

	/** `PATCH /webhooks/{id}` (Webhook > Update; a webhook that is gone is an error). */
	async update(id: string, attributes: WebhookAttributes): Promise<Records> {
		return await this.api.save('PATCH', `/webhooks/${segment(id)}`, {
			id,
			type: 'webhook',
			attributes,
		});
	}

	/** `DELETE /webhooks/{id}` (Webhook > Delete; a webhook that is gone is an error). */
	async delete(id: string): Promise<void> {
		await this.api.delete(`/webhooks/${segment(id)}`);
	}

	/** The trigger's registration: `POST /webhooks`, the document with the new webhook's id and secret. */
	async register(attributes: WebhookAttributes): Promise<JsonApiDocument> {
		return await this.api.document({
			method: 'POST',
			path: '/webhooks',
			body: { data: { type: 'webhook', attributes } },
		});
	}

	/** The trigger's update in place: `PATCH /webhooks/{id}`, or undefined when it is gone (404). */
	async reconfigure(
		id: string,
		attributes: WebhookAttributes,
	): Promise<JsonApiDocument | undefined> {
		const response = await this.api.response({
			method: 'PATCH',
			path: `/webhooks/${segment(id)}`,
			body: { data: { id, type: 'webhook', attributes } },
			acceptStatuses: [404],
		});
		return response.statusCode === 404 ? undefined : response.body;
	}

	/** The trigger's removal: `DELETE /webhooks/{id}`, 'gone' when it was already removed (404). */
	async remove(id: string): Promise<'deleted' | 'gone'> {
		const response = await this.api.response({
			method: 'DELETE',
			path: `/webhooks/${segment(id)}`,
			acceptStatuses: [404],
		});
		return response.statusCode === 404 ? 'gone' : 'deleted';
	}

	/**
	 * `GET /webhooks/events`: one item per event with its category; the document as sent. The service groups
	 * events in categories whose `events` attribute lists them.
	 */
	async events(): Promise<Records> {
		const document = await this.api.document({ method: 'GET', path: '/webhooks/events' });
		const events = resourcesOf(document).flatMap((category) => {
			const attributes = attributesOf(category);
			const events = (Array.isArray(attributes.events) ? attributes.events : []) as IDataObject[];
			return events.map((event) => ({
				event: event.name,
				description: event.description,
				category: attributes.name,
				category_id: category.id,
			}));
		});
		return new Records(events, () => [document]);
	}

	/** `GET /webhooks/ips` (application/json): the addresses deliveries come from. */
	async sourceIps(): Promise<IDataObject> {
		const body = await this.api.document({ method: 'GET', path: '/webhooks/ips' });
		return {
			webhook_notification_ips: body.webhook_notification_ips ?? [],
			last_updated: body.last_updated ?? null,
		};
	}

	/** `POST /webhooks/trigger`: a signed sample delivery of `event` to `url` (signed with `secret` when given). */
	async sendTest(delivery: { url: string; event: string; secret?: string }): Promise<IDataObject> {
		const body: IDataObject = { url: delivery.url, event: delivery.event };
		if (delivery.secret) body.secret = delivery.secret;
		return await this.api.document({ method: 'POST', path: '/webhooks/trigger', body });
	}
}

/** One listed notification: the resource, its created_at in ms (NaN when absent), the included it refers to. */
export interface ListedNotification {
	resource: ResourceObject;
	createdAt: number;
	included: ResourceObject[];
}

/** A notification's created_at in ms since the epoch (NaN when it has none). */
export function createdAtOf(resource: ResourceObject): number {
	const value = attributesOf(resource).created_at;
	return typeof value === 'string' ? Date.parse(value) : NaN;
}

function linkOf(page: JsonApiDocument, rel: string): string | undefined {
	const link = page.links?.[rel];
	return typeof link === 'string' && link !== '' ? link : undefined;
}

/** The order a page shows: its first and last created_at that differ. */
function servedOrder(page: JsonApiDocument): 'newest first' | 'oldest first' | 'unknown' {
	const times = resourcesOf(page)
		.map(createdAtOf)
		.filter((time) => Number.isFinite(time));
	const [head, tail] = [times[0], times[times.length - 1]];
	if (head === undefined || head === tail) return 'unknown';
	return head > tail ? 'newest first' : 'oldest first';
}

/**
 * A page's notifications newest first, each with the included resource its reference object names. Those
 * created in the same second keep the service's order (`servedOldestFirst`: reversed).
 */
function listedNewestFirst(
	page: JsonApiDocument,
	servedOldestFirst: boolean,
): ListedNotification[] {
	const included = (page.included ?? []).filter(isResourceObject);
	const resources = resourcesOf(page);
	if (servedOldestFirst) resources.reverse();
	return resources
		.map((resource) => {
			const ref = identifiersOf(resource, 'reference_object')[0];
			const reference = ref
				? included.find((item) => item.type === ref.type && String(item.id) === String(ref.id))
				: undefined;
			return {
				resource,
				createdAt: createdAtOf(resource),
				included: reference ? [reference] : [],
			};
		})
		.sort((a, b) => (b.createdAt || 0) - (a.createdAt || 0));
}

/** Webhook notifications: what was delivered (`/webhook_notifications`), and example payloads. */
export class WebhookNotifications extends Resource {
	async get(id: string, include: string[]): Promise<Records> {
		return recordsOf(await this.document(id, include));
	}

	async document(id: string, include: string[]): Promise<JsonApiDocument> {
		return await this.readDocument(`/webhook_notifications/${segment(id)}`, include);
	}

	async list(include: string[], take: Take): Promise<Records> {
		return await this.api.list(
			{ method: 'GET', path: '/webhook_notifications', qs: includeQuery(include) },
			take,
		);
	}

	/**
	 * Every notification of the account, newest first, a page at a time (stop iterating to stop fetching),
	 * each with the page's included resource it refers to (its reference object, with `include`). The list
	 * takes no filter (status, event, date: the caller filters), and Terminal49 does not document its order:
	 * the first page shows it. Newest first (as the sandbox serves it): `links.next` from there. Oldest first:
	 * from `links.last` back through `links.prev`, so either way the pages a caller needs are the first ones.
	 */
	async *newestFirst(include: string[]): AsyncGenerator<ListedNotification[]> {
		const request: Request = {
			method: 'GET',
			path: '/webhook_notifications',
			qs: includeQuery(include),
		};
		const forward = this.api.pages(request);
		const { value: first } = await forward.next();
		if (!first) return;
		let order = servedOrder(first);
		const last = linkOf(first, 'last');
		const backward = last ? this.api.pages(request, undefined, { backFrom: last }) : undefined;
		let lastPage: JsonApiDocument | undefined;
		if (order === 'unknown' && linkOf(first, 'next') && backward) {
			// a first page created within one second: its last page tells (one request more, read on below)
			lastPage = (await backward.next()).value || undefined;
			const [head, tail] = [resourcesOf(first)[0], lastPage && resourcesOf(lastPage)[0]];
			if (head && tail && createdAtOf(head) < createdAtOf(tail)) order = 'oldest first';
		}
		if (order !== 'oldest first' || !linkOf(first, 'next')) {
			yield listedNewestFirst(first, order === 'oldest first');
			for await (const page of forward) yield listedNewestFirst(page, false);
			return;
		}
		if (!backward) {
			// no way to start at the end: every page, then newest first
			const pages = [first];
			for await (const page of forward) pages.push(page);
			for (const page of pages.reverse()) yield listedNewestFirst(page, true);
			return;
		}
		await forward.return(undefined);
		if (lastPage) yield listedNewestFirst(lastPage, true);
		for await (const page of backward) yield listedNewestFirst(page, true);
	}

	/** `GET /webhook_notifications/examples` (of one event, or of every event). */
	async examples(event: string | undefined): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: '/webhook_notifications/examples',
			qs: event ? { event } : {},
		});
	}
}
