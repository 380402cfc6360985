import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	indexIncluded,
	relatedResources,
	itemsOf,
	recordsOf,
	resourcesOf,
	simplifyResource,
} from '../../nodes/Terminal49/client/jsonApi';
import type { JsonApiDocument, ResourceObject } from '../../nodes/Terminal49/client/jsonApi';

/** The simplified items of a document (the reader every operation uses). */
const simplifyDocument = (document: JsonApiDocument) => itemsOf(document);

const shipmentDocument = {
	data: {
		id: 's1',
		type: 'shipment',
		attributes: {
			bill_of_lading_number: 'MEDUFR030802',
			destination_timezone: 'America/Los_Angeles',
		},
		relationships: {
			containers: {
				data: [
					{ id: 'c1', type: 'container' },
					{ id: 'c2', type: 'container' },
				],
			},
			pod_terminal: { data: { id: 't1', type: 'terminal' } },
			destination: { data: null },
			port_of_lading: { data: { id: 'p9', type: 'port' } },
		},
		links: { self: '/v2/shipments/s1' },
	},
	included: [
		{
			id: 'c1',
			type: 'container',
			attributes: { number: 'MSCU1234566' },
			relationships: { shipment: { data: { id: 's1', type: 'shipment' } } },
		},
		{ id: 'c2', type: 'container', attributes: { number: 'TGHU1234560' } },
		{ id: 't1', type: 'terminal', attributes: { name: 'Pier 400' } },
	],
};

test('a document becomes flat items: id, attributes at the top, relationships resolved or left as ids', () => {
	const [item] = simplifyDocument(shipmentDocument);
	expect(item).toEqual({
		id: 's1',
		type: 'shipment',
		bill_of_lading_number: 'MEDUFR030802',
		destination_timezone: 'America/Los_Angeles',
		containers: [
			{ id: 'c1', type: 'container', number: 'MSCU1234566', shipment: 's1' },
			{ id: 'c2', type: 'container', number: 'TGHU1234560' },
		],
		pod_terminal: { id: 't1', type: 'terminal', name: 'Pier 400' },
		destination: null,
		port_of_lading: 'p9',
	});
});

test('a relationship named like an attribute does not overwrite it', () => {
	const item = simplifyResource({
		id: '1',
		type: 'x',
		attributes: { status: 'ok' },
		relationships: { status: { data: { id: '2', type: 'y' } } },
	} as ResourceObject);
	expect(item.status).toBe('ok');
	expect(item.status_relationship).toBe('2');
});

test('lists, empty data and related resources', () => {
	expect(simplifyDocument({ data: [] })).toEqual([]);
	expect(simplifyDocument({ data: null })).toEqual([]);
	const index = indexIncluded(shipmentDocument.included);
	expect(
		relatedResources(shipmentDocument.data as ResourceObject, 'containers', index).map(
			(c) => c.number,
		),
	).toEqual(['MSCU1234566', 'TGHU1234560']);
});

test('Simplify off returns the document as sent', () => {
	expect(recordsOf(shipmentDocument).sent()).toEqual([shipmentDocument]);
});

test('non-JSON:API bodies (e.g. GeoJSON, IPs) are passed through as one item', () => {
	const ips = { webhook_notification_ips: ['1.2.3.4'], last_updated: '2024-01-01' };
	expect(itemsOf(ips)).toEqual([ips]);
});

test('every real webhook payload simplifies without losing its reference object', () => {
	const dir = join(__dirname, '..', 'fixtures', 'webhook-examples');
	for (const file of require('node:fs').readdirSync(dir) as string[]) {
		const payload = JSON.parse(readFileSync(join(dir, file), 'utf8'));
		const [item] = simplifyDocument(payload);
		expect(item.type).toBe('webhook_notification');
		expect(item.id).toBe(payload.data.id);
		expect(item.event).toBe(payload.data.attributes.event);
	}
});

test('resourcesOf: one resource, a list, null or nothing; entries that are not resource objects are left out', () => {
	const a = { id: 'a', type: 'container' };
	const b = { id: 'b', type: 'container' };
	expect(resourcesOf({ data: a })).toEqual([a]);
	expect(resourcesOf({ data: [a, { id: 'x' }, null, b] as never })).toEqual([a, b]);
	expect(resourcesOf({ data: null })).toEqual([]);
	expect(resourcesOf({})).toEqual([]);
});
