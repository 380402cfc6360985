import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { terminal49 } from '../client';
import type { JsonApiDocument, ResourceObject } from '../client/jsonApi';
import {
	attributesOf,
	identifiersOf,
	indexIncluded,
	lookup,
	resourcesOf,
	simplifyResource,
} from '../client/jsonApi';
import { changeFacts, changeInputFor } from '../domain/changeFacts';
import type { InsightOptions } from '../domain/containerInsights';
import { readInsightOptions } from '../parameters';
import { milestoneOf } from '../domain/milestone';
import { chosenFacts, readTriggerOutput } from '../parameters/triggerOptions';
import { triggerOutput } from '../views';
import type { TriggerItem } from '../views/triggerItem';
import { triggerItem } from '../views/triggerItem';
import type { Change, PollState } from './compare';
import { compare, pageIndex, STATE_VERSION } from './compare';
import { keyOf, MILESTONES } from './fingerprint';
import { rowChanges, shipmentsNotRead } from './rows';

/**
 * The polling trigger's poll (n8n calls it on the node's schedule): read, compare, and only then write the
 * new fingerprints to the node's static data and return the items. n8n 2.41 commits that static data
 * with the execution the items start (or alone when the poll returns null), so a change is emitted once
 * and a poll that throws part-way (a request that failed after the transport's retries) changes nothing:
 * the next poll finds the same changes.
 */

/** Tracking requests updated this long before the newest one seen are read again (clock skew). */
export const TRACKING_OVERLAP_MS = 5 * 60_000;
/** A poll that has run this long no longer blocks the next one (it is assumed lost). */
export const STALE_POLL_MS = 30 * 60_000;

/** What the account check names: the trigger reads lists, which the free plan cannot. */
const POLLING = 'The Terminal49 Polling Trigger (it reads the shipment and tracking request lists)';

/** Polls running in this process, per workflow and node, with their start (ms). */
const running = new Map<string, number>();

/** Whether a poll of this workflow and node is running in this process (tests). */
export function pollRunning(key: string): boolean {
	return running.has(key);
}

export function pollKeyOf(ctx: IPollFunctions): string {
	const node = ctx.getNode();
	return `${String(ctx.getWorkflow().id)}:${node.id ?? node.name}`;
}

const isState = (value: unknown): value is PollState =>
	!!value &&
	typeof value === 'object' &&
	(value as IDataObject).v === STATE_VERSION &&
	typeof (value as IDataObject).c === 'object';

/** Reads every page of the tracked shipments and the tracking requests updated since the cursor. */
async function readAll(ctx: IPollFunctions, state: PollState | undefined, nowIso: string) {
	const t49 = terminal49(ctx);
	t49.account.needsReading(POLLING, { fixInMessage: true });
	const pages: JsonApiDocument[] = [];
	for await (const page of t49.shipments.trackedWithContainers()) pages.push(page);
	const since = new Date(Date.parse(state?.tc ?? nowIso) - TRACKING_OVERLAP_MS).toISOString();
	const trackingPages: JsonApiDocument[] = [];
	for await (const page of t49.trackingRequests.updatedSince(since)) trackingPages.push(page);
	return { pages, trackingPages };
}

const flatShipment = (shipment: ResourceObject | undefined) =>
	shipment
		? {
				...simplifyResource(shipment, new Map()),
				containers: identifiersOf(shipment, 'containers').map((identifier) =>
					String(identifier.id),
				),
			}
		: null;

/** The place of a milestone: the port of lading, of discharge or the inland destination. */
function milestoneEvent(field: string, container: IDataObject, shipment: IDataObject | null) {
	const place = MILESTONES.find((milestone) => milestone.field === field)?.place ?? 'pod';
	const s = shipment ?? {};
	const locode =
		place === 'pol'
			? s.port_of_lading_locode
			: place === 'ind'
				? s.destination_locode
				: s.port_of_discharge_locode;
	const timezone =
		place === 'pol'
			? s.pol_timezone
			: place === 'ind'
				? (container.final_destination_timezone ?? s.destination_timezone)
				: (container.pod_timezone ?? s.pod_timezone);
	return {
		timestamp: container[field] ?? null,
		location_locode: locode ?? null,
		timezone: timezone ?? null,
		voyage_number: place === 'pod' ? (s.pod_voyage_number ?? null) : null,
	} as IDataObject;
}

