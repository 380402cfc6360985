/**
 * Changes to the POD last free day (issue 29) in both generations of the container serializer: the control
 * API's fields for the selected-deadline cases (calculated, manual, withheld; validated like the others), a
 * moved day keeping its first value as `original` (control API and timeline), and webhook deliveries in the
 * serializer of the account that created the webhook: `container.updated` changesets (`import_deadlines`
 * [before, after] with the pod objects on the newer, `pickup_lfd` on the older), the LFD events, examples and
 * test deliveries. Seeded from a fixed epoch; nothing here depends on the day it runs.
 */
import type { Sandbox } from '../../sandbox';
import { withCheckDigit } from '../../sandbox';
import { PORTS_BY_CODE } from '../../sandbox/reference-data';
import { iso, lfdInstant } from '../../sandbox/util';
import { Receiver, client, control, startTestSandbox } from './helpers';

const DAY = 86_400_000;
const EPOCH = Date.UTC(2026, 8, 24);
const LFD_EVENTS = [
	'container.updated',
	'container.pickup_lfd.changed',
	'container.pickup_lfd_line.changed',
	'container.pickup_lfd_terminal.changed',
	'container.pickup_lfd_rail.changed',
];

let sb: Sandbox;
let rx: Receiver;
const api = (key = 'sandbox_paid') => client(sb, key);
const fixture = (key: string) => {
	const f = sb.fixtures.find((x) => x.key === key);
	if (!f) throw new Error(`no fixture ${key}`);
	return f;
};
const idOf = (key: string) => fixture(key).containerId;
const attributes = async (key: string, apiKey = 'sandbox_paid_selected') =>
	(await api(apiKey).get(`/containers/${idOf(key)}`)).body.data.attributes;
const pod = async (key: string) => (await attributes(key)).import_deadlines.pod;
const patch = (key: string, body: Record<string, unknown>) =>
	control(sb, 'PATCH', `/containers/${idOf(key)}`, body);
/** A last free day N local days after the epoch's day at a fixture's port, as the sandbox sends it. */
const lfd = (days: number, key: string) => {
	const s = sb.store.shipmentOf(sb.store.findContainer(idOf(key))!);
	return iso(lfdInstant(EPOCH + days * DAY, PORTS_BY_CODE.get(s.podCode)!.timeZone))!;
};

beforeAll(async () => {
	sb = await startTestSandbox({ epoch: EPOCH });
	rx = await new Receiver().start();
});
afterAll(async () => {
	await sb.close();
	await rx.close();
});
beforeEach(() => {
	sb.reset();
	sb.options.deadlineShape = 'legacy';
	rx.received = [];
});

async function hook(key: string, events: string[]) {
	const res = await api(key).post('/webhooks', {
		data: { type: 'webhook', attributes: { url: rx.url, active: true, events } },
	});
	expect(res.status).toBe(201);
}

/** What each account's webhooks received (by the key that created the webhook), by event. */
async function deliveries(count: number) {
	await sb.waitFor(() => rx.received.length >= count);
	await sb.webhooksIdle();
	expect(rx.received).toHaveLength(count);
	const byKey: Record<string, Record<string, any>> = {};
	for (const r of rx.received) {
		const d = sb.deliveries.find((x) => x.body === r.raw.toString('utf8'))!;
		const key = sb.store.webhooks.get(d.webhookId)!.createdBy!;
		(byKey[key] ??= {})[r.body.data.attributes.event] = r.body;
	}
	return byKey;
}
const changeset = (body: any) =>
	body.included.find((r: any) => r.type === 'container_updated_event').attributes.changeset;
const includedContainer = (body: any) => body.included.find((r: any) => r.type === 'container');

