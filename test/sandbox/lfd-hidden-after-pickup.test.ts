/**
 * The sandbox's `hideLfdAfterPickup` option (issue 47): Terminal49's newer serializer hides a container's last
 * free days once it is picked up at the port of discharge (API-DRIFT.md section 7), which is why an invoice check
 * weeks later needs the last free day kept before. On: a picked-up container's `import_deadlines.pod` carries no
 * day and `ssl_lfd` is null on the newer serializer; a container still at the terminal keeps its LFD; the older
 * serializer keeps them (the live captures show months-past LFDs); off (the default), nothing is hidden. Seeded
 * from a fixed epoch; nothing here reads the clock.
 */
import type { Sandbox } from '../../sandbox';
import { client, control, startTestSandbox } from './helpers';

const EPOCH = Date.UTC(2026, 9, 20);
let sb: Sandbox;

beforeAll(async () => {
	sb = await startTestSandbox({ epoch: EPOCH });
});
afterAll(() => sb.close());

const attributesOf = async (key: string, apiKey: string) => {
	const fixture = sb.fixtures.find((f) => f.key === key)!;
	const res = await client(sb, apiKey).get(`/containers/${fixture.containerId}`);
	expect(res.status).toBe(200);
	return res.body.data.attributes;
};

test('off by default: a picked-up container keeps its last free days on both serializers', async () => {
	expect(sb.options.hideLfdAfterPickup).toBe(false);
	const selected = await attributesOf('empty_returned', 'sandbox_paid_selected');
	expect(selected.import_deadlines.pod.unified.current_value).not.toBeNull();
	expect((await attributesOf('empty_returned', 'sandbox_paid_legacy')).pickup_lfd).not.toBeNull();
});

test('on: hidden on the newer serializer once picked up at the port; kept before pickup and on the older serializer', async () => {
	const res = await control(sb, 'PATCH', '/options', { hideLfdAfterPickup: true });
	expect(res.body.hideLfdAfterPickup).toBe(true);
	for (const key of ['empty_returned', 'picked_up_yesterday']) {
		const selected = await attributesOf(key, 'sandbox_paid_selected');
		expect(selected.import_deadlines.pod).toEqual({
			line: { original: null, current: null, calculated: null, manual: false },
			facility: { original: null, current: null, calculated: null, manual: false },
			unified: {
				original_value: null,
				original_selection: null,
				current_value: null,
				current_selection: null,
			},
		});
		expect(selected.ssl_lfd).toBeNull();
		// the dates that decide a D&D invoice stay
		expect(selected.pod_full_out_at).not.toBeNull();
		expect(selected.pod_discharged_at).not.toBeNull();
		expect((await attributesOf(key, 'sandbox_paid_legacy')).pickup_lfd).not.toBeNull();
	}
	const waiting = await attributesOf('past_lfd', 'sandbox_paid_selected');
	expect(waiting.import_deadlines.pod.unified.current_value).not.toBeNull();
	expect((await control(sb, 'PATCH', '/options', { hideLfdAfterPickup: 'yes' })).status).toBe(400);
	await control(sb, 'PATCH', '/options', { hideLfdAfterPickup: false });
	const back = await attributesOf('empty_returned', 'sandbox_paid_selected');
	expect(back.import_deadlines.pod.unified.current_value).not.toBeNull();
});
