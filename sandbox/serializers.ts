/**
 * Store records -> JSON:API resource objects, in the shapes of openapi.json, as one account sees them: the
 * Serializer of a request carries the account's plan (rail LFD) and container serializer (pod-deadlines.ts),
 * builds the tracked records (tracking requests, shipments, containers, transport events) and finds any
 * resource by type and id for `included` (`lookup`). The other families are built in reference-resources.ts,
 * account-resources.ts and journey-resources.ts (raw events, route).
 */
import { planHas } from './auth';
import {
	customFieldDefinitionResource,
	customFieldOptionResource,
	customFieldResource,
	documentResource,
	emailSubmissionResource,
	partyResource,
	partyRoleResource,
	webhookNotificationResource,
	webhookResource,
} from './account-resources';
import { rawEventResources, routeResources } from './journey-resources';
import { ref, type ResourceObject } from './jsonapi';
import {
	metroAreaResource,
	portResource,
	railFacilityResource,
	railTerminalResource,
	shippingLineResource,
	terminalResource,
	vesselPositionAttributes,
	vesselResource,
} from './reference-resources';
import {
	METRO_BY_CODE,
	METRO_BY_ID,
	PORTS_BY_CODE,
	PORTS_BY_ID,
	RAIL_TERMINALS_BY_ID,
	SHIPPING_LINES,
	SHIPPING_LINES_BY_SCAC,
	TERMINALS_BY_ID,
	VESSELS_BY_ID,
	VESSELS_BY_IMO,
	type VesselRef,
} from './reference-data';
import {
	LEGACY_LFD_SENTINEL,
	coalescedLfd,
	hiddenPodDeadlines,
	podDeadlines,
	visibleLineLfd,
} from './pod-deadlines';
import type { Store } from './store';
import {
	containerStatus,
	milestoneIndex,
	rawEventId,
	rawEventKeys,
	timeOf,
	transportEvents,
} from './timeline';
import type {
	ContainerRec,
	CustomFieldDefinitionRec,
	DeadlineShape,
	Plan,
	ShipmentRec,
	TrackingRequestRec,
	TransportEventRec,
} from './types';
import { clone, hashString, iso } from './util';
import type { VesselPosition } from './vessel-positions';

