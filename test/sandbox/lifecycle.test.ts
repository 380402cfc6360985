/** Tracking-request lifecycle and number rules, validation errors, duplicates, container milestones. */
import type { Sandbox } from '../../sandbox';
import { isValidContainerNumber, withCheckDigit } from '../../sandbox';
import { client, control, startTestSandbox, trackingRequestBody } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
	sb = await startTestSandbox({ carrierDelayMs: 40 });
	api = client(sb);
});
afterAll(() => sb.close());

async function track(attributes: Record<string, unknown>) {
	const res = await api.post('/tracking_requests', trackingRequestBody(attributes));
	expect(res.status).toBe(201);
	expect(res.body.data.attributes.status).toBe('pending');
	expect(res.body.data.relationships.tracked_object.data).toBeNull();
	return res.body.data.id as string;
}

async function settled(id: string) {
	await sb.waitFor(() => sb.store.trackingRequests.get(id)!.status !== 'pending');
	return api.get(`/tracking_requests/${id}`);
}

test('bill of lading: pending -> created with a shipment of 1-4 containers', async () => {
	const id = await track({
		request_type: 'bill_of_lading',
		request_number: 'MAEU240011223',
		scac: 'MAEU',
		ref_numbers: ['PO-77'],
		shipment_tags: ['rush'],
	});
	const res = await settled(id);
	expect(res.body.data.attributes).toMatchObject({ status: 'created', failed_reason: null });
	const shipmentRef = res.body.data.relationships.tracked_object.data;
	expect(shipmentRef.type).toBe('shipment');
	const shipment = res.body.included.find((r: any) => r.id === shipmentRef.id);
	expect(shipment.attributes).toMatchObject({
		bill_of_lading_number: 'MAEU240011223',
		shipping_line_scac: 'MAEU',
		ref_numbers: ['PO-77'],
		tags: ['rush'],
	});
	const n = shipment.relationships.containers.data.length;
	expect(n).toBeGreaterThanOrEqual(1);
	expect(n).toBeLessThanOrEqual(4);
	const containers = (await api.get(`/shipments/${shipmentRef.id}?include=containers`)).body
		.included;
	for (const c of containers) {
		expect(isValidContainerNumber(c.attributes.number)).toBe(true);
		expect(c.attributes.ref_numbers).toEqual([]);
	}
});

test('valid container number -> created, shipment holds that container', async () => {
	const number = withCheckDigit('TGHU765432');
	const id = await track({ request_type: 'container', request_number: number, scac: 'HLCU' });
	const res = await settled(id);
	expect(res.body.data.attributes.status).toBe('created');
	const containers = (
		await api.get(
			`/shipments/${res.body.data.relationships.tracked_object.data.id}?include=containers`,
		)
	).body.included;
	expect(containers.map((c: any) => c.attributes.number)).toEqual([number]);
});

test('container number with a wrong check digit -> failed invalid_number', async () => {
	const good = withCheckDigit('MSCU111111');
	const bad = good.slice(0, 10) + String((Number(good[10]) + 1) % 10);
	const res = await settled(
		await track({ request_type: 'container', request_number: bad, scac: 'MSCU' }),
	);
	expect(res.body.data.attributes).toMatchObject({
		status: 'failed',
		failed_reason: 'invalid_number',
	});
	expect(res.body.data.relationships.tracked_object.data).toBeNull();
});

test('AWAIT / UNKNOWN prefix -> awaiting_manifest, then created once resolved', async () => {
	const id = await track({
		request_type: 'booking_number',
		request_number: 'AWAIT123456',
		scac: 'ONEY',
	});
	const res = await settled(id);
	expect(res.body.data.attributes).toMatchObject({
		status: 'awaiting_manifest',
		is_retrying: true,
	});
	const resolved = await control(sb, 'POST', `/tracking_requests/${id}/resolve`);
	expect(resolved.body.data.attributes.status).toBe('created');
	expect(
		(await api.get(`/tracking_requests/${id}`)).body.data.relationships.tracked_object.data.type,
	).toBe('shipment');
	const unknown = await settled(
		await track({ request_type: 'bill_of_lading', request_number: 'UNKNOWN998877', scac: 'ONEY' }),
	);
	expect(unknown.body.data.attributes.status).toBe('awaiting_manifest');
	const expired = await control(sb, 'POST', `/tracking_requests/${unknown.body.data.id}/resolve`, {
		status: 'failed',
		failed_reason: 'expired',
	});
	expect(expired.body.data.attributes).toMatchObject({
		status: 'failed',
		failed_reason: 'expired',
	});
});

