/**
 * The notifications a change sends: each event is delivered to the active webhooks subscribed to it, built
 * once per container serializer with the serializer of the webhook's account (the key that created it). The
 * run-time transport events (terminal updates, LFD changes) are recorded on their container; the event
 * objects (`container_updated_event`, ...) are kept for `GET /webhook_notifications/{id}?include=`.
 */
import type { SandboxCore } from './core';
import type { ResourceObject } from './jsonapi';
import { DEADLINE_SHAPES } from './pod-deadlines';
import { PORTS_BY_CODE, VESSELS_BY_IMO } from './reference-data';
import type { Serializer } from './serializers';
import { T, milestoneIndex, runtimeTransportEvent } from './timeline';
import type { ContainerRec, DeadlineShape, ShipmentRec, TransportEventRec } from './types';
import { clone, iso } from './util';
import type { EventPayload, WebhookDispatcher } from './webhooks';

/** Events delivered with little or nothing in `included`, as in the real examples. */
const BARE_EVENTS = new Set([T + 'available', T + 'not_available', T + 'delivered']);
const REFERENCE_ONLY_EVENTS = new Set([
	T + 'estimated.vessel_arrived',
	T + 'estimated.vessel_departed',
	T + 'estimated.arrived_at_inland_destination',
	'container.pickup_appointment.changed',
	'container.pickup_lfd_line.changed',
	'container.pickup_lfd_terminal.changed',
	'container.pickup_lfd_rail.changed',
]);

export class Notifications {
	constructor(
		private readonly core: SandboxCore,
		private readonly dispatcher: WebhookDispatcher,
	) {}

	/**
	 * Deliver `event` to every active webhook subscribed to it, built by `build` with the serializer of the
	 * webhook's account (the key that created it: `deadlineShapeOf`), once per serializer; `shapes`: only to
	 * the webhooks of accounts with these serializers.
	 */
	emit(
		event: string,
		build: (ser: Serializer) => Omit<EventPayload, 'event'>,
		shapes: readonly DeadlineShape[] = DEADLINE_SHAPES,
	): void {
		const built = new Map<DeadlineShape, { payload: EventPayload; serializer: Serializer }>();
		this.dispatcher.emit(event, (w) => {
			const shape = this.core.deadlineShapeOf(w.createdBy);
			if (!shapes.includes(shape)) return undefined;
			if (!built.has(shape)) {
				const serializer = this.core.serializer('paid', shape);
				built.set(shape, { payload: { event, ...build(serializer) }, serializer });
			}
			return built.get(shape);
		});
	}

	/** Deliver a transport event (to the webhooks of the accounts whose serializer is in `shapes`). */
	emitTransportEvent(te: TransportEventRec, shapes?: readonly DeadlineShape[]): void {
		this.emit(
			te.event,
			(ser) => {
				const reference = ser.transportEvent(te);
				if (BARE_EVENTS.has(te.event))
					return { referenceObject: reference, included: [], includeReference: false };
				if (REFERENCE_ONLY_EVENTS.has(te.event))
					return { referenceObject: reference, included: [] };
				const c = this.core.store.containers.get(te.containerId)!;
				const included: ResourceObject[] = [
					ser.shipment(this.core.store.shipmentOf(c)),
					ser.container(c),
				];
				for (const rel of ['location', 'terminal', 'vessel']) {
					const data = reference.relationships?.[rel]?.data as { id: string; type: string } | null;
					const r = data && ser.lookup(data.type, data.id);
					if (r) included.push(r);
				}
				return { referenceObject: reference, included };
			},
			shapes,
		);
	}

	/**
	 * A run-time (non-milestone) transport event at now, kept on the container unless `record` is false (an
	 * LFD event only the other serializer's webhooks get: its deliveries carry it).
	 */
	extraEvent(c: ContainerRec, event: string, record = true): TransportEventRec {
		const s = this.core.store.shipmentOf(c);
		const te = runtimeTransportEvent(s, c, event, this.core.store.newId(), Date.now());
		if (record) c.extraEvents.push(te);
		return te;
	}

	emitExtra(c: ContainerRec, event: string): void {
		this.emitTransportEvent(this.extraEvent(c, event));
	}

	private eventObject(
		type:
			| 'container_updated_event'
			| 'container_created_event'
			| 'container_pod_terminal_changed_event'
			| 'estimated_event',
		attributes: Record<string, unknown>,
		relationships: ResourceObject['relationships'],
	): ResourceObject {
		const res: ResourceObject = { id: this.core.store.newId(), type, attributes, relationships };
		this.core.store.eventObjects.set(res.id, {
			id: res.id,
			type,
			resource: clone(res) as unknown as Record<string, unknown>,
		});
		return res;
	}