/** The changes Output "Container Rows" makes rows of (rows.ts), with the shipments the poll did not read read now. */
async function containerRows(
	ctx: IPollFunctions,
	changes: Change[],
	pages: JsonApiDocument[],
): Promise<Change[]> {
	const t49 = terminal49(ctx);
	const more: JsonApiDocument[] = [];
	for (const id of shipmentsNotRead(changes, pages))
		more.push(await t49.shipments.document(id, ['containers', 'pod_terminal']));
	return rowChanges(changes, [...pages, ...more]);
}

/** The trigger item of a change (views/triggerItem.ts), as the Terminal49 Trigger gives one of a delivery. */
export function itemOf(change: Change, nowIso: string, insights: InsightOptions = {}): TriggerItem {
	const shipment = flatShipment(change.shipment);
	const current = change.container ? attributesOf(change.container) : null;
	const shipmentAttributes = change.shipment ? attributesOf(change.shipment) : {};
	const changeset = change.changeset ?? {};
	const milestone =
		change.milestoneField && current
			? milestoneOf(
					change.event,
					milestoneEvent(change.milestoneField, current, shipment),
					null,
					null,
					shipment,
				)
			: null;
	const reference = change.container ?? change.trackingRequest ?? change.shipment;
	const newSides = Object.fromEntries(
		Object.entries(changeset).map(([field, pair]) => [field, (pair as unknown[])[1]]),
	);
	return triggerItem({
		event: change.event,
		// stable per change: the same change never gets two ids
		notificationId: `poll_${keyOf(
			[String(reference?.id), change.event, JSON.stringify(newSides), change.identity]
				.filter((part) => part !== undefined)
				.join('|'),
		)}`,
		createdAt: nowIso,
		deliveryStatus: null,
		webhookId: null,
		source: 'polling',
		reference: reference ? { id: String(reference.id), type: reference.type } : null,
		container: change.container,
		// without a container of its own, the shipment's
		containers:
			!change.container && change.shipment
				? identifiersOf(change.shipment, 'containers')
						.map((identifier) => lookup(change.index, identifier))
						.filter((resource): resource is ResourceObject => !!resource)
				: [],
		index: change.index,
		shipment,
		// what the poll read is at least as current as the poll's start
		insights: { ...insights, asOf: nowIso },
		transportEvent: null,
		milestone,
		trackingRequest: change.trackingRequest
			? simplifyResource(change.trackingRequest, new Map())
			: null,
		changeset,
		changes: changeFacts(
			changeInputFor({
				event: change.event,
				changeset,
				container: current,
				shipment: shipmentAttributes,
				newValue:
					change.event === 'shipment.estimated.arrival' ? shipmentAttributes.pod_eta_at : undefined,
			}),
		),
		statusFrom: change.statusFrom ?? null,
	});
}

/** Whether an item passes the node's Events and Only When. */
function wanted(events: string[], facts: string[]) {
	return (item: TriggerItem) =>
		events.includes(item.event) &&
		(facts.length === 0 || item.changes.facts.some((fact) => facts.includes(fact)));
}

function selection(ctx: IPollFunctions) {
	const events = (ctx.getNodeParameter('events', []) as string[]).map(String);
	if (events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Choose at least one event in Events', {
			description: 'The trigger starts the workflow only for the events chosen in Events.',
		});
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const insights: InsightOptions = readInsightOptions(ctx.getNode(), 0, options);
	const output = readTriggerOutput(options, ctx.getNode().typeVersion);
	const shape = async (item: TriggerItem) => await triggerOutput(output, () => item);
	return { events, facts: chosenFacts(options), insights, shape, rows: output === 'rows' };
}

export interface PollOutcome {
	items: IDataObject[];
	skipped: boolean;
	baseline: boolean;
	containers: number;
	changes: number;
}

