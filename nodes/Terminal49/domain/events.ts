import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The 43 webhook event names Terminal49 accepts (the `events` enum of `POST /webhooks` in the public
 * OpenAPI reference, version 0.2.0), each with a human name, a description and a group. Shared by the
 * action node (Webhook > Create / Update, Send Test Delivery, Webhook Notification filters) and the
 * trigger node. Sorted by group, then name.
 */
export interface WebhookEvent {
	/** Human name, e.g. "Vessel Arrived". */
	name: string;
	/** The event name the service uses, e.g. `container.transport.vessel_arrived`. */
	value: string;
	description: string;
	/** Family of the event, e.g. "Vessel". */
	group: string;
	/**
	 * The event's name where it stands alone (n8n's node panel, every Events field): `name` unless that needs
	 * its group to be understood, e.g. "Full Out at Destination" for the Gate event "Full Out".
	 */
	action?: string;
}

const EVENTS: WebhookEvent[] = [
	// Tracking request
	{
		group: 'Tracking Request',
		name: 'Tracking Request Succeeded',
		value: 'tracking_request.succeeded',
		description: 'Tracking began: the carrier answered and the shipment now exists',
	},
	{
		group: 'Tracking Request',
		name: 'Tracking Request Failed',
		value: 'tracking_request.failed',
		description: 'The tracking request cannot be fulfilled; failed_reason says why',
	},
	{
		group: 'Tracking Request',
		name: 'Tracking Request Awaiting Manifest',
		value: 'tracking_request.awaiting_manifest',
		description:
			'The carrier has not manifested the shipment yet; Terminal49 retries automatically',
	},
	{
		group: 'Tracking Request',
		name: 'Tracking Request Tracking Stopped',
		action: 'Tracking Stopped',
		value: 'tracking_request.tracking_stopped',
		description: 'Tracking stopped for the shipment of this request',
	},
	// Shipment
	{
		group: 'Shipment',
		name: 'Shipment Estimated Arrival Changed',
		value: 'shipment.estimated.arrival',
		description: 'The estimated arrival (ETA) of the shipment at the port of discharge changed',
	},
	// Container record
	{
		group: 'Container',
		name: 'Container Created',
		value: 'container.created',
		description: 'A container was added to a tracked shipment',
	},
	{
		group: 'Container',
		name: 'Container Updated',
		value: 'container.updated',
		description:
			'Terminal-sourced change (holds, fees, last free day, appointment, availability); carries a changeset {field: [old, new]}',
	},
	{
		group: 'Container',
		name: 'POD Terminal Changed',
		value: 'container.pod_terminal_changed',
		description: 'The terminal at the port of discharge changed',
	},
	// Pickup and last free day
	{
		group: 'Pickup',
		name: 'Available for Pickup',
		value: 'container.transport.available',
		description: 'The container became available for pickup at the terminal',
	},
	{
		group: 'Pickup',
		name: 'Not Available for Pickup',
		value: 'container.transport.not_available',
		description: 'The container is no longer available for pickup at the terminal',
	},
	{
		group: 'Pickup',
		name: 'Last Free Day Changed',
		value: 'container.pickup_lfd.changed',
		description: 'The last free day (pickup_lfd, by priority line, terminal, rail) changed',
	},
	{
		group: 'Pickup',
		name: 'Line Last Free Day Changed',
		value: 'container.pickup_lfd_line.changed',
		description: 'The shipping line last free day (per diem deadline) changed',
	},
	{
		group: 'Pickup',
		name: 'Terminal Last Free Day Changed',
		value: 'container.pickup_lfd_terminal.changed',
		description: 'The terminal last free day (demurrage deadline) changed',
	},
	{
		group: 'Pickup',
		name: 'Rail Last Free Day Changed',
		value: 'container.pickup_lfd_rail.changed',
		description:
			'The rail carrier last free day at the inland destination changed (requires rail LFD)',
	},
	{
		group: 'Pickup',
		name: 'Pickup Appointment Changed',
		value: 'container.pickup_appointment.changed',
		description: 'The pickup appointment at the terminal changed',
	},
	// Gate moves at origin and destination
	{
		group: 'Gate',
		name: 'Empty Out',
		action: 'Empty Out at Origin',
		value: 'container.transport.empty_out',
		description: 'The empty container was picked up at origin',
	},
	{
		group: 'Gate',
		name: 'Full In',
		action: 'Full In at Origin',
		value: 'container.transport.full_in',
		description: 'The full container gated in at the origin terminal',
	},
	{
		group: 'Gate',
		name: 'Full Out',
		action: 'Full Out at Destination',
		value: 'container.transport.full_out',
		description: 'The full container gated out at the destination',
	},
	{
		group: 'Gate',
		name: 'Delivered',
		action: 'Container Delivered',
		value: 'container.transport.delivered',
		description: 'The container was delivered',
	},
	{
		group: 'Gate',
		name: 'Empty In',
		action: 'Empty Returned',
		value: 'container.transport.empty_in',
		description: 'The empty container was returned',
	},
	// Ocean vessel
	{
		group: 'Vessel',
		name: 'Vessel Loaded',
		value: 'container.transport.vessel_loaded',
		description: 'The container was loaded on the vessel at the port of lading',
	},
	{
		group: 'Vessel',
		name: 'Vessel Departed',
		value: 'container.transport.vessel_departed',
		description: 'The vessel departed the port of lading',
	},
	{
		group: 'Vessel',
		name: 'Vessel Departure Estimate Changed',
		value: 'container.transport.estimated.vessel_departed',
		description: 'The estimated departure of the vessel from the port of lading changed',
	},
	{
		group: 'Vessel',
		name: 'Vessel Arrived',
		value: 'container.transport.vessel_arrived',
		description: 'The vessel arrived at the port of discharge',
	},
	{
		group: 'Vessel',
		name: 'Vessel Arrival Estimate Changed',
		value: 'container.transport.estimated.vessel_arrived',
		description: 'The estimated arrival of the vessel at the port of discharge changed',
	},
	{
		group: 'Vessel',
		name: 'Vessel Berthed',
		value: 'container.transport.vessel_berthed',
		description: 'The vessel berthed at the terminal of the port of discharge',
	},
	{
		group: 'Vessel',
		name: 'Vessel Discharged',
		value: 'container.transport.vessel_discharged',
		description: 'The container was discharged from the vessel at the port of discharge',
	},
	// Transshipment
	{
		group: 'Transshipment',
		name: 'Transshipment Arrived',
		value: 'container.transport.transshipment_arrived',
		description: 'The container arrived at a transshipment port',
	},
	{
		group: 'Transshipment',
		name: 'Transshipment Discharged',
		value: 'container.transport.transshipment_discharged',
		description: 'The container was discharged at a transshipment port',
	},
	{
		group: 'Transshipment',
		name: 'Transshipment Loaded',
		value: 'container.transport.transshipment_loaded',
		description: 'The container was loaded on the next vessel at a transshipment port',
	},
	{
		group: 'Transshipment',
		name: 'Transshipment Departed',
		value: 'container.transport.transshipment_departed',
		description: 'The container departed a transshipment port',
	},
	// Feeder
	{
		group: 'Feeder',
		name: 'Feeder Arrived',
		value: 'container.transport.feeder_arrived',
		description: 'The feeder vessel carrying the container arrived',
	},
	{
		group: 'Feeder',
		name: 'Feeder Discharged',
		value: 'container.transport.feeder_discharged',
		description: 'The container was discharged from a feeder vessel',
	},
	{
		group: 'Feeder',
		name: 'Feeder Loaded',
		value: 'container.transport.feeder_loaded',
		description: 'The container was loaded on a feeder vessel',
	},
	{
		group: 'Feeder',
		name: 'Feeder Departed',
		value: 'container.transport.feeder_departed',
		description: 'The feeder vessel carrying the container departed',
	},
	// Rail and inland destination
	{
		group: 'Rail',
		name: 'Rail Loaded',
		value: 'container.transport.rail_loaded',
		description: 'The container was loaded on a train',
	},
	{
		group: 'Rail',
		name: 'Rail Departed',
		value: 'container.transport.rail_departed',
		description: 'The train carrying the container departed',
	},
	{
		group: 'Rail',
		name: 'Rail Arrived',
		value: 'container.transport.rail_arrived',
		description: 'The train carrying the container arrived',
	},
	{
		group: 'Rail',
		name: 'Rail Unloaded',
		value: 'container.transport.rail_unloaded',
		description: 'The container was unloaded from the train',
	},
	{
		group: 'Rail',
		name: 'Arrived at Inland Destination',
		value: 'container.transport.arrived_at_inland_destination',
		description: 'The container arrived at its inland (rail) destination',
	},
	{
		group: 'Rail',
		name: 'Inland Destination Arrival Estimate Changed',
		value: 'container.transport.estimated.arrived_at_inland_destination',
		description: 'The estimated arrival at the inland (rail) destination changed',
	},
	// Documents
	{
		group: 'Document',
		name: 'Document Extracted',
		value: 'document.extracted',
		description: 'Data was extracted from an uploaded document',
	},
	{
		group: 'Document',
		name: 'Document Extraction Failed',
		value: 'document.extraction_failed',
		description: 'Data could not be extracted from an uploaded document',
	},
];

