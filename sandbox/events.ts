/** The 43 webhook event names (openapi `POST /webhooks` events enum), grouped with descriptions. */

export interface EventCategory {
	id: string;
	name: string;
	events: Array<{ name: string; description: string }>;
}

export const EVENT_CATEGORIES: EventCategory[] = [
	{
		id: 'tracking-request-events',
		name: 'Tracking Request Events',
		events: [
			{
				name: 'tracking_request.succeeded',
				description: 'Shipment created and linked to the tracking request.',
			},
			{
				name: 'tracking_request.failed',
				description: 'Tracking request failed; see failed_reason.',
			},
			{
				name: 'tracking_request.awaiting_manifest',
				description: 'The carrier has not manifested the shipment yet; retried automatically.',
			},
			{
				name: 'tracking_request.tracking_stopped',
				description: 'Tracking stopped for the shipment of this request.',
			},
		],
	},
	{
		id: 'container-events',
		name: 'Container Events',
		events: [
			{ name: 'container.created', description: 'A container was added to a tracked shipment.' },
			{
				name: 'container.updated',
				description:
					'Terminal-sourced change (holds, fees, LFD, appointment, availability); carries a changeset.',
			},
			{
				name: 'container.pod_terminal_changed',
				description: 'The port of discharge terminal changed.',
			},
			{ name: 'container.pickup_lfd.changed', description: 'The coalesced last free day changed.' },
			{
				name: 'container.pickup_lfd_line.changed',
				description: 'The shipping line last free day changed.',
			},
			{
				name: 'container.pickup_lfd_terminal.changed',
				description: 'The terminal last free day changed.',
			},
			{ name: 'container.pickup_lfd_rail.changed', description: 'The rail last free day changed.' },
			{
				name: 'container.pickup_appointment.changed',
				description: 'The pickup appointment changed.',
			},
		],
	},
	{
		id: 'origin-events',
		name: 'Origin Transport Events',
		events: [
			{
				name: 'container.transport.empty_out',
				description: 'Empty container picked up at origin.',
			},
			{ name: 'container.transport.full_in', description: 'Full container gated in at origin.' },
			{ name: 'container.transport.vessel_loaded', description: 'Loaded on the vessel.' },
			{ name: 'container.transport.vessel_departed', description: 'Vessel departed.' },
			{
				name: 'container.transport.estimated.vessel_departed',
				description: 'Estimated vessel departure changed.',
			},
		],
	},
	{
		id: 'transshipment-events',
		name: 'Transshipment Events',
		events: [
			{
				name: 'container.transport.transshipment_arrived',
				description: 'Arrived at a transshipment port.',
			},
			{
				name: 'container.transport.transshipment_discharged',
				description: 'Discharged at a transshipment port.',
			},
			{
				name: 'container.transport.transshipment_loaded',
				description: 'Loaded at a transshipment port.',
			},
			{
				name: 'container.transport.transshipment_departed',
				description: 'Departed a transshipment port.',
			},
			{ name: 'container.transport.feeder_arrived', description: 'Feeder vessel arrived.' },
			{
				name: 'container.transport.feeder_discharged',
				description: 'Discharged from a feeder vessel.',
			},
			{ name: 'container.transport.feeder_loaded', description: 'Loaded on a feeder vessel.' },
			{ name: 'container.transport.feeder_departed', description: 'Feeder vessel departed.' },
		],
	},
	{
		id: 'destination-events',
		name: 'Destination Transport Events',
		events: [
			{
				name: 'container.transport.vessel_arrived',
				description: 'Vessel arrived at the port of discharge.',
			},
			{
				name: 'container.transport.estimated.vessel_arrived',
				description: 'Estimated vessel arrival changed.',
			},
			{
				name: 'container.transport.vessel_berthed',
				description: 'Vessel berthed at the terminal.',
			},
			{ name: 'container.transport.vessel_discharged', description: 'Discharged from the vessel.' },
			{ name: 'container.transport.available', description: 'Available for pickup.' },
			{ name: 'container.transport.not_available', description: 'No longer available for pickup.' },
			{
				name: 'container.transport.full_out',
				description: 'Full container gated out at destination.',
			},
			{ name: 'container.transport.delivered', description: 'Delivered.' },
			{ name: 'container.transport.empty_in', description: 'Empty container returned.' },
			{
				name: 'shipment.estimated.arrival',
				description: 'Estimated arrival of the shipment changed.',
			},
		],
	},
	{
		id: 'rail-events',
		name: 'Rail Events',
		events: [
			{ name: 'container.transport.rail_loaded', description: 'Loaded on rail.' },
			{ name: 'container.transport.rail_departed', description: 'Rail departed.' },
			{ name: 'container.transport.rail_arrived', description: 'Rail arrived.' },
			{ name: 'container.transport.rail_unloaded', description: 'Unloaded from rail.' },
			{
				name: 'container.transport.arrived_at_inland_destination',
				description: 'Arrived at the inland destination.',
			},
			{
				name: 'container.transport.estimated.arrived_at_inland_destination',
				description: 'Estimated inland arrival changed.',
			},
		],
	},
	{
		id: 'document-events',
		name: 'Document Events',
		events: [
			{ name: 'document.extracted', description: 'Data was extracted from a document.' },
			{ name: 'document.extraction_failed', description: 'Extraction failed for a document.' },
		],
	},
];

export const EVENT_NAMES: string[] = EVENT_CATEGORIES.flatMap((c) => c.events.map((e) => e.name));
export const EVENT_SET = new Set(EVENT_NAMES);
