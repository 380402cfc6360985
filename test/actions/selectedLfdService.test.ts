/**
 * The last free day Terminal49 selects (issue 29), through real n8n-core against the sandbox serving the newer
 * container serializer (`import_deadlines.pod`, `pickup_lfd` the placeholder 2099-12-31) and the older one:
 * Container Get shows the selected day and whose it is; Urgent Only and Sort By Last Free Day send no
 * last-free-day filter or sort there (which would read the placeholder and drop the containers due today) and
 * keep exactly what the node keeps of the whole list; an account that moves to the newer serializer is caught
 * within the same run; the webhook trigger and the polling trigger say the LFD moved, with the day it was.
 *
 * The sandbox is seeded from a fixed epoch and the node's clock pinned an hour after it (the evening before in
 * the US zones of the POD fixtures): passes on any day.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetSerializerMemory } from '../../nodes/Terminal49/client/lfdSelection';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';
import { makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';
import { isSerializerProbe } from '../helpers/serializerProbe';
import { startReceiver, TriggerWorkflow } from '../trigger/harness';

const DAY = 86_400_000;
/** 2026-09-24 00:00 UTC: the evening of 09-23 in Los Angeles, New York and Chicago. */
const EPOCH = Date.UTC(2026, 8, 24);
const NOW = EPOCH + 3_600_000;
const CONTAINERS = 120;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const fixture = (key: string) => {
	const f = sb.fixtures.find((x) => x.key === key);
	if (!f) throw new Error(`no fixture ${key}`);
	return f;
};

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({
		epoch: EPOCH,
		containers: CONTAINERS,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
	});
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	sb.reset({ containers: CONTAINERS });
	sb.options.deadlineShape = 'selected';
	sb.clearRequests();
	resetRateLimiter();
});

/** The calendar day of an instant in a zone (a date-only value is that day): the test's own reading. */
function dayIn(value: string, zone: string): string {
	if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(value));
}
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY;

/** Every string of a value, nested (the placeholder must be in none of what the node derives or shows). */
const strings = (value: unknown): string[] =>
	typeof value === 'string'
		? [value]
		: value && typeof value === 'object'
			? Object.values(value).flatMap(strings)
			: [];

const listQueries = () =>
	sb.requests
		.filter((r) => r.path === '/v2/containers' && !isSerializerProbe(r.query))
		.map((r) => r.query);
const probes = () =>
	sb.requests.filter((r) => r.path === '/v2/containers' && isSerializerProbe(r.query)).length;
const onLfdFields = (q: Record<string, string>) =>
	Object.keys(q).some((key) => key.startsWith('filter[pickup_lfd')) ||
	String(q.sort ?? '').includes('pickup_lfd');

/** The raw attributes of a fixture's container, as the sandbox sends them now. */
async function rawAttributes(key: string, apiKey: string = sb.keys.paid): Promise<IDataObject> {
	const response = await fetch(`${sb.baseUrl}/containers/${fixture(key).containerId}`, {
		headers: { Authorization: `Token ${apiKey}`, Accept: 'application/json' },
	});
	return ((await response.json()) as { data: { attributes: IDataObject } }).data.attributes;
}

const SOURCE_WORDS: Record<string, string> = {
	facility: 'Terminal',
	facility_manual: 'Terminal (entered by hand)',
	line: 'Shipping line',
	line_calculated: 'Shipping line (calculated by Terminal49)',
};