describe('control API fields of the selected-deadline cases', () => {
	test('pickup_lfd_line_calculated (a date), pickup_lfd_terminal_manual, line_lfd_withheld set the record', async () => {
		expect(
			(await patch('pod_lfd_unknown', { pickup_lfd_line_calculated: '2026-09-30' })).status,
		).toBe(200);
		expect(await pod('pod_lfd_unknown')).toMatchObject({
			line: { original: null, current: null, calculated: '2026-09-30', manual: false },
			unified: { current_value: '2026-09-30', current_selection: 'line_calculated' },
		});
		await patch('pod_lfd_unknown', { pickup_lfd_line_calculated: null });
		expect((await pod('pod_lfd_unknown')).unified.current_value).toBeNull();

		const manual = await patch('pod_facility_today', { pickup_lfd_terminal_manual: true });
		expect(manual.status).toBe(200);
		expect((await pod('pod_facility_today')).facility.manual).toBe(true);
		expect((await pod('pod_facility_today')).unified.current_selection).toBe('facility_manual');

		// Withheld: the account sees no line day; lifted: the one the sandbox kept
		await patch('pod_line_earlier', { line_lfd_withheld: true, pickup_lfd_terminal: null });
		expect(await pod('pod_line_earlier')).toMatchObject({
			line: { original: null, current: null, calculated: null, manual: false },
			unified: { current_value: null, current_selection: null },
		});
		expect((await attributes('pod_line_earlier', 'sandbox_paid_legacy')).pickup_lfd).toBeNull();
		await patch('pod_line_earlier', { line_lfd_withheld: false });
		expect((await pod('pod_line_earlier')).unified).toMatchObject({
			current_value: lfd(1, 'pod_line_earlier'),
			current_selection: 'line',
		});
		// The programmatic twin
		sb.updateContainer(idOf('pod_line_earlier'), { line_lfd_withheld: true });
		expect((await pod('pod_line_earlier')).line.current).toBeNull();
	});

	test.each([
		[{ pickup_lfd_line_calculated: '2026-02-30' }, 'pickup_lfd_line_calculated must be a date'],
		[
			{ pickup_lfd_line_calculated: '2026-09-30T00:00:00Z' },
			'pickup_lfd_line_calculated must be a date',
		],
		[{ pickup_lfd_line_calculated: 20260930 }, 'pickup_lfd_line_calculated must be a date'],
		[{ pickup_lfd_terminal_manual: 'yes' }, 'pickup_lfd_terminal_manual must be true or false'],
		[{ line_lfd_withheld: 1 }, 'line_lfd_withheld must be true or false'],
		[{ pickup_lfd_terminal: 'tomorrow', line_lfd_withheld: true }, 'pickup_lfd_terminal must be'],
	])('%j is refused (400) and changes nothing', async (body, message) => {
		const before = await attributes('pod_facility_today');
		const r = await patch('pod_facility_today', { ...body, holds_at_pod_terminal: [] });
		expect(r.status).toBe(400);
		expect(r.body.error).toContain(message);
		expect(await attributes('pod_facility_today')).toEqual(before);
	});
});

describe('a moved last free day keeps its first value', () => {
	test('control API: line, facility and the selected day, set once; a day that became unknown did not move', async () => {
		const today = lfd(0, 'pod_facility_today');
		await patch('pod_facility_today', { pickup_lfd_terminal: lfd(2, 'pod_facility_today') });
		expect(await pod('pod_facility_today')).toEqual({
			line: {
				original: null,
				current: lfd(1, 'pod_facility_today'),
				calculated: null,
				manual: false,
			},
			facility: {
				original: today,
				current: lfd(2, 'pod_facility_today'),
				calculated: null,
				manual: false,
			},
			unified: {
				original_value: today,
				original_selection: 'facility',
				current_value: lfd(2, 'pod_facility_today'),
				current_selection: 'facility',
			},
		});
		await patch('pod_facility_today', {
			pickup_lfd_terminal: lfd(5, 'pod_facility_today'),
			pickup_lfd_line: lfd(3, 'pod_facility_today'),
		});
		let now = await pod('pod_facility_today');
		expect([now.facility.original, now.line.original, now.unified.original_value]).toEqual([
			today,
			lfd(1, 'pod_facility_today'),
			today,
		]);
		// The facility no longer reports one: not a move; the line's day is selected now
		await patch('pod_facility_today', { pickup_lfd_terminal: null });
		now = await pod('pod_facility_today');
		expect(now.facility).toEqual({
			original: today,
			current: null,
			calculated: null,
			manual: false,
		});
		expect(now.unified).toEqual({
			original_value: today,
			original_selection: 'facility',
			current_value: lfd(3, 'pod_facility_today'),
			current_selection: 'line',
		});
		// The older serializer has no originals
		expect(
			(await attributes('pod_facility_today', 'sandbox_paid_legacy')).import_deadlines,
		).toEqual({
			pickup_lfd_terminal: null,
			pickup_lfd_rail: null,
			pickup_lfd_line: lfd(3, 'pod_facility_today'),
		});

		// A source that disappears: its own original stays null, the selection moved
		await patch('pod_line_earlier', { pickup_lfd_terminal: null });
		expect(await pod('pod_line_earlier')).toMatchObject({
			facility: { original: null, current: null },
			unified: {
				original_value: lfd(3, 'pod_line_earlier'),
				original_selection: 'facility',
				current_value: lfd(1, 'pod_line_earlier'),
				current_selection: 'line',
			},
		});
	});

	test('timeline: the terminal reports its LFD at discharge; a day entered by hand before it is the original', async () => {
		const id = idOf('new_booking');
		const announced = '2031-01-10T08:00:00Z';
		await patch('new_booking', {
			pickup_lfd_terminal: announced,
			pickup_lfd_terminal_manual: true,
		});
		expect((await pod('new_booking')).unified.current_selection).toBe('facility_manual');
		const events: string[] = [];
		while (!events.includes('container.transport.vessel_discharged'))
			events.push(...sb.advanceContainer(id));
		const now = await pod('new_booking');
		expect(now.facility.original).toBe(announced);
		expect(now.facility.current).not.toBe(announced);
		expect(now.facility.manual).toBe(false);
		expect(now.unified).toMatchObject({
			original_value: announced,
			original_selection: 'facility_manual',
			current_value: now.facility.current,
			current_selection: 'facility',
		});
	});
});

