import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WEBHOOK_EVENTS, webhookEventOptions } from '../../nodes/Terminal49/helpers/events';

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

	it('gives options named "Group: Name" in alphabetical order', () => {
		const names = webhookEventOptions().map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(webhookEventOptions()).toContainEqual(
			expect.objectContaining({
				name: 'Vessel: Vessel Arrived',
				value: 'container.transport.vessel_arrived',
			}),
		);
	});
});
