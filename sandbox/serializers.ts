/** Store records -> JSON:API resource objects, in the shapes of openapi.json. */
import type { ResourceObject } from './jsonapi';
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
	type MetroAreaRef,
	type PortRef,
	type ShippingLineRef,
	type TerminalRef,
	type VesselRef,
} from './reference-data';
import type { Store } from './store';
import {
	containerStatus,
	milestoneIndex,
	rawEventId,
	T,
	timeOf,
	transportEvents,
} from './timeline';
import type {
	ContainerRec,
	CustomFieldDefinitionRec,
	CustomFieldOptionRec,
	CustomFieldRec,
	DocumentRec,
	EmailSubmissionRec,
	PartyRec,
	Plan,
	ShipmentRec,
	TrackingRequestRec,
	TransportEventRec,
	WebhookNotificationRec,
	WebhookRec,
} from './types';
import { clone, iso } from './util';

type Ref = { id: string; type: string };
const ref = (type: string, id: string): Ref => ({ id, type });

export const ACCOUNT_ID = '7f3a5a4e-2c1d-4b8e-9f10-5a1b2c3d4e5f';

export class Serializer {
	/** Transport events seen while serializing containers, serialized only if `include` asks for them. */
	private readonly events = new Map<string, TransportEventRec>();

	constructor(
		readonly store: Store,
		readonly plan: Plan,
	) {}

