/**
 * Pagination (page[number], page[size], links, meta, truncation) and list filters, with `/containers` and
 * `/shipments` as the older service answered them (`legacyLists`: 100 a page, list filters but the number
 * ignored). The current service's lists: list-query.test.ts.
 */
import type { Sandbox } from '../../sandbox';
import { SHIPPING_LINES } from '../../sandbox/reference-data';
import { client, startTestSandbox, trackingRequestBody } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
	sb = await startTestSandbox({ containers: 250, carrierDelayMs: 60_000, legacyLists: true });
	api = client(sb);
});
afterAll(() => sb.close());

test('default page size is 30 with absolute /v2 links and meta', async () => {
	const res = await api.get('/containers');
	expect(res.body.data).toHaveLength(30);
	expect(res.body.meta).toEqual({ size: 30, total: 250 });
	const { links } = res.body;
	expect(links.self).toBe(`${sb.baseUrl}/containers`);
	expect(links.first).toBe(`${sb.baseUrl}/containers?page[number]=1&page[size]=30`);
	expect(links.next).toBe(`${sb.baseUrl}/containers?page[number]=2&page[size]=30`);
	expect(links.last).toBe(`${sb.baseUrl}/containers?page[number]=9&page[size]=30`);
	expect(links.prev).toBeUndefined();
});

test('page[size] above 100 is silently truncated to 100', async () => {
	const res = await api.get('/containers?page[size]=500');
	expect(res.status).toBe(200);
	expect(res.body.data).toHaveLength(100);
	expect(res.body.meta.size).toBe(100);
	expect(res.body.links.next).toContain('page[size]=100');
});

test('following links.next visits every item exactly once, newest first', async () => {
	const seen: string[] = [];
	let url: string | undefined = `${sb.baseUrl}/containers?page[size]=40`;
	let pages = 0;
	while (url) {
		const res: { body: any } = await api.get(url);
		seen.push(...res.body.data.map((d: any) => d.id));
		url = res.body.links.next;
		pages++;
	}
	expect(pages).toBe(7);
	expect(new Set(seen).size).toBe(250);
	const created = seen.map((id) => sb.store.containers.get(id)!.createdAt);
	expect([...created].sort((a, b) => b - a)).toEqual(created);
});

test('middle and last pages: prev/next, last page partial, beyond last is empty', async () => {
	const mid = await api.get('/containers?page[number]=3&page[size]=100');
	expect(mid.body.data).toHaveLength(50);
	expect(mid.body.links.prev).toBe(`${sb.baseUrl}/containers?page[number]=2&page[size]=100`);
	expect(mid.body.links.next).toBeUndefined();
	const beyond = await api.get('/containers?page[number]=9&page[size]=100');
	expect(beyond.body.data).toEqual([]);
	const weird = await api.get('/containers?page[number]=0&page[size]=-4');
	expect(weird.body.meta.size).toBe(30);
	expect(weird.body.data[0].id).toBe((await api.get('/containers')).body.data[0].id);
});

test('filters and other params are kept in pagination links', async () => {
	const res = await api.get('/tracking_requests?filter[status]=created&page[size]=5');
	expect(res.body.data.every((t: any) => t.attributes.status === 'created')).toBe(true);
	expect(res.body.links.next).toBe(
		`${sb.baseUrl}/tracking_requests?filter[status]=created&page[number]=2&page[size]=5`,
	);
});