test('NOTFOUND / CANCEL / UNREACH prefixes fail with their reasons', async () => {
	for (const [num, reason] of [
		['NOTFOUND1234', 'not_found'],
		['CANCEL123456', 'booking_cancelled'],
		['UNREACH12345', 'shipping_line_unreachable'],
	]) {
		const res = await settled(
			await track({ request_type: 'bill_of_lading', request_number: num, scac: 'CMDU' }),
		);
		expect(res.body.data.attributes).toMatchObject({ status: 'failed', failed_reason: reason });
	}
});

test('auto_detect_vocc_scac: known prefix infers the carrier, unknown prefix fails scac_auto_detect_failed', async () => {
	const ok = await settled(
		await track({
			request_type: 'container',
			request_number: withCheckDigit('MSKU222333'),
			auto_detect_vocc_scac: true,
		}),
	);
	expect(ok.body.data.attributes).toMatchObject({ status: 'created', scac: 'MAEU' });
	const bl = await settled(
		await track({
			request_type: 'bill_of_lading',
			request_number: 'MEDUQQ123456',
			auto_detect_vocc_scac: true,
		}),
	);
	expect(bl.body.data.attributes).toMatchObject({ status: 'created', scac: 'MSCU' });
	const fail = await settled(
		await track({
			request_type: 'bill_of_lading',
			request_number: 'QQQQ12345678',
			auto_detect_vocc_scac: true,
		}),
	);
	expect(fail.body.data.attributes).toMatchObject({
		status: 'failed',
		failed_reason: 'scac_auto_detect_failed',
		scac: null,
	});
});

test('resolve control endpoint skips the carrier delay', async () => {
	const slow = await (
		await import('./helpers')
	).startTestSandbox({ carrierDelayMs: 60_000, containers: 0 });
	try {
		const c = (await import('./helpers')).client(slow);
		const id = (
			await c.post(
				'/tracking_requests',
				trackingRequestBody({
					request_type: 'bill_of_lading',
					request_number: 'ZIMUNYC123456',
					scac: 'ZIMU',
				}),
			)
		).body.data.id;
		expect(slow.store.trackingRequests.get(id)!.status).toBe('pending');
		const all = await control(slow, 'POST', '/tracking_requests/resolve');
		expect(all.body.data[0]).toMatchObject({ id, attributes: { status: 'created' } });
		expect((await c.get('/shipments')).body.meta.total).toBe(1);
	} finally {
		await slow.close();
	}
});

describe('validation errors (422 with source.pointer)', () => {
	const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
		[
			'unknown SCAC',
			{ request_type: 'bill_of_lading', request_number: 'X1234567', scac: 'XXXX' },
			'/data/attributes/scac',
			/Scac 'XXXX' is not recognized/,
		],
		[
			'unsupported SCAC',
			{ request_type: 'bill_of_lading', request_number: 'X1234567', scac: 'UALC' },
			'/data/attributes/scac',
			/not supported.*Universal Africa Lines/,
		],
		[
			'missing SCAC',
			{ request_type: 'bill_of_lading', request_number: 'X1234567' },
			'/data/attributes/scac',
			/Scac can't be blank/,
		],
		[
			'missing number',
			{ request_type: 'bill_of_lading', scac: 'MAEU' },
			'/data/attributes/request_number',
			/Request number can't be blank/,
		],
		[
			'bad request_type',
			{ request_type: 'parcel', request_number: 'X1234567', scac: 'MAEU' },
			'/data/attributes/request_type',
			/Request type must be one of/,
		],
		[
			'container tracking not supported by the carrier',
			{ request_type: 'container', request_number: withCheckDigit('HDMU123456'), scac: 'HDMU' },
			'/data/attributes/request_type',
			/does not support tracking by container number/,
		],
	];
	for (const [name, attrs, pointer, detail] of cases) {
		test(name, async () => {
			const res = await api.post('/tracking_requests', trackingRequestBody(attrs));
			expect(res.status).toBe(422);
			expect(res.body.errors[0]).toMatchObject({
				status: '422',
				title: 'Unprocessable Entity',
				source: { pointer },
			});
			expect(res.body.errors[0].detail).toMatch(detail);
		});
	}
});