	lookup = (type: string, id: string): ResourceObject | undefined => {
		if (type === 'transport_event') {
			const e = this.events.get(id);
			return e && this.transportEvent(e);
		}
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
				return x && this.terminal(x);
			}
			case 'rail_terminal': {
				const x = RAIL_TERMINALS_BY_ID.get(id);
				return x && this.railTerminal(x);
			}
			case 'vessel': {
				const x = VESSELS_BY_ID.get(id);
				return x && this.vessel(x);
			}
			case 'shipping_line': {
				const x = SHIPPING_LINES.find((l) => l.id === id);
				return x && this.shippingLine(x);
			}
			case 'party': {
				const x = s.parties.get(id);
				return x && this.party(x);
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
		const relationships: ResourceObject['relationships'] = {
			tracked_object: { data: t.shipmentId ? ref('shipment', t.shipmentId) : null },
		};
		if (t.customerId) relationships.customer = { data: ref('party', t.customerId) };
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
			relationships,
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
		const customer = s.customerId ? this.store.parties.get(s.customerId) : undefined;
		const relationships: ResourceObject['relationships'] = {
			port_of_lading: { data: ref('port', pol.id) },
			port_of_discharge: { data: ref('port', pod.id) },
			pod_terminal: { data: ref('terminal', s.terminalId) },
			destination: { data: metro ? ref('metro_area', metro.id) : ref('port', pod.id) },
			destination_terminal: {
				data: metro ? ref('rail_terminal', metro.railTerminal.id) : ref('terminal', s.terminalId),
			},
			containers: { data: s.containerIds.map((id) => ref('container', id)) },
		};
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
		const railVisible = this.plan !== 'basic';
		const lfdRail = railVisible ? c.lfdRail : null;
		const pickupLfd = c.lfdLine ?? c.lfdTerminal ?? lfdRail;
		const t = (short: string) => iso(timeOf(s, c, short));
		const status = containerStatus(s, c);
		const relationships: ResourceObject['relationships'] = {
			shipment: { data: ref('shipment', s.id) },
			pod_terminal: { data: ref('terminal', s.terminalId) },
			transport_events: { data: events.map((e) => ref('transport_event', e.id)) },
			raw_events: { data: s.milestones.map((_, i) => ref('raw_event', rawEventId(c.id, i))) },
		};
		relationships.destination = { data: metro ? ref('metro_area', metro.id) : ref('port', pod.id) };
		if (!metro) relationships.pickup_facility = { data: ref('terminal', s.terminalId) };
		return {
			id: c.id,
			type: 'container',
			attributes: {
				number: c.number,
				ref_numbers: c.refNumbers,
				seal_number: c.sealNumber,
				created_at: iso(c.createdAt),
				equipment_type: c.equipmentType,
				equipment_length: c.equipmentLength,
				equipment_height: c.equipmentHeight,
				weight_in_lbs: c.weightLbs,
				fees_at_pod_terminal: clone(c.fees),
				holds_at_pod_terminal: clone(c.holds),
				pickup_lfd: iso(pickupLfd),
				pickup_appointment_at: iso(c.pickupAppointmentAt),
				pod_full_out_chassis_number:
					timeOf(s, c, 'full_out') && !metro ? `APMZ${c.number.slice(4, 10)}` : null,
				location_at_pod_terminal: c.locationAtPodTerminal,
				availability_known: c.availabilityKnown,
				available_for_pickup: c.availableForPickup,
				pod_arrived_at: t('vessel_arrived'),
				pod_discharged_at: t('vessel_discharged'),
				final_destination_full_out_at: metro ? t('full_out') : null,
				pod_full_out_at: metro ? null : t('full_out'),
				empty_terminated_at: t('empty_in'),
				terminal_checked_at: iso(c.terminalCheckedAt),
				pod_rail_carrier_scac: c.podRailCarrier,
				ind_rail_carrier_scac: c.podRailCarrier,
				pod_timezone: pod.timeZone,
				final_destination_timezone: metro ? metro.timeZone : pod.timeZone,
				empty_terminated_timezone: timeOf(s, c, 'empty_in')
					? metro
						? metro.timeZone
						: pod.timeZone
					: null,
				pod_last_tracking_request_at: iso(c.terminalCheckedAt),
				shipment_last_tracking_request_at: iso(s.lineTrackingLastAttemptedAt),
				pod_rail_loaded_at: t('rail_loaded'),
				pod_rail_departed_at: t('rail_departed'),
				ind_eta_at:
					metro && c.stage < milestoneIndex(s.milestones, 'rail_arrived')
						? iso(c.times[milestoneIndex(s.milestones, 'rail_arrived')])
						: null,
				ind_ata_at: metro ? t('rail_arrived') : null,
				ind_rail_unloaded_at: metro ? t('rail_unloaded') : null,
				ind_facility_lfd_on: null,
				import_deadlines: {
					pickup_lfd_terminal: iso(c.lfdTerminal),
					pickup_lfd_rail: iso(lfdRail),
					pickup_lfd_line: iso(c.lfdLine),
				},
				current_status: status,
			},
			relationships,
			links: { self: `/v2/containers/${c.id}` },
		};
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
				location_locode: e.locationCode,
				timezone: e.timezone,
			},
			relationships: {
				shipment: { data: ref('shipment', e.shipmentId) },
				container: { data: ref('container', e.containerId) },
				vessel: { data: vessel ? ref('vessel', vessel.id) : null },
				location: { data: locationId ? ref(e.locationType!, locationId) : null },
				terminal: { data: e.terminalId ? ref(e.terminalType!, e.terminalId) : null },
			},
		};
	}

	/** Raw carrier/terminal events: actual ones for completed milestones, estimated ones after. */
	rawEvents(c: ContainerRec): ResourceObject[] {
		const s = this.store.shipmentOf(c);
		return s.milestones.map((name, i) => {
			const actual = i <= c.stage;
			const short = name.slice(T.length);
			const ts = c.times[i];
			const loc = ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'].includes(short)
				? s.polCode
				: short.startsWith('transshipment_')
					? s.tsCode!
					: s.podCode;
			const port = PORTS_BY_CODE.get(loc)!;
			const vessel = VESSELS_BY_IMO.get(s.vesselImo)!;
			const withVessel = short.startsWith('vessel_') || short.startsWith('transshipment_');
			const rawName =
				short === 'arrived_at_inland_destination'
					? 'arrived_at_destination'
					: short === 'vessel_berthed'
						? 'vessel_arrived'
						: short;
			const id = rawEventId(c.id, i);
			const res: ResourceObject = {
				id,
				type: 'raw_event',
				attributes: {
					event: rawName,
					original_event: short.replace(/_/g, ' ').replace(/^./, (x) => x.toUpperCase()),
					timestamp: iso(ts),
					estimated: !actual,
					actual_on: actual ? iso(ts)!.slice(0, 10) : null,
					estimated_on: actual ? null : iso(ts)!.slice(0, 10),
					actual_at: actual ? iso(ts) : null,
					estimated_at: actual ? null : iso(ts),
					timezone: port.timeZone,
					created_at: iso(Math.min(ts, c.updatedAt)),
					location_name: port.name,
					location_locode: port.code,
					vessel_name: withVessel ? vessel.name : null,
					vessel_imo: withVessel ? vessel.imo : null,
					index: i,
					voyage_number: withVessel ? s.voyageNumber : null,
				},
				relationships: {
					location: { data: ref('port', port.id) },
					...(withVessel ? { vessel: { data: ref('vessel', vessel.id) } } : {}),
				},
			};
			return res;
		});
	}

	port(p: PortRef): ResourceObject {
		return {
			id: p.id,
			type: 'port',
			attributes: {
				name: p.name,
				code: p.code,
				state_abbr: p.stateAbbr,
				city: p.city,
				country_code: p.countryCode,
				latitude: p.latitude,
				longitude: p.longitude,
				time_zone: p.timeZone,
			},
		};
	}

	metroArea(m: MetroAreaRef): ResourceObject {
		return {
			id: m.id,
			type: 'metro_area',
			attributes: {
				name: m.name,
				code: m.code,
				state_abbr: m.stateAbbr,
				country_code: m.countryCode,
				time_zone: m.timeZone,
				latitude: m.latitude,
				longitude: m.longitude,
			},
		};
	}

	terminal(t: TerminalRef): ResourceObject {
		const port = PORTS_BY_CODE.get(t.portCode)!;
		return {
			id: t.id,
			type: 'terminal',
			attributes: {
				name: t.name,
				nickname: t.nickname,
				firms_code: t.firmsCode,
				smdg_code: t.nickname
					.replace(/[^A-Za-z]/g, '')
					.slice(0, 5)
					.toUpperCase(),
				bic_facility_code: `${t.portCode}${t.firmsCode}`,
				city: t.city,
				state: port.state ?? '',
				state_abbr: t.stateAbbr,
				country: t.country,
			},
			relationships: { port: { data: ref('port', port.id) } },
		};
	}

	railTerminal(m: MetroAreaRef): ResourceObject {
		return {
			id: m.railTerminal.id,
			type: 'rail_terminal',
			attributes: {
				name: m.railTerminal.name,
				nickname: m.railTerminal.nickname,
				firms_code: m.railTerminal.firmsCode,
			},
			relationships: { port: { data: null }, metro_area: { data: ref('metro_area', m.id) } },
		};
	}

	shippingLine(l: ShippingLineRef): ResourceObject {
		return {
			id: l.id,
			type: 'shipping_line',
			attributes: {
				scac: l.scac,
				name: l.name,
				alternative_scacs:
					l.bolPrefix && l.bolPrefix !== l.scac && l.bolPrefix.length === 4 ? [l.bolPrefix] : [],
				short_name: l.shortName,
				bill_of_lading_tracking_support: true,
				booking_number_tracking_support: true,
				container_number_tracking_support: !/no container numbers/i.test(l.notes),
			},
		};
	}

	vessel(v: VesselRef, extra: Record<string, unknown> = {}): ResourceObject {
		return {
			id: v.id,
			type: 'vessel',
			attributes: { name: v.name, imo: v.imo, mmsi: v.mmsi, ...extra },
		};
	}

	webhook(w: WebhookRec): ResourceObject {
		return {
			id: w.id,
			type: 'webhook',
			attributes: {
				url: w.url,
				active: w.active,
				events: w.events.slice(),
				secret: w.secret,
				headers: w.headers ? clone(w.headers) : null,
			},
			links: { self: `/v2/webhooks/${w.id}` },
		};
	}

	webhookNotification(n: WebhookNotificationRec): ResourceObject {
		return {
			id: n.id,
			type: 'webhook_notification',
			attributes: {
				id: n.id,
				event: n.event,
				delivery_status: n.deliveryStatus,
				created_at: iso(n.createdAt),
			},
			relationships: {
				reference_object: { data: { ...n.referenceObject } },
				webhook: { data: ref('webhook', n.webhookId) },
				webhook_notification_logs: { data: [] },
			},
		};
	}

	party(p: PartyRec): ResourceObject {
		return {
			id: p.id,
			type: 'party',
			attributes: { company_name: p.companyName },
			links: { self: `/v2/parties/${p.id}` },
		};
	}

	customFieldDefinition(d: CustomFieldDefinitionRec): ResourceObject {
		return {
			id: d.id,
			type: 'custom_field_definition',
			attributes: {
				entity_type: d.entityType,
				api_slug: d.apiSlug,
				display_name: d.displayName,
				data_type: d.dataType,
				reference_type: d.referenceType,
				validation: d.validation,
				default_format: d.defaultFormat,
				default_value: d.defaultValue as never,
			},
			relationships: {
				options: {
					data: this.store.customFieldOptions
						.all()
						.filter((o) => o.definitionId === d.id)
						.map((o) => ref('custom_field_option', o.id)),
				},
			},
		};
	}

	customFieldOption(o: CustomFieldOptionRec): ResourceObject {
		return {
			id: o.id,
			type: 'custom_field_option',
			attributes: { label: o.label, value: o.value, position: o.position },
		};
	}

	customField(f: CustomFieldRec): ResourceObject {
		const v = f.value;
		return {
			id: f.id,
			type: 'custom_field',
			attributes: {
				api_slug: f.apiSlug,
				value: v as never,
				display_value:
					v === null || v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v),
			},
			relationships: {
				entity: { data: ref(f.entityType, f.entityId) },
				definition: { data: ref('custom_field_definition', f.definitionId) },
			},
		};
	}

	document(d: DocumentRec): ResourceObject {
		return {
			id: d.id,
			type: 'document',
			attributes: {
				id: d.id,
				name: d.name,
				document_type: d.documentType,
				document_type_manual: d.documentTypeManual,
				classification_notes: d.classificationNotes,
				source: d.source,
				file_name: d.fileName,
				file_content_type: d.fileContentType,
				file_size_bytes: d.fileSizeBytes,
				created_at: iso(d.createdAt),
				updated_at: iso(d.updatedAt),
			},
			relationships: {
				account: { data: ref('account', ACCOUNT_ID) },
				user: { data: null },
				email_submission: {
					data: d.emailSubmissionId ? ref('email_submission', d.emailSubmissionId) : null,
				},
				last_document_representation: { data: null },
				shipments: { data: d.shipmentIds.map((id) => ref('shipment', id)) },
				cargos: { data: d.containerIds.map((id) => ref('container', id)) },
			},
			links: { self: `/v2/documents/${d.id}`, download: `/v2/documents/${d.id}/download_url` },
		};
	}

	emailSubmission(e: EmailSubmissionRec): ResourceObject {
		return {
			id: e.id,
			type: 'email_submission',
			attributes: {
				subject: e.subject,
				body: e.body,
				from: e.from,
				to: e.to,
				cc: e.cc,
				sent_at: iso(e.sentAt),
				message_id: e.messageId,
				in_reply_to: null,
				references: [],
				content_type: 'text/plain',
				documents_count: e.documentIds.length,
				created_at: iso(e.createdAt),
				updated_at: iso(e.updatedAt),
			},
			relationships: {
				account: { data: ref('account', ACCOUNT_ID) },
				user: { data: null },
				documents: { data: e.documentIds.map((id) => ref('document', id)) },
			},
			links: { self: `/v2/email_submissions/${e.id}` },
		};
	}
}