/** One scheduled poll: the items to emit (the state is written to the node's static data). */
export async function runPoll(ctx: IPollFunctions, now = new Date()): Promise<PollOutcome> {
	const { events, facts, insights, shape, rows } = selection(ctx);
	const key = pollKeyOf(ctx);
	const started = running.get(key);
	if (started !== undefined && now.getTime() - started < STALE_POLL_MS) {
		ctx.logger.warn(
			`Terminal49 Polling Trigger: the previous check is still running; this one is skipped (the next one catches up)`,
		);
		return { items: [], skipped: true, baseline: false, containers: 0, changes: 0 };
	}
	running.set(key, now.getTime());
	try {
		const data = ctx.getWorkflowStaticData('node');
		const previous = isState(data.state) ? data.state : undefined;
		const nowIso = now.toISOString();
		const { pages, trackingPages } = await readAll(ctx, previous, nowIso);
		const result = compare(previous, pages, trackingPages, nowIso);
		const admit = wanted(events, facts);
		const admitted = result.changes
			.map((change) => ({ change, item: itemOf(change, nowIso, insights) }))
			.filter(({ item }) => admit(item));
		// Container Rows: one row a container, from what this poll read (rows.ts), and the shipments whose
		// tracking stopped (no longer among the tracked ones) read with their containers; otherwise the items admitted
		const emitted = rows
			? await containerRows(
					ctx,
					admitted.map(({ change }) => change),
					pages,
				).then((changes) => changes.map((change) => itemOf(change, nowIso, insights)))
			: admitted.map(({ item }) => item);
		const items = (await Promise.all(emitted.map(shape))).flat();
		// Everything was read and compared: now the new state, all at once.
		data.state = result.state;
		return {
			items,
			skipped: false,
			baseline: previous === undefined,
			containers: result.containers,
			changes: result.changes.length,
		};
	} finally {
		running.delete(key);
	}
}

/**
 * "Fetch Test Event": a recent real change (the milestone most recently reached among the first 100
 * tracked shipments, or the newest tracking request) for the first matching selected event; else a sample
 * built from a tracked container. Reads one page; leaves the static data alone.
 */
export async function testEvent(ctx: IPollFunctions, now = new Date()): Promise<IDataObject[]> {
	const { events, insights, shape, rows } = selection(ctx);
	const nowIso = now.toISOString();
	const t49 = terminal49(ctx);
	t49.account.needsReading(POLLING, { fixInMessage: true });
	// a test event is marked so; a container's row (Container Rows) is the container as it is, unmarked
	const marked = (items: IDataObject[]) =>
		rows ? items : items.map((item) => ({ ...item, test_event: true }));
	const trackingEvent = events.find((event) => event.startsWith('tracking_request.'));
	if (!rows && trackingEvent && events.every((event) => event.startsWith('tracking_request.'))) {
		for await (const page of t49.trackingRequests.updatedSince('1970-01-01T00:00:00Z')) {
			const index = indexIncluded(page.included);
			const requests = resourcesOf(page);
			const request =
				requests.find((r) => {
					const status = String(attributesOf(r).status);
					return events.some((event) =>
						event.endsWith(status === 'created' ? 'succeeded' : status),
					);
				}) ?? requests[0];
			if (!request) break;
			const shipment = identifiersOf(request, 'tracked_object')
				.map((identifier) => lookup(index, identifier))
				.find((resource) => resource?.type === 'shipment');
			return marked(
				await shape(
					itemOf(
						{ event: trackingEvent, trackingRequest: request, shipment, index },
						nowIso,
						insights,
					),
				),
			);
		}
	}
	let page: JsonApiDocument | undefined;
	for await (const first of t49.shipments.trackedWithContainers()) {
		page = first;
		break;
	}
	const index = page ? pageIndex(page) : indexIncluded(undefined);
	let best: Change | undefined;
	let bestAt = '';
	let fallback: Change | undefined;
	for (const shipment of page ? resourcesOf(page) : []) {
		for (const identifier of identifiersOf(shipment, 'containers')) {
			const container = lookup(index, identifier);
			if (!container) continue;
			const a = attributesOf(container);
			fallback ??= { event: events[0], container, shipment, index };
			for (const { field, event } of MILESTONES) {
				const at = a[field];
				if (typeof at === 'string' && events.includes(event) && at > bestAt) {
					bestAt = at;
					best = {
						event,
						container,
						shipment,
						index,
						milestoneField: field,
						changeset: { [field]: [null, at] },
					};
				}
			}
		}
	}
	const change = best ?? fallback;
	if (!change) {
		throw new NodeOperationError(ctx.getNode(), 'No tracked shipment to show a test event for', {
			description:
				'This Terminal49 account tracks no shipment yet. Create a tracking request (Terminal49 node: Tracking Request > Create), then fetch a test event again.',
		});
	}
	return marked(await shape(itemOf(change, nowIso, insights)));
}

/** The node's poll(): n8n's items, or null when nothing changed. */
export async function poll(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (ctx.getMode() === 'manual') {
		return [ctx.helpers.returnJsonArray(await testEvent(ctx))];
	}
	const outcome = await runPoll(ctx);
	if (outcome.items.length === 0) return null;
	return [ctx.helpers.returnJsonArray(outcome.items)];
}
