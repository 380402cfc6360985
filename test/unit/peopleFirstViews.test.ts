/**
 * The people-first view (Output Simplified of node version 2, both triggers' too; views/people/) where
 * there is nothing to say or the pickup is over (issue 29): a word instead of an empty string, which n8n's
 * table paints as a red "empty"; a closed container's pickup in words, with its day in the calendar of the
 * place it was picked up; a shipment's parties by role. On hand-made records with the derived fields the
 * node adds (withContainerInsights), on a pinned clock. Version 1 items (All Fields) are not built here: they
 * keep `pickup_state_text: null` for a closed container (test/actions/output.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { withContainerInsights } from '../../nodes/Terminal49/domain/containerInsights';
import { containerSummary } from '../../nodes/Terminal49/views/people/container';
import { shipmentSummary } from '../../nodes/Terminal49/views/people/shipment';
import { trackingRequestSummary } from '../../nodes/Terminal49/views/people/trackingRequest';
import { triggerSummary } from '../../nodes/Terminal49/views/people/trigger';
import { NONE } from '../../nodes/Terminal49/views/people/words';

const now = new Date('2026-11-26T12:00:00Z');
const LA = { pod_timezone: 'America/Los_Angeles', port_of_discharge_name: 'Los Angeles' };

/** The view of a container with its shipment nested, as the node builds it (derived fields first). */
const view = (container: IDataObject, shipment: IDataObject = LA) =>
	containerSummary(
		withContainerInsights({ type: 'container', ...container, shipment }, shipment, { now }),
	);

describe('nothing to say is "none", never an empty string', () => {
	it('a container without holds, fees or risks', () => {
		const item = view({
			number: 'MSCU4949012',
			current_status: 'available',
			available_for_pickup: true,
			holds_at_pod_terminal: [{ name: 'USDA', status: 'pending' }],
			fees_at_pod_terminal: [],
			terminal_checked_at: '2026-11-26T10:00:00Z',
			pod_discharged_at: '2026-11-25T18:00:00Z',
		});
		expect(item).toMatchObject({
			pickup: 'Ready for pickup',
			// a pending hold blocks nothing yet: no active hold
			holds: 'none',
			fees: 'none',
			risks: 'none',
		});
		expect(NONE).toBe('none');
		expect(Object.values(item)).not.toContain('');
	});

	it('what there is stays as it was: the holds, the fees, the risks in words', () => {
		const item = view({
			current_status: 'not_available',
			available_for_pickup: false,
			holds_at_pod_terminal: [
				{ name: 'customs', status: 'hold' },
				{ name: 'freight', status: 'hold' },
			],
			fees_at_pod_terminal: [{ type: 'demurrage', amount: 450, currency_code: 'USD' }],
			terminal_checked_at: '2026-11-26T10:00:00Z',
			pod_discharged_at: '2026-11-25T18:00:00Z',
		});
		expect(item).toMatchObject({
			pickup: 'Blocked: resolve the active holds (customs, freight)',
			holds: 'customs, freight',
			fees: '450.00 USD',
			risks: 'Customs hold, Freight hold',
		});
	});

	it('a shipment without reference numbers or tags, a tracking request without reference numbers', () => {
		const shipment = shipmentSummary({ type: 'shipment', id: 's1', ref_numbers: [], tags: [] });
		expect(shipment).toMatchObject({ reference_numbers: 'none', tags: 'none' });
		expect(shipmentSummary({ type: 'shipment', id: 's2' })).toMatchObject({
			reference_numbers: 'none',
			tags: 'none',
		});
		expect(
			shipmentSummary({ type: 'shipment', ref_numbers: ['PO-1', 'PO-2'], tags: ['priority'] }),
		).toMatchObject({ reference_numbers: 'PO-1, PO-2', tags: 'priority' });
		expect(trackingRequestSummary({ type: 'tracking_request', ref_numbers: [] })).toMatchObject({
			reference_numbers: 'none',
		});
	});

	it("a trigger item's container view says it the same way", () => {
		const container = withContainerInsights(
			{
				type: 'container',
				current_status: 'available',
				available_for_pickup: true,
				holds_at_pod_terminal: [],
				fees_at_pod_terminal: [],
			},
			LA,
			{ now },
		);
		expect(
			triggerSummary({ event: 'container.transport.available', container, shipment: LA }),
		).toMatchObject({ holds: 'none', fees: 'none' });
		// lists the payload does not carry are not reported, never "none"
		const unreported = withContainerInsights(
			{ type: 'container', current_status: 'available', available_for_pickup: true },
			LA,
			{ now },
		);
		expect(
			triggerSummary({
				event: 'container.transport.available',
				container: unreported,
				shipment: LA,
			}),
		).toMatchObject({ holds: 'not reported', fees: 'not reported' });
	});
});