describe("webhooks: each account's serializer", () => {
	test('container.updated changeset: import_deadlines [before, after] with the pod objects (no pickup_lfd pair) vs pickup_lfd; the LFD events from the pod values', async () => {
		await hook('sandbox_paid_selected', LFD_EVENTS);
		await hook('sandbox_paid_legacy', LFD_EVENTS);
		const before = await attributes('pod_facility_today');
		const holds = [{ name: 'USDA', status: 'pending', description: null }];
		await patch('pod_facility_today', {
			pickup_lfd_terminal: lfd(2, 'pod_facility_today'),
			holds_at_pod_terminal: holds,
		});
		const after = await attributes('pod_facility_today');
		const got = await deliveries(5);
		// Selected: the selected day moved (today -> in 2 days), the facility's too; the sentinel did not
		expect(Object.keys(got.sandbox_paid_selected).sort()).toEqual([
			'container.pickup_lfd.changed',
			'container.pickup_lfd_terminal.changed',
			'container.updated',
		]);
		const selected = got.sandbox_paid_selected['container.updated'];
		expect(changeset(selected)).toEqual({
			holds_at_pod_terminal: [[], holds],
			import_deadlines: [before.import_deadlines, after.import_deadlines],
		});
		expect(changeset(selected).import_deadlines[1].pod.unified).toMatchObject({
			original_value: lfd(0, 'pod_facility_today'),
			current_value: lfd(2, 'pod_facility_today'),
		});
		expect(includedContainer(selected).attributes.pickup_lfd).toBe('2099-12-31');
		expect(includedContainer(selected).attributes.import_deadlines).toEqual(after.import_deadlines);
		// Older: pickup_lfd is the line's (tomorrow) before and after: no pickup_lfd pair, no pickup_lfd.changed
		expect(Object.keys(got.sandbox_paid_legacy).sort()).toEqual([
			'container.pickup_lfd_terminal.changed',
			'container.updated',
		]);
		const legacy = got.sandbox_paid_legacy['container.updated'];
		expect(changeset(legacy)).toEqual({ holds_at_pod_terminal: [[], holds] });
		expect(includedContainer(legacy).attributes.import_deadlines).toEqual({
			pickup_lfd_terminal: lfd(2, 'pod_facility_today'),
			pickup_lfd_rail: null,
			pickup_lfd_line: lfd(1, 'pod_facility_today'),
		});
		expect(
			got.sandbox_paid_selected['container.pickup_lfd.changed'].included.map((r: any) => r.type),
		).toEqual(expect.arrayContaining(['shipment', 'container', 'transport_event']));
	});

	test('a withheld line: a change of it reaches no one; lifting it is a line change for both, a new LFD only for the older', async () => {
		await hook('sandbox_paid_selected', LFD_EVENTS);
		await hook('sandbox_paid_legacy', LFD_EVENTS);
		await patch('pod_line_withheld', { pickup_lfd_line: '2031-01-10T05:00:00Z' });
		await sb.webhooksIdle();
		expect(rx.received).toEqual([]);
		await patch('pod_line_withheld', { line_lfd_withheld: false });
		const got = await deliveries(5);
		expect(Object.keys(got.sandbox_paid_selected).sort()).toEqual([
			'container.pickup_lfd_line.changed',
			'container.updated',
		]);
		expect(
			changeset(got.sandbox_paid_selected['container.updated']).import_deadlines[1].pod.line
				.current,
		).toBe('2031-01-10T05:00:00Z');
		expect(Object.keys(got.sandbox_paid_legacy).sort()).toEqual([
			'container.pickup_lfd.changed',
			'container.pickup_lfd_line.changed',
			'container.updated',
		]);
		expect(changeset(got.sandbox_paid_legacy['container.updated'])).toEqual({
			pickup_lfd: [lfd(0, 'pod_line_withheld'), '2031-01-10T05:00:00Z'],
		});
	});

	test("the container's transport events keep the LFD events of the deadlineShape option; deliveries carry the others", async () => {
		await hook('sandbox_paid_selected', ['container.pickup_lfd.changed']);
		const events = async () =>
			(
				(
					await api().get(
						`/containers/${idOf('pod_facility_today')}/transport_events?page[size]=100`,
					)
				).body.data as any[]
			).map((e) => e.attributes.event);
		await patch('pod_facility_today', { pickup_lfd_terminal: lfd(2, 'pod_facility_today') });
		const [delivered] = Object.values((await deliveries(1)).sandbox_paid_selected);
		expect(await events()).toContain('container.pickup_lfd_terminal.changed');
		expect(await events()).not.toContain('container.pickup_lfd.changed');
		expect(delivered.data.relationships.reference_object.data.type).toBe('transport_event');
		sb.options.deadlineShape = 'selected';
		await patch('pod_facility_today', { pickup_lfd_terminal: lfd(4, 'pod_facility_today') });
		await deliveries(2);
		expect((await events()).filter((e) => e === 'container.pickup_lfd.changed')).toHaveLength(1);
	});

	test('deliveries of new containers carry them in the account shape', async () => {
		await hook('sandbox_paid_selected', ['container.created']);
		await hook('sandbox_paid_legacy', ['container.created']);
		const tr = await api().post('/tracking_requests', {
			data: {
				type: 'tracking_request',
				attributes: {
					request_type: 'container',
					request_number: withCheckDigit('MSCU494990'),
					scac: 'MSCU',
				},
			},
		});
		expect(tr.status).toBe(201);
		sb.resolveTrackingRequest(tr.body.data.id);
		const got = await deliveries(2);
		const created = (key: string) => includedContainer(got[key]['container.created']).attributes;
		expect(created('sandbox_paid_selected').pickup_lfd).toBe('2099-12-31');
		expect(Object.keys(created('sandbox_paid_selected').import_deadlines)).toEqual([
			'pickup_lfd_rail',
			'pod',
		]);
		expect(created('sandbox_paid_legacy').import_deadlines).toHaveProperty('pickup_lfd_terminal');
		expect(created('sandbox_paid_legacy').pickup_lfd).not.toBe('2099-12-31');
	});

	test("test deliveries (POST /webhooks/trigger): a container whose deadline fits, in the asking account's shape", async () => {
		const sample = async (key: string, event: string) => {
			const r = await api(key).post('/webhooks/trigger', { url: rx.url, event });
			expect(r.body.succeeded).toBe(true);
			return includedContainer(JSON.parse(r.body.request_body)).attributes;
		};
		for (const event of ['container.pickup_lfd.changed', 'container.updated']) {
			const selected = await sample('sandbox_paid_selected', event);
			expect(selected.pickup_lfd).toBe('2099-12-31');
			expect(selected.import_deadlines.pod.unified.current_value).not.toBeNull();
			const legacy = await sample('sandbox_paid_legacy', event);
			expect(legacy.pickup_lfd).not.toBeNull();
			expect(legacy.import_deadlines).not.toHaveProperty('pod');
		}
		const line = await sample('sandbox_paid_selected', 'container.pickup_lfd_line.changed');
		expect(line.import_deadlines.pod.line.current).not.toBeNull();
		const terminal = await sample('sandbox_paid_selected', 'container.pickup_lfd_terminal.changed');
		expect(terminal.import_deadlines.pod.facility.current).not.toBeNull();
		expect((await sample('sandbox_paid_selected', 'container.updated')).available_for_pickup).toBe(
			true,
		);
	});
});
