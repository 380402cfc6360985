/**
 * The Terminal49 Trigger's Options > Output by node version (issue 25): version 2's Simplified is the
 * people-first view (the event and what changed in words, then the container's view), All Fields the item of
 * version 1 (whose Simplified it stays), through the real webhook() and execute() paths with a real payload.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { WEBHOOK_EVENT_VALUES } from '../../nodes/Terminal49/domain/events';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';

const SECRET = '5e1c0a9d3b7f2468ace13579bdf02468ace13579bdf02468';
const PAYLOAD = readFileSync(
	join(__dirname, '..', 'fixtures', 'webhook-examples', 'container.updated.json'),
	'utf8',
);
const signed = (body: string) => ({
	'x-t49-webhook-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
});

beforeAll(() => {
	captureLogs();
});

async function itemOf(
	typeVersion: number,
	output?: string,
	more: IDataObject = {},
): Promise<IDataObject> {
	const wf = new TriggerWorkflow(
		{
			events: WEBHOOK_EVENT_VALUES,
			webhookManagement: 'automatic',
			options: { fetchFullContainer: false, ...(output ? { output } : {}), ...more },
		},
		{ apiKey: 'sandbox_paid', baseUrl: 'http://127.0.0.1:9/v2' },
		undefined,
		// one workflow per case: the deduplication store is the workflow's (the same payload each time)
		`wf-output-${typeVersion}-${output ?? 'default'}${Object.keys(more)
			.map((k) => `-${k}`)
			.join('')}`,
	);
	wf.typeVersion = typeVersion;
	wf.staticData = {
		'node:Terminal49 Trigger': {
			webhookId: 'wh-1',
			webhookSecret: SECRET,
			webhookEvents: WEBHOOK_EVENT_VALUES,
		},
	};
	const receiver: Receiver = await startReceiver(wf);
	try {
		expect((await receiver.post(PAYLOAD, signed(PAYLOAD))).status).toBe(200);
		expect(receiver.executions).toHaveLength(1);
		return receiver.executions[0].items[0].json;
	} finally {
		await receiver.close();
	}
}

test('version 2, Simplified (the default): the event and what changed in words, then the container, flat', async () => {
	const item = await itemOf(2);
	expect(Object.keys(item).slice(0, 4)).toEqual([
		'event_name',
		'what_changed',
		'milestone',
		'container_number',
	]);
	expect(item).toMatchObject({
		event_name: 'Container Updated',
		what_changed: 'A hold was released (other); Became ready for pickup',
		event: 'container.updated',
		pickup: 'Ready for pickup',
		// no hold left: a word, not an empty string (n8n's table paints that as a red "empty")
		holds: 'none',
	});
	expect(Object.entries(item).filter(([key, v]) => v === '' && key !== 'what_changed')).toEqual([]);
	expect(Object.values(item).every((v) => v === null || typeof v !== 'object')).toBe(true);
	// the event's three fields, the container's people-first view (18 fields), the notification's three
	expect(Object.keys(item)).toHaveLength(24);
	// the payload is the container as it was when Terminal49 created the notification
	expect(item.as_of).toBe(new Date(JSON.parse(PAYLOAD).data.attributes.created_at).toISOString());
});

test('version 2, All Fields: the full item, as version 1 gives it by default', async () => {
	const all = await itemOf(2, 'all');
	const v1 = await itemOf(1);
	expect(all).toMatchObject({
		event: 'container.updated',
		changes: { facts: ['hold_released', 'became_ready_for_pickup'] },
	});
	expect(typeof all.container).toBe('object');
	expect(Object.keys(v1).sort()).toEqual(Object.keys(all).sort());
	// Raw Payload: the document as sent, either version
	const raw = await itemOf(2, 'raw');
	expect((raw.data as IDataObject).type).toBe('webhook_notification');
});

test('version 1 with Simplified saved (the full item in those versions): All Fields, key for key', async () => {
	const saved = await itemOf(1, 'simplified');
	expect(saved).toMatchObject({
		event: 'container.updated',
		changes: { facts: ['hold_released', 'became_ready_for_pickup'] },
	});
	// the trigger item's fields (views/triggerItem.ts), not the people-first view's
	expect(Object.keys(saved)).toEqual([
		'event',
		'notification_id',
		'created_at',
		'delivery_status',
		'webhook_id',
		'reference_object',
		'container',
		'containers',
		'shipment',
		'transport_event',
		'milestone',
		'tracking_request',
		'changeset',
		'changes',
	]);
	expect(typeof saved.container).toBe('object');
});

test("the trigger's D&D tariffs price the delivered container, with its basis", async () => {
	const item = await itemOf(2, 'all', {
		tariffs: {
			tariff: [
				{ reference: 'Detention, any line', clock: 'detention', freeDays: 4, rates: '1+: 150' },
				{ reference: 'Demurrage, any line', clock: 'demurrage', freeDays: 4, rates: '1+: 100' },
			],
		},
	});
	const container = item.container as IDataObject;
	// the real payload's container: both clocks carry the tariffs' names, whatever their state today
	expect((container.demurrage as IDataObject).tariff_reference).toBe('Demurrage, any line');
	expect((container.detention as IDataObject).tariff_reference).toBe('Detention, any line');
	expect(typeof container.costs_text).toBe('string');
});