describe('a closed container: its pickup in words, the day in the local calendar of the place', () => {
	it('picked up at the port: the day of the gate-out in Los Angeles (03:30 UTC is the evening before there)', () => {
		const item = view({ current_status: 'picked_up', pod_full_out_at: '2026-11-21T03:30:00Z' });
		expect(item.pickup).toBe('Picked up 2026-11-20');
		expect(item.urgency).toBe('closed');
	});

	it('delivered, and then the empty returned: the last step reached, each on its own day', () => {
		const delivered = {
			current_status: 'delivered',
			pod_full_out_at: '2026-11-21T03:30:00Z',
			delivered_at: '2026-11-22T20:00:00Z',
		};
		expect(view(delivered).pickup).toBe('Delivered 2026-11-22');
		expect(
			view({
				...delivered,
				current_status: 'empty_returned',
				empty_terminated_at: '2026-11-25T02:00:00Z',
			}).pickup,
		).toBe('Empty returned 2026-11-24');
	});

	it("picked up at the inland rail ramp: the inland gate-out in the ramp's calendar, not the train leaving the port", () => {
		const item = view(
			{
				current_status: 'picked_up',
				ind_rail_carrier_scac: 'BNSF',
				import_deadlines: { pickup_lfd_rail: '2026-11-30T06:00:00Z' },
				pod_full_out_at: '2026-11-22T10:00:00Z',
				// 01:30 on Dec 1 in Chicago, still Nov 30 at the port (Los Angeles)
				final_destination_full_out_at: '2026-12-01T07:30:00Z',
				final_destination_timezone: 'America/Chicago',
			},
			{ ...LA, destination_timezone: 'America/Chicago', destination_name: 'Chicago' },
		);
		expect(item.pickup).toBe('Picked up 2026-12-01');
		// the same on Terminal49's newer serializer (the LFD it selects, import_deadlines.pod)
		const newer = view(
			{
				current_status: 'picked_up',
				ind_rail_carrier_scac: 'BNSF',
				import_deadlines: {
					pod: { unified: { current_value: '2026-11-24', current_selection: 'facility' } },
				},
				pod_full_out_at: '2026-11-22T10:00:00Z',
				final_destination_full_out_at: '2026-12-01T07:30:00Z',
				final_destination_timezone: 'America/Chicago',
			},
			{ ...LA, destination_timezone: 'America/Chicago', destination_name: 'Chicago' },
		);
		expect(newer.pickup).toBe('Picked up 2026-12-01');
	});

	it('a closed status without a date: the words alone; a container in Tokyo counts in Tokyo', () => {
		expect(view({ current_status: 'picked_up' }).pickup).toBe('Picked up');
		expect(view({ current_status: 'empty_returned' }).pickup).toBe('Empty returned');
		expect(
			view(
				{ current_status: 'picked_up', pod_full_out_at: '2026-11-21T15:30:00Z' },
				{ pod_timezone: 'Asia/Tokyo' },
			).pickup,
		).toBe('Picked up 2026-11-22');
	});

	it('an open container on the train: its pickup is ahead, still in the words of the pickup state', () => {
		const item = view({
			current_status: 'on_rail',
			ind_rail_carrier_scac: 'BNSF',
			pod_full_out_at: '2026-11-22T10:00:00Z',
			pod_rail_departed_at: '2026-11-22T11:00:00Z',
		});
		expect(item.urgency).not.toBe('closed');
		expect(item.pickup).toBe('Not yet released: monitor for updates');
	});
});

describe("a shipment's parties (Include > Party Roles), by role in words", () => {
	const role = (name: string, company: string) => ({
		id: `role-${company}`,
		type: 'party_role',
		role: name,
		party: { id: `party-${company}`, type: 'party', company_name: company },
	});

	it('each role with its parties, the parties of one role together, in the order of the roles', () => {
		const shipment = shipmentSummary({
			type: 'shipment',
			id: 's1',
			party_roles: [
				role('pickup_dray_carrier', 'Fast Dray'),
				role('customs_broker', 'ACME Brokerage'),
				role('consignee', 'Retail West'),
				role('consignee', 'Retail East'),
			],
		});
		expect(shipment.parties).toBe(
			'Consignee: Retail West, Retail East; Customs broker: ACME Brokerage; Pickup dray carrier: Fast Dray',
		);
		// after the tags, before whether it is tracked
		const keys = Object.keys(shipment);
		expect(keys.indexOf('parties')).toBe(keys.indexOf('tags') + 1);
		expect(keys.indexOf('tracking')).toBe(keys.indexOf('parties') + 1);
	});

	it('"none" when the shipment has no party; no field when the party roles were not included', () => {
		expect(shipmentSummary({ type: 'shipment', party_roles: [] }).parties).toBe('none');
		expect(shipmentSummary({ type: 'shipment' })).not.toHaveProperty('parties');
		// roles whose parties did not come along (IDs only) say nothing of who they are
		expect(shipmentSummary({ type: 'shipment', party_roles: ['role-1'] }).parties).toBeNull();
	});
});