test('duplicate of a pending or created request -> 422 code duplicate naming the existing request', async () => {
	const attrs = { request_type: 'bill_of_lading', request_number: 'HLCUHAM998877', scac: 'HLCU' };
	const id = await track(attrs);
	const dup = await api.post(
		'/tracking_requests',
		trackingRequestBody({ ...attrs, request_number: ' hlcuham998877 ' }),
	);
	expect(dup.status).toBe(422);
	expect(dup.body.errors[0]).toMatchObject({
		status: '422',
		code: 'duplicate',
		meta: { tracking_request_id: id },
	});
	await settled(id);
	const dup2 = await api.post('/tracking_requests', trackingRequestBody(attrs));
	expect(dup2.body.errors[0].meta.tracking_request_id).toBe(id);
	// A different carrier or type is not a duplicate.
	expect(
		(
			await api.post(
				'/tracking_requests',
				trackingRequestBody({ ...attrs, request_type: 'booking_number' }),
			)
		).status,
	).toBe(201);
	// Seeded fixture bills are already tracked.
	const fx = sb.fixtures[0];
	const dup3 = await api.post(
		'/tracking_requests',
		trackingRequestBody({
			request_type: 'bill_of_lading',
			request_number: fx.billOfLading,
			scac: 'MSCU',
		}),
	);
	expect(dup3.body.errors[0].meta.tracking_request_id).toBe(fx.trackingRequestId);
});

test('a failed request can be submitted again', async () => {
	const attrs = { request_type: 'bill_of_lading', request_number: 'NOTFOUND5555', scac: 'MAEU' };
	await settled(await track(attrs));
	await track(attrs);
});

test('stop / resume tracking moves the tracking request to tracking_stopped and back', async () => {
	const f = sb.fixtures.find((x) => x.key === 'new_booking')!;
	await api.patch(`/shipments/${f.shipmentId}/stop_tracking`);
	expect(
		(await api.get(`/tracking_requests/${f.trackingRequestId}`)).body.data.attributes.status,
	).toBe('tracking_stopped');
	await api.patch(`/shipments/${f.shipmentId}/resume_tracking`);
	expect(
		(await api.get(`/tracking_requests/${f.trackingRequestId}`)).body.data.attributes.status,
	).toBe('created');
});

describe('infer_number', () => {
	const infer = (number: string) =>
		api.post(
			'/tracking_requests/infer_number',
			{ number },
			{ headers: { 'Content-Type': 'application/json' } },
		);
	test('container with a valid check digit -> auto_select', async () => {
		const res = await infer(withCheckDigit('HLXU123456'));
		expect(res.body.data.attributes).toMatchObject({
			number_type: 'container',
			validation: { is_valid: true, check_digit_passed: true },
			shipping_line: { decision: 'auto_select', selected: { scac: 'HLCU' } },
		});
	});
	test('container with a wrong check digit', async () => {
		const good = withCheckDigit('HLXU123456');
		const res = await infer(good.slice(0, 10) + String((Number(good[10]) + 3) % 10));
		expect(res.body.data.attributes.validation).toMatchObject({
			is_valid: false,
			check_digit_passed: false,
		});
	});
	test('bill of lading prefix and unknown prefix', async () => {
		expect((await infer('MEDUAB123456')).body.data.attributes).toMatchObject({
			number_type: 'bill_of_lading',
			shipping_line: { decision: 'auto_select', selected: { scac: 'MSCU' } },
		});
		expect((await infer('QWERTY123456')).body.data.attributes.shipping_line).toMatchObject({
			decision: 'no_prediction',
			selected: null,
			candidates: [],
		});
	});
	test('garbage -> 422', async () => {
		const res = await infer('!!');
		expect(res.status).toBe(422);
		expect(res.body.errors[0].detail).toBe('This reference number is not valid.');
	});
});