test('/shipments: number, q, filter[tracking_stopped]; dropped filters are ignored', async () => {
	const f = sb.fixtures.find((x) => x.key === 'customs_hold')!;
	expect(
		(await api.get(`/shipments?number=${f.billOfLading}`)).body.data.map((s: any) => s.id),
	).toEqual([f.shipmentId]);
	// `number` is the request number (BL / booking), not a container number; `q` finds container numbers.
	expect((await api.get(`/shipments?number=${f.containerNumber}`)).body.data).toEqual([]);
	expect(
		(await api.get(`/shipments?q=${f.containerNumber}`)).body.data.map((s: any) => s.id),
	).toEqual([f.shipmentId]);
	expect((await api.get('/shipments?q=FIXTURE-CUSTOMS')).body.data.map((s: any) => s.id)).toEqual([
		f.shipmentId,
	]);
	await api.patch(`/shipments/${f.shipmentId}/stop_tracking`);
	const stopped = (await api.get('/shipments?filter[tracking_stopped]=true&page[size]=100')).body
		.data;
	expect(stopped.map((s: any) => s.id)).toContain(f.shipmentId);
	expect(stopped.every((s: any) => s.attributes.line_tracking_stopped_at !== null)).toBe(true);
	const all = (await api.get('/shipments')).body.meta.total;
	expect(
		(
			await api.get(
				'/shipments?filter[pod_locode]=USLAX&filter[status]=x&filter[line_scac]=MAEU&filter[updated_at]=2020',
			)
		).body.meta.total,
	).toBe(all);
});

test('/containers: filter[number]; filter[status] is dropped', async () => {
	const f = sb.fixtures[0];
	expect(
		(await api.get(`/containers?filter[number]=${f.containerNumber}`)).body.data.map(
			(c: any) => c.id,
		),
	).toEqual([f.containerId]);
	expect((await api.get('/containers?filter[status]=available')).body.meta.total).toBe(250);
});

test('ignoredFilters: GET /containers drops filter[number] silently, as the live service may', async () => {
	const f = sb.fixtures[0];
	const path = `/containers?filter[number]=${f.containerNumber}&page[size]=5`;
	sb.options.ignoredFilters = ['filter[number]'];
	try {
		const res = await api.get(path);
		expect(res.status).toBe(200);
		// An unfiltered page, answered as if the filter had worked: only the caller can tell.
		expect(res.body.meta.total).toBe(250);
		expect(res.body.data).toHaveLength(5);
		expect(res.body.data.some((c: any) => c.attributes.number !== f.containerNumber)).toBe(true);
		expect(res.body.links.self).toBe(`${sb.baseUrl}${path}`);
		expect(res.body.links.next).toContain(`filter[number]=${f.containerNumber}`);
		expect(sb.requests.at(-1)!.query['filter[number]']).toBe(f.containerNumber);
	} finally {
		sb.options.ignoredFilters = [];
	}
	expect((await api.get(path)).body.data.map((c: any) => c.id)).toEqual([f.containerId]);
});

test('/tracking_requests filters: request_number, scac, status, created_at range, q', async () => {
	const created = await api.post(
		'/tracking_requests',
		trackingRequestBody({
			request_type: 'booking_number',
			request_number: '778899001',
			scac: 'ZIMU',
			ref_numbers: ['FILTER-ME'],
		}),
	);
	const id = created.body.data.id;
	expect(
		(await api.get('/tracking_requests?filter[request_number]=778899001')).body.data.map(
			(t: any) => t.id,
		),
	).toEqual([id]);
	expect(
		(await api.get('/tracking_requests?filter[scac]=ZIMU&filter[status]=pending')).body.data.map(
			(t: any) => t.id,
		),
	).toEqual([id]);
	expect((await api.get('/tracking_requests?q=FILTER-ME')).body.data.map((t: any) => t.id)).toEqual(
		[id],
	);
	const start = new Date(Date.now() - 60_000).toISOString();
	const ids = (
		await api.get(`/tracking_requests?filter[created_at][start]=${start}`)
	).body.data.map((t: any) => t.id);
	expect(ids).toContain(id);
	expect(
		(await api.get(`/tracking_requests?filter[created_at][end]=2000-01-01T00:00:00Z`)).body.data,
	).toEqual([]);
	expect((await api.get('/tracking_requests?filter[status]=bogus')).status).toBe(400);
});

