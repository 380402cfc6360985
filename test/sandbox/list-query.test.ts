/**
 * `GET /containers` and `GET /shipments` as the current service answers them (the sandbox's default):
 * container pages of at most 50, `meta.total` the filtered total, the documented filters and sort, and the
 * traps of Terminal49's filter reference (list-filters.mdx): unknown keys ignored, `has_holds=false` only an
 * explicitly empty array (a pending hold is a hold), `eta_changed_*=false` acting as true, an unknown status
 * matching nothing, a blank `q` refused.
 */
import type { Sandbox } from '../../sandbox';
import { ACCOUNT_ID } from '../../sandbox/account-resources';
import { client, startTestSandbox } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
const DAY = 86_400_000;

beforeAll(async () => {
	sb = await startTestSandbox({ containers: 300, carrierDelayMs: 60_000 });
	api = client(sb);
});
afterAll(() => sb.close());

/** Every record of a list, following links.next. */
async function all(path: string): Promise<any[]> {
	const out: any[] = [];
	let url: string | undefined = path;
	while (url) {
		const res: { status: number; body: any } = await api.get(url);
		expect(res.status).toBe(200);
		out.push(...res.body.data);
		url = res.body.links.next;
	}
	return out;
}

const total = async (path: string) => (await api.get(path)).body.meta.total as number;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

test('container pages hold 50 at most (a larger page[size] is truncated, the links say 50); shipments 100', async () => {
	const page = await api.get('/containers?page[size]=100');
	expect(page.body.data).toHaveLength(50);
	expect(page.body.meta).toEqual({ size: 50, total: 300 });
	expect(page.body.links.next).toBe(`${sb.baseUrl}/containers?page[number]=2&page[size]=50`);
	expect((await all('/containers?page[size]=100')).map((c) => c.id)).toHaveLength(300);
	const shipments = await api.get('/shipments?page[size]=500');
	expect(shipments.body.meta.size).toBe(100);
	expect(shipments.body.data).toHaveLength(Math.min(100, sb.store.shipments.size));
});

test('meta.total is the filtered total, and filters stay on the links', async () => {
	const res = await api.get('/containers?filter[current_status]=picked_up&page[size]=5');
	const picked = sb.store.containers
		.all()
		.filter((c) => sb.app.containerStatus(c) === 'picked_up').length;
	expect(res.body.meta.total).toBe(picked);
	expect(res.body.data.every((c: any) => c.attributes.current_status === 'picked_up')).toBe(true);
	expect(res.body.links.next).toContain('filter[current_status]=picked_up');
});

test('current_status: comma-separated values OR; an unknown value matches nothing; unknown keys are ignored', async () => {
	const available = await total('/containers?filter[current_status]=available');
	const grounded = await total('/containers?filter[current_status]=grounded');
	expect(available).toBeGreaterThan(0);
	expect(await total('/containers?filter[current_status]=available,grounded')).toBe(
		available + grounded,
	);
	expect(await total('/containers?filter[current_status]=in_transit')).toBe(0);
	// unknown keys (and the never-documented status, pod_locode, line_scac) are ignored: the whole list
	for (const key of [
		'filter[status]=available',
		'filter[pod_locode]=USLAX',
		'filter[line_scac]=MAEU',
	])
		expect(await total(`/containers?${key}`)).toBe(300);
});

test('has_holds=false is an explicitly empty holds array: a container with only pending holds is left out', async () => {
	const holds = (c: any) => c.attributes.holds_at_pod_terminal as Array<{ status: string }>;
	const every = await all('/containers?page[size]=50');
	const pendingOnly = every.filter(
		(c) => holds(c).length > 0 && holds(c).every((h) => h.status === 'pending'),
	);
	expect(pendingOnly.length).toBeGreaterThan(0);
	const withoutHolds = new Set((await all('/containers?filter[has_holds]=false')).map((c) => c.id));
	const withHolds = new Set((await all('/containers?filter[has_holds]=true')).map((c) => c.id));
	for (const c of pendingOnly) {
		expect(withoutHolds.has(c.id)).toBe(false);
		expect(withHolds.has(c.id)).toBe(true);
	}
	expect(withoutHolds.size + withHolds.size).toBe(300);
});

