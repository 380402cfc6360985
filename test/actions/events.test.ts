import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WEBHOOK_EVENTS, webhookEventOptions } from '../../nodes/Terminal49/domain/events';

const openapi = JSON.parse(readFileSync(join(__dirname, '../fixtures/openapi.json'), 'utf8'));
const enumOf = (path: string, method: string): string[] =>
	openapi.paths[path][method].requestBody.content['application/json'].schema.properties.data
		.properties.attributes.properties.events.items.enum;

describe('WEBHOOK_EVENTS', () => {
	it('holds exactly the 43 events of the POST /webhooks enum (and PATCH /webhooks/{id})', () => {
		const values = WEBHOOK_EVENTS.map((e) => e.value);
		expect(values).toHaveLength(43);
		expect(new Set(values).size).toBe(43);
		expect([...values].sort()).toEqual([...enumOf('/webhooks', 'post')].sort());
		expect([...values].sort()).toEqual([...enumOf('/webhooks/{id}', 'patch')].sort());
	});

	it('is sorted by group then name and every entry is described', () => {
		const keys = WEBHOOK_EVENTS.map((e) => [e.group, e.name]);
		const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
		expect(keys).toEqual(sorted);
		for (const e of WEBHOOK_EVENTS) {
			expect(e.name).toMatch(/^[A-Z]/);
			expect(e.description.length).toBeGreaterThan(10);
			expect(e.group).toMatch(/^[A-Z]/);
		}
		expect(new Set(WEBHOOK_EVENTS.map((e) => e.name)).size).toBe(43);
	});

	it('gives options named as the node panel names the events, by group then name, their values the event names', () => {
		const options = webhookEventOptions();
		// the name n8n's node panel shows (action), never the group again ("Container: Container Created")
		expect(options.map((o) => o.name)).toEqual(options.map((o) => o.action));
		expect(options.map((o) => o.name)).toEqual(WEBHOOK_EVENTS.map((e) => e.action ?? e.name));
		for (const o of options) expect(o.name).not.toMatch(/:/);
		// the values are the event names saved workflows hold, in the order of the groups
		expect(options.map((o) => o.value)).toEqual(WEBHOOK_EVENTS.map((e) => e.value));
		expect(options).toContainEqual(
			expect.objectContaining({
				name: 'Vessel Arrived',
				value: 'container.transport.vessel_arrived',
			}),
		);
		expect(options).toContainEqual(
			expect.objectContaining({ name: 'Container Created', value: 'container.created' }),
		);
		expect(options).toContainEqual(
			expect.objectContaining({
				name: 'Full Out at Destination',
				value: 'container.transport.full_out',
			}),
		);
	});
});
