/**
 * The example notifications of `GET /webhook_notifications/examples` and `POST /webhooks/trigger`: one per
 * event, about a container whose state fits the event, in the serializer of the account that asks. An example
 * changes nothing: it is not recorded on the container nor sent to the subscribed webhooks (the trigger sends
 * it to the URL it is given).
 */
import type { Serializer } from './serializers';
import type { Store } from './store';
import { T, hasReached, runtimeTransportEvent } from './timeline';
import type { ContainerRec, TrackingRequestRec } from './types';
import { DAY_MS, iso } from './util';
import type { EventPayload } from './webhooks';

/**
 * The container a sample of `event` is about: the newest one whose state fits the event (available for
 * pickup with a last free day for "Available for Pickup" and for the sample changeset of
 * `container.updated`, not available after discharge for "Not Available", the deadline that changed,
 * past the milestone of a milestone event, not there yet for an estimate), else the newest container.
 */
function sampleContainer(store: Store, event: string, ser: Serializer): ContainerRec | undefined {
	const fits = (c: ContainerRec): boolean => {
		const a = ser.container(c).attributes as Record<string, any>;
		const deadlines = (a.import_deadlines ?? {}) as Record<string, any>;
		// The last free days as the account's serializer sends them: the selected one (or pickup_lfd) and
		// each source's.
		const pod = deadlines.pod;
		const lfd = pod ? pod.unified.current_value : a.pickup_lfd;
		const source: Record<string, unknown> = pod
			? {
					pickup_lfd_line: pod.line.current,
					pickup_lfd_terminal: pod.facility.current,
					pickup_lfd_rail: deadlines.pickup_lfd_rail,
				}
			: deadlines;
		const s = store.shipmentOf(c);
		switch (event) {
			case 'container.updated':
			case T + 'available':
				return a.available_for_pickup === true && !!lfd;
			case T + 'not_available':
				return a.available_for_pickup === false && !!a.pod_discharged_at;
			case 'container.pickup_lfd.changed':
				return !!lfd;
			case 'container.pickup_lfd_line.changed':
			case 'container.pickup_lfd_terminal.changed':
			case 'container.pickup_lfd_rail.changed':
				return !!source[event.slice('container.'.length, -'.changed'.length)];
			case 'container.pickup_appointment.changed':
				return !!a.pickup_appointment_at;
		}
		if (event.startsWith(T + 'estimated.'))
			return !hasReached(s.milestones, c.stage, event.slice(`${T}estimated.`.length));
		if (event.startsWith(T)) return hasReached(s.milestones, c.stage, event.slice(T.length));
		return true;
	};
	return store.containers.find(fits) ?? store.containers.newestAt(0);
}

/**
 * Example notification for an event, built from fixture data (webhook_notifications/examples, trigger),
 * with the serializer of the account that asks.
 */
export function examplePayload(store: Store, event: string, ser: Serializer): EventPayload {
	const c = sampleContainer(store, event, ser);
	if (event.startsWith('tracking_request.')) {
		const now = Date.now();
		const tr: TrackingRequestRec = store.trackingRequests.find((t) => !!t.shipmentId) ?? {
			id: store.newId(),
			requestNumber: 'MEDUEX4949001',
			requestType: 'bill_of_lading',
			scac: 'MSCU',
			autoDetect: false,
			refNumbers: [],
			shipmentTags: [],
			status: 'created',
			failedReason: null,
			createdAt: now,
			updatedAt: now,
			shipmentId: null,
			customerId: null,
			isRetrying: false,
			retryCount: null,
			createdBy: null,
		};
		const status = event.split('.')[1];
		const copy = ser.trackingRequest(tr);
		if (status === 'failed')
			Object.assign(copy.attributes!, { status: 'failed', failed_reason: 'not_found' });
		if (status === 'awaiting_manifest')
			Object.assign(copy.attributes!, { status: 'awaiting_manifest' });
		if (status === 'tracking_stopped')
			Object.assign(copy.attributes!, { status: 'tracking_stopped' });
		return { event, referenceObject: copy, included: [] };
	}
	const s = c ? store.shipmentOf(c) : undefined;
	const now = Date.now();
	const cid = c?.id ?? store.newId();
	const sid = s?.id ?? store.newId();
	const terminalId = s?.terminalId ?? store.newId();
	const ref = (type: string, id: string) => ({ data: { id, type } });
	const included = c && s ? [ser.shipment(s), ser.container(c)] : [];
	const id = store.newId();
	if (event === 'container.updated') {
		return {
			event,
			referenceObject: {
				id,
				type: 'container_updated_event',
				attributes: {
					changeset: { available_for_pickup: [false, true] },
					timestamp: iso(now),
					data_source: 'terminal',
					timezone: 'America/Los_Angeles',
				},
				relationships: {
					container: ref('container', cid),
					terminal: ref('terminal', terminalId),
					shipment: ref('shipment', sid),
				},
			},
			included,
		};
	}
	if (event === 'container.created') {
		return {
			event,
			referenceObject: {
				id,
				type: 'container_created_event',
				attributes: { timestamp: iso(now), timezone: 'Etc/UTC' },
				relationships: { container: ref('container', cid), shipment: ref('shipment', sid) },
			},
			included,
		};
	}
	if (event === 'container.pod_terminal_changed') {
		return {
			event,
			referenceObject: {
				id,
				type: 'container_pod_terminal_changed_event',
				attributes: { data_source: 'terminal', timestamp: iso(now) },
				relationships: {
					container: ref('container', cid),
					shipment: ref('shipment', sid),
					terminal: ref('terminal', terminalId),
				},
			},
			included,
		};
	}
	if (event === 'shipment.estimated.arrival') {
		return {
			event,
			referenceObject: {
				id,
				type: 'estimated_event',
				attributes: {
					created_at: iso(now),
					estimated_timestamp: iso(now + 5 * DAY_MS),
					event,
					location_locode: s?.podCode ?? 'USLAX',
					timezone: 'America/Los_Angeles',
					voyage_number: s?.voyageNumber ?? null,
					data_source: 'shipping_line',
				},
				relationships: { shipment: ref('shipment', sid) },
			},
			included: s ? [ser.shipment(s)] : [],
		};
	}
	if (!c || !s) {
		return {
			event,
			referenceObject: {
				id,
				type: 'transport_event',
				attributes: {
					event,
					created_at: iso(now),
					timestamp: iso(now),
					voyage_number: null,
					location_locode: null,
					timezone: null,
					data_source: 'shipping_line',
				},
				relationships: { shipment: ref('shipment', sid), container: ref('container', cid) },
			},
			included: [],
		};
	}
	const te = runtimeTransportEvent(s, c, event, id, now);
	return { event, referenceObject: ser.transportEvent(te), included };
}