test('shipping lines are paginated like every list, sorted by SCAC; search returns at most 25', async () => {
	const lines = await api.get('/shipping_lines');
	expect(lines.body.data).toHaveLength(30);
	const scacs = lines.body.data.map((l: any) => l.attributes.scac);
	expect(scacs).toEqual([...scacs].sort());
	expect(lines.body.links.next).toBe(`${sb.baseUrl}/shipping_lines?page[number]=2&page[size]=30`);
	const rest = await api.get(lines.body.links.next);
	expect(rest.body.links.next).toBeUndefined();
	const all = [...lines.body.data, ...rest.body.data].map((l: any) => l.attributes.scac);
	expect(all).toHaveLength(SHIPPING_LINES.length);
	expect(new Set(all).size).toBe(all.length);
	expect(all[0] < all[all.length - 1]).toBe(true);
	expect((await api.get('/shipping_lines?page[size]=100')).body.data).toHaveLength(
		SHIPPING_LINES.length,
	);
	expect((await api.get('/shipping_lines?page[size]=500')).body.meta.size).toBe(100);
	const search = await api.get('/search?query=U');
	expect(search.body.data.length).toBe(25);
	expect((await api.get('/search')).status).toBe(400);
});

test('include is honoured on lists and de-duplicated', async () => {
	const res = await api.get('/containers?page[size]=10&include=shipment');
	const shipmentIds = new Set(res.body.data.map((c: any) => c.relationships.shipment.data.id));
	expect(res.body.included.map((r: any) => r.id).sort()).toEqual([...shipmentIds].sort());
	const tr = await api.get('/tracking_requests?page[size]=3&include=tracked_object');
	expect(tr.body.included.every((r: any) => r.type === 'shipment')).toBe(true);
});

test('search ranks shipments, then containers, then tracking requests', async () => {
	const f = sb.fixtures.find((x) => x.key === 'past_lfd')!;
	await api.post(
		'/tracking_requests',
		trackingRequestBody({
			request_type: 'bill_of_lading',
			request_number: 'HLCUSS49490031',
			scac: 'HLCU',
		}),
	);
	const res = await api.get('/search?query=4949003');
	expect(res.body.data.map((r: any) => r.type)).toEqual(['shipment', 'tracking_request']);
	const byContainer = await api.get(`/search?query=${f.containerNumber}`);
	expect(byContainer.body.data.map((r: any) => [r.type, r.attributes.number])).toEqual([
		['cargo', f.containerNumber],
	]);
});

test('rotate only works for image documents', async () => {
	const doc = sb.store.documents.all()[0];
	const res = await api.post(`/documents/${doc.id}/rotate`, { degrees: 90 });
	expect(res.status).toBe(422);
	expect(res.body.errors[0].detail).toBe('Only image documents can be rotated');
	expect((await api.post(`/documents/${doc.id}/rotate`, { degrees: 45 })).status).toBe(422);
});

test('documents: a signed blob id is accepted; the same blob again is a 409 naming the existing document', async () => {
	const body = {
		data: {
			type: 'document',
			attributes: {
				name: 'arrival.pdf',
				attached_document: 'eyJfcmFpbHMiOnsibWVzc2FnZSI6IkJBaHBCZz09In19--0a1b2c3d',
			},
		},
	};
	const first = await api.post('/documents', body);
	expect(first.status).toBe(201);
	expect(first.body.data.attributes).toMatchObject({
		name: 'arrival.pdf',
		source: 'api',
		file_content_type: 'application/pdf',
	});
	const again = await api.post('/documents', body);
	expect(again.status).toBe(409);
	expect(again.body.errors[0]).toMatchObject({
		code: 'duplicate_document',
		meta: { existing_document_id: first.body.data.id, existing_document_name: 'arrival.pdf' },
	});
	expect(
		(await api.post('/documents', { data: { type: 'document', attributes: { name: 'x.pdf' } } }))
			.status,
	).toBe(422);
});