describe('Container > Get on the newer serializer: the LFD Terminal49 selected, never the placeholder', () => {
	it.each([
		'pod_facility_today',
		'pod_line_earlier',
		'pod_line_withheld',
		'pod_line_calculated',
		'pod_facility_manual',
		'pod_lfd_moved',
		'pod_lfd_unknown',
	])('%s', async (key) => {
		const raw = await rawAttributes(key);
		expect(raw.pickup_lfd).toBe('2099-12-31');
		const unified = ((raw.import_deadlines as IDataObject).pod as IDataObject)
			.unified as IDataObject;
		const zone = String(raw.pod_timezone);
		const today = dayIn(new Date(NOW).toISOString(), zone);
		const value = unified.current_value as string | null;
		const [simplified] = await containers.run(
			{
				operation: 'get',
				containerId: { __rl: true, mode: 'id', value: fixture(key).containerId },
			},
			{ typeVersion: 2 },
		);
		const [all] = await containers.run(
			{
				operation: 'get',
				containerId: { __rl: true, mode: 'id', value: fixture(key).containerId },
				output: 'all',
			},
			{ typeVersion: 2 },
		);
		if (value === null) {
			expect(simplified).toMatchObject({
				last_free_day: null,
				last_free_day_source: 'Not reported',
				days_left: null,
				urgency: 'none',
			});
			expect(all).toMatchObject({ pickup_lfd: null, lfd_band: 'none', lfd_watched: 'selected' });
		} else {
			expect(simplified).toMatchObject({
				last_free_day: dayIn(value, zone),
				last_free_day_source: SOURCE_WORDS[String(unified.current_selection)],
				days_left: daysBetween(today, dayIn(value, zone)),
			});
			expect(all).toMatchObject({
				pickup_lfd: value,
				pickup_lfd_source: unified.current_selection,
				pickup_lfd_date: dayIn(value, zone),
				lfd_watched: 'selected',
			});
		}
		if (key === 'pod_lfd_moved') {
			const original = unified.original_value as string;
			expect(all).toMatchObject({
				pickup_lfd_original: original,
				pickup_lfd_original_date: dayIn(original, zone),
				pickup_lfd_days_moved: daysBetween(dayIn(original, zone), dayIn(value!, zone)),
			});
			expect(all.pickup_lfd_days_moved).not.toBe(0);
		}
		// the placeholder is in nothing the node shows (Raw keeps it: the document as sent)
		expect(strings(simplified).filter((s) => s.includes('2099'))).toEqual([]);
		expect(strings(all).filter((s) => s.includes('2099'))).toEqual([]);
	});

	it('due today in three places: urgent today, whose it is in words', async () => {
		for (const key of ['pod_facility_today', 'pod_line_withheld', 'pod_line_calculated']) {
			const [item] = await containers.run(
				{
					operation: 'get',
					containerId: { __rl: true, mode: 'id', value: fixture(key).containerId },
				},
				{ typeVersion: 2 },
			);
			expect({ key, days_left: item.days_left, urgency: item.urgency }).toEqual({
				key,
				days_left: 0,
				urgency: 'today',
			});
		}
	});

	it('the same container on the older serializer keeps the earlier rule (the earliest of the flat keys)', async () => {
		sb.options.deadlineShape = 'legacy';
		const [all] = await containers.run(
			{
				operation: 'get',
				containerId: { __rl: true, mode: 'id', value: fixture('pod_line_earlier').containerId },
				output: 'all',
			},
			{ typeVersion: 2 },
		);
		expect(all.lfd_watched).toBe('earliest');
		expect(all.earliest_lfd_source).toBe('line');
		const selected = await rawAttributes('pod_line_earlier', sb.keys.paidSelected);
		const unified = ((selected.import_deadlines as IDataObject).pod as IDataObject)
			.unified as IDataObject;
		// Terminal49 selected the facility's, later than the line's: the earliest rule would differ
		expect(unified.current_selection).toBe('facility');
		expect(all.earliest_lfd).not.toBe(unified.current_value);
	});
});

describe('Container > Get Many on the newer serializer: nothing dropped, nothing misordered', () => {
	const urgentOnly = {
		operation: 'getAll',
		returnAll: true,
		filters: { urgentOnly: true },
		include: [],
	};

	it('Urgent Only sends no LFD filter, and keeps exactly the urgent ones of the whole list', async () => {
		const out = await containers.run(urgentOnly);
		expect(probes()).toBe(1);
		expect(listQueries().length).toBeGreaterThan(0);
		expect(listQueries().some(onLfdFields)).toBe(false);
		const whole = await containers.run({ operation: 'getAll', returnAll: true, include: [] });
		expect(whole).toHaveLength(CONTAINERS);
		expect(out.map((c) => c.id)).toEqual(whole.filter((c) => c.urgent === true).map((c) => c.id));
		const numbers = out.map((c) => c.number);
		for (const key of ['pod_facility_today', 'pod_line_withheld', 'pod_line_calculated'])
			expect(numbers).toContain(fixture(key).containerNumber);
		expect(strings(out).filter((s) => s.includes('2099'))).toEqual([]);
	});

	it('a filter on the service pickup_lfd would have dropped them: the sandbox reads the placeholder', async () => {
		const today = new Date(NOW).toISOString().slice(0, 10);
		const response = await fetch(
			`${sb.baseUrl}/containers?filter[pickup_lfd]=<=${today}&page[size]=50`,
			{ headers: { Authorization: `Token ${sb.keys.paid}`, Accept: 'application/json' } },
		);
		const body = (await response.json()) as { data: Array<{ id: string }> };
		expect(body.data.map((c) => c.id)).not.toContain(fixture('pod_facility_today').containerId);
	});

	it('Sort By Last Free Day with a Limit: the node sorts (no sort=pickup_lfd), today first', async () => {
		const out = await containers.run({
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: { excludeClosed: true },
			sortBy: 'lfd',
			include: [],
		});
		expect(listQueries().some(onLfdFields)).toBe(false);
		const days = out.map((c) => c.days_until_earliest_lfd as number);
		expect(days).toEqual([...days].sort((a, b) => a - b));
		const whole = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: { excludeClosed: true },
			include: [],
		});
		const soonest = Math.min(
			...whole
				.map((c) => c.days_until_earliest_lfd)
				.filter((d): d is number => typeof d === 'number'),
		);
		expect(days[0]).toBe(soonest);
	});

	it('an account that moves to the newer serializer is caught in the same run', async () => {
		sb.options.deadlineShape = 'legacy';
		const before = await containers.run(urgentOnly);
		expect(listQueries().some(onLfdFields)).toBe(true);
		sb.options.deadlineShape = 'selected';
		sb.clearRequests();
		// what the node learned stays (the account cache and the serializer memory of the process)
		const after = await containers.run(urgentOnly, { keepAccountCache: true });
		sb.clearRequests();
		resetSerializerMemory();
		resetAccountCache();
		const fresh = await containers.run(urgentOnly);
		expect(after.map((c) => c.id)).toEqual(fresh.map((c) => c.id));
		expect(after.map((c) => c.number)).toContain(fixture('pod_facility_today').containerNumber);
		expect(before.map((c) => c.id)).not.toEqual(after.map((c) => c.id));
	});
});

