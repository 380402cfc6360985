/**
 * The carrier simulation: a tracking request waits `carrierDelayMs` for the carrier's answer, which the number
 * rules decide (number-rules.ts): `created` (the shipment: one the store has for the number, else one
 * generated from it, with the request's initial custom fields and party roles), `awaiting_manifest` or
 * `failed`; each answer sends its `tracking_request.*` event. Stopping and resuming the tracking of a shipment
 * moves its requests.
 */
import type { SandboxCore } from './core';
import type { Notifications } from './notifications';
import { carrierOutcome, inferCarrier, normalizeNumber } from './number-rules';
import { copyPartyRoles } from './party-roles';
import { addContainer, buildShipment, containerNumberFor } from './generator';
import { milestoneIndex } from './timeline';
import type { ContainerRec, ShipmentRec, TrackingRequestRec } from './types';
import { Rng, hashString } from './util';

/** What a new tracking request is made of (the carrier sets the rest). */
export type NewTrackingRequest = Omit<
	TrackingRequestRec,
	| 'id'
	| 'status'
	| 'failedReason'
	| 'createdAt'
	| 'updatedAt'
	| 'shipmentId'
	| 'isRetrying'
	| 'retryCount'
>;

export class Carrier {
	private readonly carrierTimers = new Map<string, NodeJS.Timeout>();

	constructor(
		private readonly core: SandboxCore,
		private readonly notifications: Notifications,
	) {}

	/** Find an active request for the same number, type and carrier (duplicate rule). */
	findDuplicate(number: string, type: string, scac: string | null): TrackingRequestRec | undefined {
		const n = normalizeNumber(number);
		return this.core.store.trackingRequests.find(
			(t) =>
				normalizeNumber(t.requestNumber) === n &&
				t.requestType === type &&
				(t.scac ?? null) === (scac ?? null) &&
				['pending', 'created', 'awaiting_manifest'].includes(t.status),
		);
	}

	/** Store a new pending request and schedule the carrier answer. */
	createTrackingRequest(input: NewTrackingRequest): TrackingRequestRec {
		const now = Date.now();
		const tr = this.core.store.trackingRequests.add({
			...input,
			id: this.core.store.newId(),
			status: 'pending',
			failedReason: null,
			createdAt: now,
			updatedAt: now,
			shipmentId: null,
			isRetrying: false,
			retryCount: null,
		});
		const timer = setTimeout(() => {
			this.carrierTimers.delete(tr.id);
			this.resolveTrackingRequest(tr.id);
		}, this.core.options.carrierDelayMs);
		this.carrierTimers.set(tr.id, timer);
		return tr;
	}

	pendingTrackingRequestIds(): string[] {
		return [...this.carrierTimers.keys()];
	}