const byGroupThenName = (a: WebhookEvent, b: WebhookEvent) =>
	a.group.localeCompare(b.group) || a.name.localeCompare(b.name);

/** All 43 webhook events, sorted by group, then name. */
export const WEBHOOK_EVENTS: WebhookEvent[] = [...EVENTS].sort(byGroupThenName);

/** Every event name the service accepts, e.g. `container.transport.vessel_arrived`. */
export const WEBHOOK_EVENT_VALUES: string[] = WEBHOOK_EVENTS.map((event) => event.value);

export function isWebhookEvent(value: string): boolean {
	return WEBHOOK_EVENT_VALUES.includes(value);
}

/**
 * Options for an options/multiOptions parameter (the triggers' Events, the webhook operations' events): each
 * named as n8n's node panel lists the trigger's events ("Container Created"), in the same order (by group,
 * then name), with the service's event name in the description; the value is the event name, so saved
 * workflows keep their events. `action` is that name for the node panel (without it n8n 2.41 shows "On " and
 * the lower-cased option name, "On container container created").
 */
export function webhookEventOptions(): INodePropertyOptions[] {
	return WEBHOOK_EVENTS.map((event) => ({
		name: event.action ?? event.name,
		value: event.value,
		action: event.action ?? event.name,
		description: `${event.description} (${event.value})`,
	}));
}

const EVENT_NAMES: Record<string, string> = Object.fromEntries(
	WEBHOOK_EVENTS.map((event) => [event.value, event.action ?? event.name]),
);

/**
 * Both triggers' subtitle on the canvas: the chosen events in words ("Container Updated", as the node panel
 * names them), or how many when more than two. An event the map lacks shows as its value.
 */
export const EVENTS_SUBTITLE = (() => {
	const events = '($parameter["events"] || [])';
	const nameOf = (i: number) =>
		`((${JSON.stringify(EVENT_NAMES)})[${events}[${i}]] || ${events}[${i}])`;
	return `={{ ${events}.length > 2 ? ${events}.length + " events" : ${events}.length === 0 ? "" : ${nameOf(0)} + (${events}.length > 1 ? ", " + ${nameOf(1)} : "") }}`;
})();

/** An event's name in words ("Container Updated"), or the event as sent when it is not one of the 43. */
export function eventName(value: string): string {
	return WEBHOOK_EVENTS.find((event) => event.value === value)?.name ?? value;
}