test('eta_changed_in_last_24h=false selects the same containers as =true', async () => {
	const yes = await all('/containers?filter[eta_changed_in_last_24h]=true');
	const no = await all('/containers?filter[eta_changed_in_last_24h]=false');
	expect(no.map((c) => c.id)).toEqual(yes.map((c) => c.id));
	expect(await total('/containers?filter[eta_changed_in_past_3_days]=true')).toBeGreaterThanOrEqual(
		yes.length,
	);
});

test('pickup_lfd bounds compare the stored (UTC) date; sort=pickup_lfd is ascending with no LFD last', async () => {
	const from = isoDay(Date.now() - 2 * DAY);
	const to = isoDay(Date.now() + 3 * DAY);
	const bounded = await all(
		`/containers?filter[pickup_lfd][]=>=${from}&filter[pickup_lfd][]=<=${to}&sort=pickup_lfd`,
	);
	expect(bounded.length).toBeGreaterThan(0);
	const days = bounded.map((c) => String(c.attributes.pickup_lfd).slice(0, 10));
	expect(days.every((d) => d >= from && d <= to)).toBe(true);
	const times = bounded.map((c) => Date.parse(c.attributes.pickup_lfd));
	expect(times).toEqual([...times].sort((a, b) => a - b));
	const sorted = await all('/containers?sort=pickup_lfd');
	const lfds = sorted.map((c) => c.attributes.pickup_lfd);
	const firstNull = lfds.indexOf(null);
	expect(firstNull).toBeGreaterThan(0);
	expect(lfds.slice(firstNull).every((l) => l === null)).toBe(true);
	expect(await total('/containers?filter[pickup_lfd]=@not_exists')).toBe(lfds.length - firstNull);
});

test('sort: -created_at newest first; an invalid token is ignored (the default: last status refresh first)', async () => {
	const newest = await all('/containers?sort=-created_at');
	const created = newest.map((c) => Date.parse(c.attributes.created_at));
	expect(created).toEqual([...created].sort((a, b) => b - a));
	const invalid = (await all('/containers?sort=bogus')).map((c) => c.id);
	expect(invalid).toEqual((await all('/containers')).map((c) => c.id));
	expect(invalid).not.toEqual(newest.map((c) => c.id));
});

test('shipments: q is a prefix search, a blank q is refused, number finds the request number, pod_arrival and voyage_status', async () => {
	const s = sb.store.shipments.all()[3];
	expect(
		(await api.get(`/shipments?q=${s.blNumber.slice(0, 9)}`)).body.data.map((x: any) => x.id),
	).toContain(s.id);
	expect(
		(await api.get(`/shipments?q=${s.blNumber.slice(2, 9)}`)).body.data.map((x: any) => x.id),
	).not.toContain(s.id);
	expect((await api.get('/shipments?q=%20')).status).toBe(400);
	expect(
		(await api.get(`/shipments?number=${s.blNumber}`)).body.data.map((x: any) => x.id),
	).toEqual([s.id]);
	const onShip = await all('/shipments?filter[voyage_status]=on_ship');
	expect(onShip.every((x) => x.attributes.pod_ata_at === null)).toBe(true);
	const soon = await all(
		`/shipments?filter[pod_ata_at]=@not_exists&filter[pod_arrival][]=>=${isoDay(Date.now())}&filter[pod_arrival][]=<=${isoDay(Date.now() + 30 * DAY)}&sort=pod_arrival`,
	);
	expect(soon.length).toBeGreaterThan(0);
	const etas = soon.map((x) => Date.parse(x.attributes.pod_eta_at));
	expect(etas).toEqual([...etas].sort((a, b) => a - b));
});

test('customer_id: the customer party, else the account that created the shipment', async () => {
	const s = sb.store.shipments.all().find((x) => x.customerId)!;
	const ofParty = await all(`/shipments?filter[customer_id]=${s.customerId}`);
	expect(ofParty.map((x) => x.id)).toContain(s.id);
	const withoutCustomer = sb.store.shipments.all().filter((x) => !x.customerId).length;
	expect(await total(`/shipments?filter[customer_id]=${ACCOUNT_ID}`)).toBe(withoutCustomer);
	expect(await total('/shipments?filter[customer_id]=00000000-0000-4000-8000-000000000000')).toBe(
		0,
	);
});