	/**
	 * Apply the carrier answer now. Without `force`, a pending request follows the number rules and an
	 * awaiting_manifest request gets its manifest (created). `force` picks the outcome.
	 */
	resolveTrackingRequest(
		id: string,
		force?: { status?: string; failed_reason?: string },
	): TrackingRequestRec | undefined {
		const tr = this.core.store.trackingRequests.get(id);
		if (!tr) return undefined;
		const timer = this.carrierTimers.get(id);
		if (timer) clearTimeout(timer);
		this.carrierTimers.delete(id);
		const outcome = carrierOutcome(tr.requestNumber, tr.requestType, tr.scac, tr.autoDetect);
		if (tr.status === 'awaiting_manifest' && outcome.status === 'awaiting_manifest')
			outcome.status = 'created';
		if (force?.status) {
			outcome.status = force.status as typeof outcome.status;
			outcome.failedReason =
				force.status === 'failed' ? (force.failed_reason ?? 'not_found') : null;
			if (!outcome.scac) outcome.scac = tr.scac ?? inferCarrier(tr.requestNumber)?.scac ?? 'MSCU';
		}
		if (tr.status !== 'pending' && tr.status !== 'awaiting_manifest' && !force) return tr;
		tr.updatedAt = Date.now();
		if (outcome.scac && !tr.scac) tr.scac = outcome.scac;
		if (outcome.status === 'created') {
			tr.status = 'created';
			tr.failedReason = null;
			tr.isRetrying = false;
			const shipment = this.shipmentForRequest(tr);
			tr.shipmentId = shipment.id;
			this.applyInitialCustomFields(tr, shipment);
			copyPartyRoles(this.core.store, tr.id, shipment.id);
			const containers = this.core.store.containersOf(shipment);
			this.notifications.emit('tracking_request.succeeded', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [...containers.map((c) => ser.container(c)), ser.shipment(shipment)],
			}));
			for (const c of containers) this.notifications.emitContainerCreated(c);
		} else if (outcome.status === 'awaiting_manifest') {
			tr.status = 'awaiting_manifest';
			tr.isRetrying = true;
			tr.retryCount = (tr.retryCount ?? 0) + 1;
			this.notifications.emit('tracking_request.awaiting_manifest', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [],
			}));
		} else {
			tr.status = 'failed';
			tr.failedReason = outcome.failedReason;
			tr.isRetrying = false;
			this.notifications.emit('tracking_request.failed', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [],
			}));
		}
		return tr;
	}

	private applyInitialCustomFields(tr: TrackingRequestRec, shipment: ShipmentRec): void {
		const init = tr.initialCustomFields;
		if (!init) return;
		const store = this.core.store;
		const set = (
			entityType: 'shipment' | 'container',
			entityId: string,
			apiSlug: string,
			value: unknown,
		) => {
			const def = store.customFieldDefinitions.find(
				(d) =>
					d.apiSlug === apiSlug &&
					d.entityType === (entityType === 'shipment' ? 'Shipment' : 'Container'),
			);
			if (!def) return;
			const existing = store.customFields.find(
				(f) => f.entityId === entityId && f.apiSlug === apiSlug,
			);
			if (existing) existing.value = value;
			else
				store.customFields.add({
					id: store.newId(),
					definitionId: def.id,
					apiSlug,
					entityType,
					entityId,
					value,
					createdAt: Date.now(),
				});
		};
		for (const f of init.shipment) set('shipment', shipment.id, f.api_slug, f.value);
		for (const f of init.containers) {
			for (const c of store.containersOf(shipment))
				if (!f.number || f.number === c.number) set('container', c.id, f.api_slug, f.value);
		}
	}

	/** Existing shipment for the number, or a new one built deterministically from the number. */
	private shipmentForRequest(tr: TrackingRequestRec): ShipmentRec {
		const n = normalizeNumber(tr.requestNumber);
		const scac = tr.scac ?? 'MSCU';
		if (tr.requestType === 'container') {
			const existing = this.core.store.containersByNumber.get(n);
			if (existing) return this.core.store.shipmentOf(existing);
		} else {
			const existing = this.core.store.shipmentsByNumber.get(n);
			if (existing) return existing;
		}
		const rng = new Rng(hashString(`${scac}:${n}`));
		const now = Date.now();
		const s = buildShipment(
			this.core.store,
			rng,
			{
				scac,
				blNumber: tr.requestType === 'bill_of_lading' ? n : undefined,
				containerNumbers: tr.requestType === 'container' ? [n] : undefined,
				containerCount: tr.requestType === 'container' ? 1 : 1 + (hashString(n) % 4),
				createdAt: now,
				customerId: tr.customerId,
				refNumbers: tr.refNumbers.slice(),
				tags: tr.shipmentTags.slice(),
			},
			now,
		);
		return s;
	}

	/** Stop / resume tracking a shipment (updates its tracking requests and emits tracking_stopped). */
	setTracking(s: ShipmentRec, stop: boolean): void {
		const now = Date.now();
		if (stop) {
			if (s.lineTrackingStoppedAt) return;
			s.lineTrackingStoppedAt = now;
			s.lineTrackingStoppedReason = 'cancelled_by_user';
			for (const tr of this.core.store.trackingRequestsFor(s.id)) {
				if (tr.status !== 'created') continue;
				tr.status = 'tracking_stopped';
				tr.updatedAt = now;
				this.notifications.emit('tracking_request.tracking_stopped', (ser) => ({
					referenceObject: ser.trackingRequest(tr),
					included: [ser.shipment(s)],
				}));
			}
		} else {
			s.lineTrackingStoppedAt = null;
			s.lineTrackingStoppedReason = null;
			s.lineTrackingLastAttemptedAt = now;
			for (const tr of this.core.store.trackingRequestsFor(s.id)) {
				if (tr.status === 'tracking_stopped') {
					tr.status = 'created';
					tr.updatedAt = now;
				}
			}
		}
	}

	/**
	 * The carrier adds a container to a tracked shipment (a bill of lading amended on the way): a new container,
	 * on the shipment's ocean leg (at its stage, discharged at most), made from the shipment's id and how many it
	 * has (the same every run); `container.created` is sent.
	 */
	addContainer(s: ShipmentRec): ContainerRec {
		const rng = new Rng(hashString(`${s.id}:${s.containerIds.length}`));
		let number = containerNumberFor(s.scac, rng);
		while (this.core.store.containersByNumber.has(number)) number = containerNumberFor(s.scac, rng);
		const now = Date.now();
		const c = addContainer(this.core.store, rng, s, {
			number,
			stage: Math.min(s.stage, milestoneIndex(s.milestones, 'vessel_discharged')),
			times: s.times.slice(),
			createdAt: now,
			now,
		});
		this.notifications.emitContainerCreated(c);
		return c;
	}

	/** Forget the answers still to come (reset, close). */
	cancelPending(): void {
		for (const t of this.carrierTimers.values()) clearTimeout(t);
		this.carrierTimers.clear();
	}
}