/** A vessel's current position (the sandbox app computes it from the voyages at sea). */
export type PositionOf = (imo: string) => VesselPosition;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export class Serializer {
	/** Transport events seen while serializing containers, serialized only if `include` asks for them. */
	private readonly events = new Map<string, TransportEventRec>();
	/** Raw events referenced so far (`source_event`, `raw_events`): container id and index. */
	private readonly rawRefs = new Map<string, { containerId: string; index: number }>();
	/** Route locations built by `route()`, for `included`. */
	private readonly routeLocations = new Map<string, ResourceObject>();
	/** `flag[parties]=true`: shipments carry their `party_roles` relationship. */
	shipmentPartyRoles = false;

	constructor(
		readonly store: Store,
		readonly plan: Plan,
		private readonly positionOf?: PositionOf,
		/** The account's container serializer (pod-deadlines.ts). */
		readonly deadlineShape: DeadlineShape = 'legacy',
		/** The newer serializer hides the last free days of a container picked up at the port (the option). */
		readonly hideLfdAfterPickup = false,
	) {}

	lookup = (type: string, id: string): ResourceObject | undefined => {
		if (type === 'transport_event') {
			const e = this.events.get(id);
			return e && this.transportEvent(e);
		}
		if (type === 'raw_event') {
			const r = this.rawRefs.get(id);
			const c = r && this.store.containers.get(r.containerId);
			return c ? this.rawEvents(c).find((e) => e.id === id) : undefined;
		}
		if (type === 'route_location') return this.routeLocations.get(id);
		const s = this.store;
		switch (type) {
			case 'shipment': {
				const x = s.shipments.get(id);
				return x && this.shipment(x);
			}
			case 'container': {
				const x = s.containers.get(id);
				return x && this.container(x);
			}
			case 'tracking_request': {
				const x = s.trackingRequests.get(id);
				return x && this.trackingRequest(x);
			}
			case 'port': {
				const x = PORTS_BY_ID.get(id);
				return x && this.port(x);
			}
			case 'metro_area': {
				const x = METRO_BY_ID.get(id);
				return x && this.metroArea(x);
			}
			case 'terminal': {
				const x = TERMINALS_BY_ID.get(id);
				if (x) return this.terminal(x);
				const m = RAIL_TERMINALS_BY_ID.get(id);
				return m && this.railFacility(m);
			}
			case 'rail_terminal': {
				const x = RAIL_TERMINALS_BY_ID.get(id);
				return x && this.railTerminal(x);
			}
			case 'vessel': {
				const x = VESSELS_BY_ID.get(id);
				return x && this.vessel(x, this.positionAttributes(x));
			}
			case 'shipping_line': {
				const x = SHIPPING_LINES.find((l) => l.id === id);
				return x && this.shippingLine(x);
			}
			case 'party': {
				const x = s.parties.get(id);
				return x && this.party(x);
			}
			case 'party_role': {
				const x = s.partyRoles.get(id);
				return x && this.partyRole(x);
			}
			case 'webhook': {
				const x = s.webhooks.get(id);
				return x && this.webhook(x);
			}
			case 'custom_field_definition': {
				const x = s.customFieldDefinitions.get(id);
				return x && this.customFieldDefinition(x);
			}
			case 'document': {
				const x = s.documents.get(id);
				return x && this.document(x);
			}
			case 'email_submission': {
				const x = s.emailSubmissions.get(id);
				return x && this.emailSubmission(x);
			}
			default: {
				const ev = s.eventObjects.get(id);
				return ev && ev.type === type
					? (clone(ev.resource) as unknown as ResourceObject)
					: undefined;
			}
		}
	};

	trackingRequest(t: TrackingRequestRec): ResourceObject {
		return {
			id: t.id,
			type: 'tracking_request',
			attributes: {
				request_number: t.requestNumber,
				request_type: t.requestType,
				scac: t.scac,
				ref_numbers: t.refNumbers,
				tags: t.shipmentTags,
				shipment_tags: t.shipmentTags,
				created_at: iso(t.createdAt),
				updated_at: iso(t.updatedAt),
				status: t.status,
				failed_reason: t.failedReason,
				is_retrying: t.isRetrying,
				retry_count: t.retryCount,
			},
			relationships: {
				tracked_object: { data: t.shipmentId ? ref('shipment', t.shipmentId) : null },
				customer: { data: t.customerId ? ref('party', t.customerId) : null },
				// Requests made with an API key have no user (the live ones made in the web app name theirs).
				user: { data: null },
			},
			links: { self: `/v2/tracking_requests/${t.id}` },
		};
	}

	shipment(s: ShipmentRec): ResourceObject {
		const line = SHIPPING_LINES_BY_SCAC.get(s.scac);
		const pol = PORTS_BY_CODE.get(s.polCode)!;
		const pod = PORTS_BY_CODE.get(s.podCode)!;
		const metro = s.metroCode ? METRO_BY_CODE.get(s.metroCode)! : null;
		const vessel = VESSELS_BY_IMO.get(s.vesselImo);
		const m = s.milestones;
		const at = (short: string, actual: boolean) => {
			const i = milestoneIndex(m, short);
			if (i < 0) return null;
			return iso(actual ? (s.stage >= i ? s.times[i] : null) : s.stage >= i ? null : s.times[i]);
		};
		/** The first estimate the line gave, known only when tracking started before the milestone. */
		const original = (short: string, daysEarly: number) => {
			const i = milestoneIndex(m, short);
			if (i < 0 || s.createdAt >= s.times[i]) return null;
			return iso(s.times[i] - daysEarly * DAY_MS);
		};
		const customer = s.customerId ? this.store.parties.get(s.customerId) : undefined;
		const relationships: ResourceObject['relationships'] = {
			port_of_lading: { data: ref('port', pol.id) },
			port_of_discharge: { data: ref('port', pod.id) },
			pod_terminal: { data: ref('terminal', s.terminalId) },
			destination: { data: metro ? ref('metro_area', metro.id) : ref('port', pod.id) },
			destination_terminal: {
				data: metro ? ref('rail_terminal', metro.railTerminal.id) : ref('terminal', s.terminalId),
			},
			line_tracking_stopped_by_user: { data: null },
			containers: { data: s.containerIds.map((id) => ref('container', id)) },
		};
		if (this.shipmentPartyRoles) {
			relationships.party_roles = {
				data: this.store.partyRoles
					.all()
					.filter((r) => r.roleableType === 'Shipment' && r.roleableId === s.id)
					.map((r) => ref('party_role', r.id)),
			};
		}
		const h = hashString(s.id);
		return {
			id: s.id,
			type: 'shipment',
			attributes: {
				created_at: iso(s.createdAt),
				ref_numbers: s.refNumbers,
				tags: s.tags,
				bill_of_lading_number: s.blNumber,
				normalized_number: s.normalizedNumber,
				shipping_line_scac: s.scac,
				shipping_line_name: line?.name ?? s.scac,
				shipping_line_short_name: line?.shortName ?? s.scac,
				customer_name: customer?.companyName ?? null,
				port_of_lading_locode: pol.code,
				port_of_lading_name: pol.name,
				port_of_discharge_locode: pod.code,
				port_of_discharge_name: pod.name,
				pod_vessel_name: vessel?.name ?? null,
				pod_vessel_imo: vessel?.imo ?? null,
				pod_voyage_number: s.voyageNumber,
				destination_locode: metro ? metro.code : pod.code,
				destination_name: metro ? metro.name : pod.name,
				destination_timezone: metro ? metro.timeZone : pod.timeZone,
				destination_ata_at: metro ? at('rail_arrived', true) : at('vessel_arrived', true),
				destination_eta_at: metro ? at('rail_arrived', false) : at('vessel_arrived', false),
				pol_etd_at: at('vessel_departed', false),
				pol_atd_at: at('vessel_departed', true),
				pol_timezone: pol.timeZone,
				pod_eta_at: at('vessel_arrived', false),
				pod_original_eta_at: iso(s.podOriginalEta),
				pol_original_etd_at:
					s.polOriginalEtd !== undefined
						? iso(s.polOriginalEtd)
						: original('vessel_departed', h % 3),
				destination_original_eta_at: metro
					? original('rail_arrived', (h >>> 3) % 4)
					: iso(s.podOriginalEta),
				pod_ata_at: at('vessel_arrived', true),
				pod_timezone: pod.timeZone,
				line_tracking_last_attempted_at: iso(s.lineTrackingLastAttemptedAt),
				line_tracking_last_succeeded_at: iso(s.lineTrackingLastAttemptedAt),
				line_tracking_stopped_at: iso(s.lineTrackingStoppedAt),
				line_tracking_stopped_reason: s.lineTrackingStoppedReason,
			},
			relationships,
			links: { self: `/v2/shipments/${s.id}` },
		};
	}

	container(c: ContainerRec): ResourceObject {
		const s = this.store.shipmentOf(c);
		const pod = PORTS_BY_CODE.get(s.podCode)!;
		const metro = s.metroCode ? METRO_BY_CODE.get(s.metroCode)! : null;
		const events = transportEvents(s, c);
		for (const e of events) this.events.set(e.id, e);
		const railVisible = planHas(this.plan, 'rail_lfd');
		const lfdRail = railVisible ? c.lfdRail : null;
		const selected = this.deadlineShape === 'selected';
		const lfdHidden =
			selected &&
			this.hideLfdAfterPickup &&
			!metro &&
			c.stage >= milestoneIndex(s.milestones, 'full_out');
		const t = (short: string) => iso(timeOf(s, c, short));
		const status = containerStatus(s, c);
		const rawIds = rawEventKeys(s, c).map((key) => this.rawRef(c.id, key));
		// The rail carrier is polled once the container is off the vessel (a little before the terminal).
		const railChecked =
			metro && c.terminalCheckedAt && c.stage >= milestoneIndex(s.milestones, 'vessel_discharged')
				? c.terminalCheckedAt - (5 + (hashString(c.id) % 50)) * MINUTE_MS
				: null;
		const relationships: ResourceObject['relationships'] = {
			shipment: { data: ref('shipment', s.id) },
			// Where the container is picked up when that is not the terminal of discharge: the inland rail
			// facility (a `terminal`, as the live service types it); null for a pickup at the port.
			pickup_facility: { data: metro ? ref('terminal', metro.railTerminal.id) : null },
			pod_terminal: { data: ref('terminal', s.terminalId) },
			transport_events: { data: events.map((e) => ref('transport_event', e.id)) },
			raw_events: { data: rawIds.map((id) => ref('raw_event', id)) },
			// service-spec.md: "relationships.destination | inland rail or port destination".
			destination: { data: metro ? ref('metro_area', metro.id) : ref('port', pod.id) },
		};
		return {
			id: c.id,
			type: 'container',
			attributes: {
				number: c.number,
				seal_number: c.sealNumber,
				created_at: iso(c.createdAt),
				ref_numbers: c.refNumbers,
				pod_arrived_at: t('vessel_arrived'),
				pod_discharged_at: t('vessel_discharged'),
				final_destination_full_out_at: metro ? t('full_out') : null,
				holds_at_pod_terminal: clone(c.holds),
				available_for_pickup: c.availableForPickup,
				delivered_at: t('delivered'),
				current_status: status,
				empty_out_at: t('empty_out'),
				pol_full_in_at: t('full_in'),
				pol_vessel_loaded_at: t('vessel_loaded'),
				pol_vessel_departed_at: t('vessel_departed'),
				equipment_type: c.equipmentType,
				equipment_length: c.equipmentLength,
				equipment_height: c.equipmentHeight,
				// A rail container leaves the terminal of discharge on the train (as the live rail records show).
				pod_full_out_at: metro ? t('rail_departed') : t('full_out'),
				empty_terminated_at: t('empty_in'),
				terminal_checked_at: iso(c.terminalCheckedAt),
				fees_at_pod_terminal: clone(c.fees),
				// The newer serializer keeps the legacy key with a sentinel no client may show (pod-deadlines.ts).
				pickup_lfd: selected ? LEGACY_LFD_SENTINEL : iso(coalescedLfd(c, lfdRail)),
				pickup_appointment_at: iso(c.pickupAppointmentAt),
				pod_full_out_chassis_number:
					timeOf(s, c, 'full_out') && !metro ? `APMZ${c.number.slice(4, 10)}` : null,
				location_at_pod_terminal: c.locationAtPodTerminal,
				pod_last_tracking_request_at: iso(c.terminalCheckedAt),
				shipment_last_tracking_request_at: iso(s.lineTrackingLastAttemptedAt),
				rail_last_tracking_request_at: iso(railChecked),
				availability_known: c.availabilityKnown,
				pod_timezone: pod.timeZone,
				final_destination_timezone: metro ? metro.timeZone : pod.timeZone,
				weight_in_lbs: c.weightLbs,
				empty_terminated_timezone: timeOf(s, c, 'empty_in')
					? metro
						? metro.timeZone
						: pod.timeZone
					: null,
				pod_rail_carrier_scac: c.podRailCarrier,
				ind_rail_carrier_scac: c.podRailCarrier,
				pod_rail_loaded_at: t('rail_loaded'),
				pod_rail_departed_at: t('rail_departed'),
				ind_eta_at:
					metro && c.stage < milestoneIndex(s.milestones, 'rail_arrived')
						? iso(c.times[milestoneIndex(s.milestones, 'rail_arrived')])
						: null,
				ind_ata_at: metro ? t('rail_arrived') : null,
				ind_rail_unloaded_at: metro ? t('rail_unloaded') : null,
				// The live records leave holds and fees at the inland facility null; so does the sandbox.
				ind_facility_holds: null,
				ind_facility_fees: null,
				ind_facility_lfd_on: metro ? iso(lfdRail) : null,
				import_deadlines: selected
					? {
							pickup_lfd_rail: iso(lfdRail),
							pod: lfdHidden ? hiddenPodDeadlines() : podDeadlines(c),
						}
					: {
							pickup_lfd_terminal: iso(c.lfdTerminal),
							pickup_lfd_rail: iso(lfdRail),
							pickup_lfd_line: iso(visibleLineLfd(c)),
						},
				// The steamship line's last free day (the older serializer's pickup_lfd_line, the newer one's
				// pod.line.current), null while the carrier withholds it, in both generations.
				ssl_lfd: lfdHidden ? null : iso(visibleLineLfd(c)),
			},
			relationships,
			links: { self: `/v2/containers/${c.id}` },
		};
	}

	private rawRef(containerId: string, index: number): string {
		const id = rawEventId(containerId, index);
		this.rawRefs.set(id, { containerId, index });
		return id;
	}

	transportEvent(e: TransportEventRec): ResourceObject {
		const locationId = e.locationCode
			? e.locationType === 'metro_area'
				? METRO_BY_CODE.get(e.locationCode)?.id
				: PORTS_BY_CODE.get(e.locationCode)?.id
			: undefined;
		const vessel = e.vesselImo ? VESSELS_BY_IMO.get(e.vesselImo) : undefined;
		return {
			id: e.id,
			type: 'transport_event',
			attributes: {
				event: e.event,
				created_at: iso(e.createdAt),
				voyage_number: e.voyageNumber,
				timestamp: iso(e.timestamp),
				data_source: e.dataSource,
				invalidated_at: null,
				location_locode: e.locationCode,
				timezone: e.timezone,
				value: null,
			},
			relationships: {
				shipment: { data: ref('shipment', e.shipmentId) },
				container: { data: ref('container', e.containerId) },
				vessel: { data: vessel ? ref('vessel', vessel.id) : null },
				source_event: {
					data:
						e.rawIndex === null ? null : ref('raw_event', this.rawRef(e.containerId, e.rawIndex)),
				},
				previous_version: { data: null },
				location: { data: locationId ? ref(e.locationType!, locationId) : null },
				terminal: { data: e.terminalId ? ref(e.terminalType!, e.terminalId) : null },
			},
		};
	}

	/** Raw carrier/terminal events in `index` order (journey-resources.ts); registered for `lookup`. */
	rawEvents(c: ContainerRec): ResourceObject[] {
		return rawEventResources(this.store, c, (containerId, index) =>
			this.rawRef(containerId, index),
		);
	}

	/** The container's route (Routing Data; journey-resources.ts); its route locations kept for `included`. */
	route(c: ContainerRec): ResourceObject {
		const { route, locations } = routeResources(this.store, c);
		for (const location of locations) this.routeLocations.set(location.id, location);
		return route;
	}

	/** Name, IMO, MMSI and the current position (as the live `included` vessels carry it). */
	positionAttributes(v: VesselRef): Record<string, unknown> {
		return this.positionOf ? vesselPositionAttributes(this.positionOf(v.imo)) : {};
	}

	// The resources that are the same for every account (reference-resources.ts, account-resources.ts).
	readonly port = portResource;
	readonly metroArea = metroAreaResource;
	readonly terminal = terminalResource;
	readonly railFacility = railFacilityResource;
	readonly railTerminal = railTerminalResource;
	readonly shippingLine = shippingLineResource;
	readonly vessel = vesselResource;
	readonly webhook = webhookResource;
	readonly webhookNotification = webhookNotificationResource;
	readonly party = partyResource;
	readonly partyRole = partyRoleResource;
	readonly customFieldOption = customFieldOptionResource;
	readonly customField = customFieldResource;
	readonly document = documentResource;
	readonly emailSubmission = emailSubmissionResource;

	customFieldDefinition(d: CustomFieldDefinitionRec): ResourceObject {
		return customFieldDefinitionResource(this.store, d);
	}
}