describe('the triggers on the newer serializer', () => {
	it('the webhook trigger: Container Updated says the LFD moved, whose it is and the day it was', async () => {
		const wf = new TriggerWorkflow(
			{ events: ['container.updated'] },
			{ apiKey: sb.keys.paidSelected, baseUrl: sb.baseUrl },
			undefined,
			'wf-selected-lfd',
		);
		const receiver = await startReceiver(wf);
		try {
			expect(await wf.lifecycle('create')).toBe(true);
			const target = fixture('pod_facility_today');
			const raw = await rawAttributes('pod_facility_today', sb.keys.paidSelected);
			const zone = String(raw.pod_timezone);
			const unified = ((raw.import_deadlines as IDataObject).pod as IDataObject)
				.unified as IDataObject;
			const was = unified.current_value as string;
			const moved = new Date(Date.parse(was) + 2 * DAY).toISOString().replace('.000Z', 'Z');
			sb.updateContainer(target.containerId, { pickup_lfd_terminal: moved });
			await sb.webhooksIdle();
			const items = receiver.executions.map((e) => e.items[0].json as IDataObject);
			const updated = items.find((item) => item.event === 'container.updated')!;
			expect(updated.changes).toMatchObject({
				lfd_moved: true,
				lfd_from: was,
				lfd_to: moved,
				lfd_source: 'facility',
				lfd_days_moved: 2,
				lfd_original: was,
				lfd_days_from_original: 2,
				earliest_lfd_moved: true,
			});
			expect((updated.container as IDataObject).pickup_lfd_date).toBe(dayIn(moved, zone));
			expect(strings(updated).filter((s) => s.includes('2099'))).toEqual([]);
		} finally {
			await wf.lifecycle('delete');
			await receiver.close();
		}
	});

	it('the polling trigger: Last Free Day Changed from the selected LFD, not the placeholder', async () => {
		const nodeType = new Terminal49PollingTrigger();
		const node = makeNode(nodeType, { events: ['container.pickup_lfd.changed'] }, false);
		const workflow = makeWorkflow(node, nodeType);
		const additional = makeAdditionalData({ apiKey: sb.keys.paidSelected, baseUrl: sb.baseUrl });
		const poll = async () =>
			(await nodeType.poll!.call(
				new PollContext(workflow, node, additional, 'trigger', 'activate'),
			)) as INodeExecutionData[][] | null;
		expect(await poll()).toBeNull();
		// nothing changed: the placeholder pickup_lfd stays, and no change is seen
		expect(await poll()).toBeNull();
		const target = fixture('pod_facility_manual');
		const raw = await rawAttributes('pod_facility_manual', sb.keys.paidSelected);
		const was = ((((raw.import_deadlines as IDataObject).pod as IDataObject).unified as IDataObject)
			.current_value ?? null) as string;
		const moved = new Date(Date.parse(was) - DAY).toISOString().replace('.000Z', 'Z');
		sb.updateContainer(target.containerId, { pickup_lfd_terminal: moved });
		const result = await poll();
		const items = (result?.[0] ?? []).map((item) => item.json);
		expect(items.map((item) => item.event)).toEqual(['container.pickup_lfd.changed']);
		expect(items[0].changes).toMatchObject({
			lfd_moved: true,
			lfd_from: was,
			lfd_to: moved,
			lfd_days_moved: -1,
		});
		expect(strings(items).filter((s) => s.includes('2099'))).toEqual([]);
	});
});