describe('container milestones (control API)', () => {
	test('the new_booking fixture walks its whole journey, then 409', async () => {
		const f = sb.fixtures.find((x) => x.key === 'new_booking')!;
		const statuses: string[] = [];
		const events: string[] = [];
		for (;;) {
			const r = await control(sb, 'POST', `/containers/${f.containerId}/advance`);
			if (r.status === 409) break;
			expect(r.status).toBe(200);
			events.push(...r.body.events);
			statuses.push(r.body.current_status);
		}
		expect(events).toEqual([
			'container.transport.empty_out',
			'container.transport.full_in',
			'container.transport.vessel_loaded',
			'container.transport.vessel_departed',
			'container.transport.vessel_arrived',
			'container.transport.vessel_berthed',
			'container.transport.vessel_discharged',
			'container.transport.available',
			'container.transport.full_out',
			'container.transport.delivered',
			'container.transport.empty_in',
		]);
		expect(statuses).toEqual([
			'new',
			'new',
			'on_ship',
			'on_ship',
			'on_ship',
			'on_ship',
			'not_available',
			'available',
			'picked_up',
			'delivered',
			'empty_returned',
		]);
		const te = (await api.get(`/containers/${f.containerId}/transport_events`)).body.data.map(
			(e: any) => e.attributes.event,
		);
		expect(te).toEqual(expect.arrayContaining(events));
		const c = (await api.get(`/containers/${f.containerId}`)).body.data.attributes;
		expect(c.pod_discharged_at).not.toBeNull();
		expect(c.empty_terminated_at).not.toBeNull();
		const s = (await api.get(`/shipments/${f.shipmentId}`)).body.data.attributes;
		expect(s.pod_ata_at).not.toBeNull();
		expect(s.pol_atd_at).not.toBeNull();
	});

	test('PATCH holds / fees / LFD / availability returns a changeset old-then-new', async () => {
		const f = sb.fixtures.find((x) => x.key === 'customs_hold')!;
		const before = (await api.get(`/containers/${f.containerId}`)).body.data.attributes;
		const lfd = '2030-01-15T08:00:00Z';
		const r = await control(sb, 'PATCH', `/containers/${f.containerId}`, {
			holds_at_pod_terminal: [],
			available_for_pickup: true,
			pickup_lfd_line: lfd,
		});
		expect(r.status).toBe(200);
		expect(r.body.changeset.holds_at_pod_terminal).toEqual([before.holds_at_pod_terminal, []]);
		expect(r.body.changeset.available_for_pickup).toEqual([false, true]);
		expect(r.body.changeset.pickup_lfd).toEqual([before.pickup_lfd, lfd]);
		const after = (await api.get(`/containers/${f.containerId}`)).body.data.attributes;
		expect(after).toMatchObject({
			available_for_pickup: true,
			holds_at_pod_terminal: [],
			pickup_lfd: lfd,
			current_status: 'available',
		});
		expect(
			(
				await control(sb, 'PATCH', `/containers/${f.containerId}`, {
					holds: [{ name: 'Customs', status: 'hold' }],
				})
			).status,
		).toBe(400);
	});
});

test('initial_custom_fields are validated at creation and applied to the new shipment and containers', async () => {
	const bad = await api.post(
		'/tracking_requests',
		trackingRequestBody({
			request_type: 'bill_of_lading',
			request_number: 'MAEU313131',
			scac: 'MAEU',
			initial_custom_fields: { shipment: [{ api_slug: 'nope', value: 1 }] },
		}),
	);
	expect(bad.status).toBe(422);
	expect(bad.body.errors[0].source.pointer).toBe(
		'/data/attributes/initial_custom_fields/shipment/0/api_slug',
	);
	const id = await track({
		request_type: 'bill_of_lading',
		request_number: 'MAEU313131',
		scac: 'MAEU',
		initial_custom_fields: {
			shipment: [{ api_slug: 'po_number', value: 'PO-31' }],
			containers: [{ api_slug: 'priority', value: 'high' }],
		},
	});
	const res = await settled(id);
	const shipmentId = res.body.data.relationships.tracked_object.data.id;
	const fields = (await api.get(`/shipments/${shipmentId}/custom_fields`)).body.data;
	expect(fields.map((f: any) => [f.attributes.api_slug, f.attributes.value])).toEqual([
		['po_number', 'PO-31'],
	]);
	const containerId = sb.store.shipments.get(shipmentId)!.containerIds[0];
	expect(
		(await api.get(`/containers/${containerId}/custom_fields`)).body.data[0].attributes,
	).toMatchObject({ api_slug: 'priority', value: 'high' });
});