	emitContainerUpdated(
		c: ContainerRec,
		changeset: Record<string, [unknown, unknown]>,
		shapes?: readonly DeadlineShape[],
	): void {
		const s = this.core.store.shipmentOf(c);
		const timestamp = iso(Date.now());
		this.emit(
			'container.updated',
			(ser) => ({
				referenceObject: this.eventObject(
					'container_updated_event',
					{
						changeset,
						timestamp,
						data_source: 'terminal',
						timezone: PORTS_BY_CODE.get(s.podCode)!.timeZone,
					},
					{
						container: { data: { id: c.id, type: 'container' } },
						terminal: { data: { id: s.terminalId, type: 'terminal' } },
						shipment: { data: { id: s.id, type: 'shipment' } },
					},
				),
				included: [
					ser.shipment(s),
					ser.lookup('port', PORTS_BY_CODE.get(s.podCode)!.id)!,
					ser.lookup('terminal', s.terminalId)!,
					ser.container(c),
				],
			}),
			shapes,
		);
	}

	emitContainerCreated(c: ContainerRec): void {
		const s = this.core.store.shipmentOf(c);
		const timestamp = iso(Date.now());
		this.emit('container.created', (ser) => ({
			referenceObject: this.eventObject(
				'container_created_event',
				{ timestamp, timezone: 'Etc/UTC' },
				{
					container: { data: { id: c.id, type: 'container' } },
					shipment: { data: { id: s.id, type: 'shipment' } },
				},
			),
			included: [ser.shipment(s), ser.container(c)],
		}));
	}

	emitEstimatedArrival(s: ShipmentRec): void {
		const pod = PORTS_BY_CODE.get(s.podCode)!;
		const i = milestoneIndex(s.milestones, 'vessel_arrived');
		const vessel = VESSELS_BY_IMO.get(s.vesselImo)!;
		const createdAt = iso(Date.now());
		this.emit('shipment.estimated.arrival', (ser) => ({
			referenceObject: this.eventObject(
				'estimated_event',
				{
					created_at: createdAt,
					estimated_timestamp: iso(s.times[i]),
					voyage_number: s.voyageNumber,
					event: 'shipment.estimated.arrival',
					location_locode: pod.code,
					data_source: 'shipping_line',
					timezone: pod.timeZone,
				},
				{
					shipment: { data: { id: s.id, type: 'shipment' } },
					port: { data: { id: pod.id, type: 'port' } },
					vessel: { data: { id: vessel.id, type: 'vessel' } },
				},
			),
			included: [ser.shipment(s), ser.port(pod)],
		}));
	}

	emitPodTerminalChanged(c: ContainerRec): void {
		const s = this.core.store.shipmentOf(c);
		const timestamp = iso(Date.now());
		this.emit('container.pod_terminal_changed', (ser) => ({
			referenceObject: this.eventObject(
				'container_pod_terminal_changed_event',
				{ data_source: 'terminal', timestamp },
				{
					container: { data: { id: c.id, type: 'container' } },
					shipment: { data: { id: s.id, type: 'shipment' } },
					terminal: { data: { id: s.terminalId, type: 'terminal' } },
				},
			),
			included: [ser.shipment(s), ser.container(c), ser.lookup('terminal', s.terminalId)!],
		}));
	}

	/**
	 * Fire any of the 43 events for an object (control API). `referenceId` is a container id/number
	 * (container.*), a shipment or container (shipment.*), a tracking request (tracking_request.*) or a
	 * document (document.*).
	 */
	fireEvent(
		event: string,
		referenceId: string,
		changeset?: Record<string, [unknown, unknown]>,
	): boolean {
		if (event.startsWith('tracking_request.')) {
			const tr =
				this.core.store.trackingRequests.get(referenceId) ??
				this.core.store.trackingRequests.find((t) => t.requestNumber === referenceId);
			if (!tr) return false;
			const s = tr.shipmentId ? this.core.store.shipments.get(tr.shipmentId) : undefined;
			this.emit(event, (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: s
					? event === 'tracking_request.succeeded'
						? [...this.core.store.containersOf(s).map((c) => ser.container(c)), ser.shipment(s)]
						: [ser.shipment(s)]
					: [],
			}));
			return true;
		}
		if (event.startsWith('document.')) {
			const d = this.core.store.documents.get(referenceId);
			if (!d) return false;
			this.emit(event, (ser) => ({ referenceObject: ser.document(d), included: [] }));
			return true;
		}
		if (event === 'shipment.estimated.arrival') {
			const s =
				this.core.store.findShipment(referenceId) ??
				(this.core.store.findContainer(referenceId) &&
					this.core.store.shipmentOf(this.core.store.findContainer(referenceId)!));
			if (!s) return false;
			this.emitEstimatedArrival(s);
			return true;
		}
		const c = this.core.store.findContainer(referenceId);
		if (!c) return false;
		if (event === 'container.updated') {
			const a = this.core.serializer().container(c).attributes!;
			this.emitContainerUpdated(
				c,
				changeset ?? { available_for_pickup: [!a.available_for_pickup, a.available_for_pickup] },
			);
		} else if (event === 'container.created') this.emitContainerCreated(c);
		else if (event === 'container.pod_terminal_changed') this.emitPodTerminalChanged(c);
		else this.emitExtra(c, event);
		return true;
	}
}
