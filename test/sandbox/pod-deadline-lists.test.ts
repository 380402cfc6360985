/**
 * `GET /containers` LFD filters and sorts on the selected-deadline serializer (issue 29). Which field the
 * service's `filter[pickup_lfd…]` and `sort=pickup_lfd` read there is not documented; the sandbox's choice is
 * the worst case for a client that sends them: they read what the serializer sends, the sentinel
 * `2099-12-31` in `pickup_lfd` and nothing for the absent flat line/terminal keys, so such a filter drops a
 * container due today and such a sort puts it anywhere. `pickup_lfd_rail_on` keeps reading the rail LFD.
 * The older serializer's lists are unchanged. The clock is pinned half a day after the epoch.
 */
import type { Sandbox } from '../../sandbox';
import { pinDate } from '../helpers/clock';
import { client, startTestSandbox } from './helpers';

const DAY = 86_400_000;
const EPOCH = Date.UTC(2026, 8, 24);
const SELECTED = 'sandbox_paid_selected';
const LEGACY = 'sandbox_paid_legacy';

let sb: Sandbox;
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	sb = await startTestSandbox({ epoch: EPOCH });
});
afterAll(() => sb.close());
beforeEach(() => {
	pinDate(EPOCH + 12 * 3_600_000);
	sb.options.deadlineShape = 'legacy';
});
afterEach(() => jest.useRealTimers());

/** The numbers of every container a list query returns (one page of 50 holds the 40). */
async function numbers(key: string, query: string): Promise<string[]> {
	const res = await client(sb, key).get(`/containers?page[size]=50&${query}`);
	expect(res.status).toBe(200);
	expect(res.body.links.next).toBeUndefined();
	return (res.body.data as any[]).map((c) => c.attributes.number);
}
const day = (offset: number) => new Date(EPOCH + offset * DAY).toISOString().slice(0, 10);

test('filter[pickup_lfd] reads the sentinel: every container is due 2099-12-31, none before, none without', async () => {
	expect(await numbers(SELECTED, 'filter[pickup_lfd]=2099-12-31')).toHaveLength(40);
	expect(await numbers(SELECTED, 'filter[pickup_lfd]=<=2099-12-30')).toEqual([]);
	expect(await numbers(SELECTED, 'filter[pickup_lfd]=@not_exists')).toEqual([]);
	expect(await numbers(SELECTED, `filter[pickup_lfd]=<=${day(3)}`)).toEqual([]);
	// The older serializer: the coalesced day
	const soon = await numbers(LEGACY, `filter[pickup_lfd]=<=${day(3)}`);
	expect(soon).toEqual(expect.arrayContaining([fixture('past_lfd').containerNumber]));
	expect(soon).not.toContain(fixture('pod_line_calculated').containerNumber);
	expect(await numbers(LEGACY, 'filter[pickup_lfd]=<=2099-12-30')).not.toEqual([]);
	expect(await numbers(LEGACY, 'filter[pickup_lfd]=2099-12-31')).toEqual([]);
});

test("a filter for today's LFD drops the container due today (the client's check cannot bring it back)", async () => {
	const today = fixture('pod_facility_today');
	// Facility LFD 2026-09-23T07:00:00Z (stored date 09-23), the older pickup_lfd the line's, 09-24
	for (const query of [
		'filter[pickup_lfd]=<=2026-09-24',
		'filter[pickup_lfd_terminal_on]=2026-09-23',
		'filter[last_free_day_on][]=2026-09-20&filter[last_free_day_on][]=2026-09-26',
		'filter[requires_attention]=true',
	]) {
		expect([query, await numbers(LEGACY, query)]).toEqual([
			query,
			expect.arrayContaining([today.containerNumber]),
		]);
		expect([query, await numbers(SELECTED, query)]).toEqual([query, []]);
	}
});

test('pickup_lfd_line_on / pickup_lfd_terminal_on read the absent flat keys: nothing exists', async () => {
	for (const name of ['pickup_lfd_line_on', 'pickup_lfd_terminal_on']) {
		expect(await numbers(SELECTED, `filter[${name}]=@exists`)).toEqual([]);
		expect(await numbers(SELECTED, `filter[${name}]=@not_exists`)).toHaveLength(40);
		expect((await numbers(LEGACY, `filter[${name}]=@exists`)).length).toBeGreaterThan(5);
	}
});

test('pickup_lfd_rail_on keeps reading the rail LFD in both', async () => {
	const ramp = sb.store.findContainer(fixture('pod_rail_ramp').containerId)!;
	const railDay = new Date(ramp.lfdRail!).toISOString().slice(0, 10);
	for (const key of [SELECTED, LEGACY])
		expect(await numbers(key, `filter[pickup_lfd_rail_on]=${railDay}`)).toContain(
			fixture('pod_rail_ramp').containerNumber,
		);
	expect(await numbers('sandbox_basic', `filter[pickup_lfd_rail_on]=${railDay}`)).toEqual([]);
});

test('sort=pickup_lfd: every container ties on the sentinel (newest first), not soonest first', async () => {
	const newestFirst = sb.store.containers.newestFirst().map((c) => c.number);
	for (const sort of ['pickup_lfd', '-pickup_lfd', 'pickup_lfd_terminal_on', 'attention_priority'])
		expect([sort, await numbers(SELECTED, `sort=${sort}`)]).toEqual([sort, newestFirst]);
	// The older serializer: soonest first, the ones without an LFD last
	const res = await client(sb, LEGACY).get('/containers?page[size]=50&sort=pickup_lfd');
	const lfds = (res.body.data as any[]).map((c) => c.attributes.pickup_lfd as string | null);
	const dated = lfds.filter((x) => x !== null) as string[];
	expect(dated.length).toBeGreaterThan(10);
	expect(lfds.slice(0, dated.length)).toEqual([...dated].sort());
	expect(lfds.slice(dated.length).every((x) => x === null)).toBe(true);
	expect(lfds.indexOf(null)).toBeGreaterThan(0);
});

test('the option switches the lists of the keys that follow it, per request', async () => {
	const query = 'filter[pickup_lfd_terminal_on]=@exists';
	const before = await numbers('sandbox_paid', query);
	expect(before.length).toBeGreaterThan(5);
	sb.options.deadlineShape = 'selected';
	expect(await numbers('sandbox_paid', query)).toEqual([]);
	expect(await numbers(LEGACY, query)).toEqual(before);
});
