/**
 * Webhook abuse against the Terminal49 Trigger, through the trigger engineers' harness (test/trigger/
 * harness.ts: n8n-core's real WebhookContext behind a real http server, static data saved as n8n does):
 * 1,000 deliveries, 20 in flight, mixing valid, tampered, wrong-secret, unsigned, replayed, malformed
 * JSON and oversized ones. Executions == valid unique notifications (each exactly once); every forged
 * delivery gets 401, malformed JSON 400, an oversized body 413, a replay 200 without an execution
 * (a non-2xx would make Terminal49 send it again). The secret appears in no answer and no log line.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WEBHOOK_EVENT_VALUES } from '../../nodes/Terminal49/domain/events';
import { captureLogs } from '../helpers/runNode';
import { startReceiver, TriggerWorkflow } from '../trigger/harness';
import type { Answer } from '../trigger/harness';
import { recordUnhandledRejections } from './helpers';

jest.setTimeout(90_000);

const SECRET = 'whsec_SECRET_WEBHOOK_456_0123456789abcdef01234567';
const EXAMPLE = readFileSync(
	join(
		__dirname,
		'..',
		'fixtures',
		'webhook-examples',
		'container.transport.vessel_discharged.json',
	),
	'utf8',
);
const EXAMPLE_ID = (JSON.parse(EXAMPLE) as { data: { id: string } }).data.id;

const rejections = recordUnhandledRejections();
const logs = captureLogs();
afterAll(() => rejections.assertNone());

const sign = (body: string | Buffer, secret = SECRET) =>
	createHmac('sha256', secret).update(body).digest('hex');
const withId = (id: string) => EXAMPLE.split(EXAMPLE_ID).join(id);

type Kind = 'valid' | 'replay' | 'tampered' | 'wrongSecret' | 'unsigned' | 'malformed' | 'huge';
interface Delivery {
	kind: Kind;
	id?: string;
	body: string | Buffer;
	headers: Record<string, string>;
}

const COUNTS: Record<Kind, number> = {
	valid: 400,
	replay: 150,
	tampered: 100,
	wrongSecret: 100,
	unsigned: 100,
	malformed: 130,
	huge: 20,
};
const EXPECTED_STATUS: Record<Kind, number> = {
	valid: 200,
	replay: 200,
	tampered: 401,
	wrongSecret: 401,
	unsigned: 401,
	malformed: 400,
	huge: 413,
};

/** Deterministic shuffle (LCG), so a failure is reproducible. */
function shuffle<T>(values: T[], seed = 49): T[] {
	const out = [...values];
	let state = seed;
	for (let i = out.length - 1; i > 0; i--) {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		const j = state % (i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

function deliveries(): Delivery[] {
	const list: Delivery[] = [];
	const valid: Delivery[] = [];
	for (let i = 0; i < COUNTS.valid; i++) {
		const id = `abuse-valid-${String(i).padStart(4, '0')}-0000-0000-000000000000`;
		const body = withId(id);
		valid.push({ kind: 'valid', id, body, headers: { 'x-t49-webhook-signature': sign(body) } });
	}
	list.push(...valid);
	// Replays: the exact bytes and signature of a valid delivery (Terminal49 retries look the same).
	for (let i = 0; i < COUNTS.replay; i++)
		list.push({ ...valid[(i * 7) % valid.length], kind: 'replay' });
	for (let i = 0; i < COUNTS.tampered; i++) {
		const body = withId(`abuse-tampered-${i}`);
		const signature = sign(body);
		// one byte changed after signing (the container's status letter, or a digit of the id)
		const tampered = body.replace(`abuse-tampered-${i}`, `abuse-tampered-${i}x`);
		list.push({
			kind: 'tampered',
			body: tampered,
			headers: { 'x-t49-webhook-signature': signature },
		});
	}
	for (let i = 0; i < COUNTS.wrongSecret; i++) {
		const body = withId(`abuse-wrong-${i}`);
		list.push({
			kind: 'wrongSecret',
			body,
			headers: { 'x-t49-webhook-signature': sign(body, `${SECRET}-other`) },
		});
	}
	for (let i = 0; i < COUNTS.unsigned; i++)
		list.push({ kind: 'unsigned', body: withId(`abuse-unsigned-${i}`), headers: {} });
	for (let i = 0; i < COUNTS.malformed; i++) {
		const body = `${withId(`abuse-malformed-${i}`).slice(0, 200 + i)}`; // cut JSON, correctly signed
		list.push({ kind: 'malformed', body, headers: { 'x-t49-webhook-signature': sign(body) } });
	}
	const huge = Buffer.alloc(6 * 1024 * 1024, 0x20);
	Buffer.from(withId('abuse-huge')).copy(huge);
	const hugeSignature = sign(huge);
	for (let i = 0; i < COUNTS.huge; i++)
		list.push({ kind: 'huge', body: huge, headers: { 'x-t49-webhook-signature': hugeSignature } });
	return shuffle(list);
}

test('1,000 mixed deliveries: executions == valid unique, each invalid one refused with its status', async () => {
	const wf = new TriggerWorkflow(
		{ events: WEBHOOK_EVENT_VALUES, webhookManagement: 'automatic' },
		{ apiKey: 'sandbox_paid', baseUrl: 'http://127.0.0.1:9/v2' },
	);
	wf.workflowId = 'wf-abuse';
	wf.staticData = {
		'node:Terminal49 Trigger': {
			webhookId: 'wh-abuse',
			webhookSecret: SECRET,
			webhookEvents: WEBHOOK_EVENT_VALUES,
		},
	};
	const receiver = await startReceiver(wf);
	const list = deliveries();
	expect(list).toHaveLength(1000);
	const answers: Array<{ delivery: Delivery; answer: Answer }> = [];
	try {
		let next = 0;
		const worker = async () => {
			while (next < list.length) {
				const delivery = list[next++];
				let answer: Answer;
				try {
					answer = await receiver.post(delivery.body, delivery.headers);
				} catch (error) {
					// a refused oversized upload may be cut off by the server before the client finished sending
					answer = { status: -1, body: String(error) };
				}
				answers.push({ delivery, answer });
			}
		};
		await Promise.all(Array.from({ length: 20 }, worker));
	} finally {
		await receiver.close();
	}

	// Every delivery got the status of its kind.
	const wrong = answers.filter(
		({ delivery, answer }) => answer.status !== EXPECTED_STATUS[delivery.kind],
	);
	expect(wrong.map(({ delivery, answer }) => `${delivery.kind}: ${answer.status}`)).toEqual([]);

	// Exactly one execution per valid notification id, none for anything else.
	const executed = receiver.executions.map((e) => String(e.items[0].json.notification_id)).sort();
	const validIds = list
		.filter((d) => d.kind === 'valid')
		.map((d) => d.id!)
		.sort();
	expect(executed).toHaveLength(COUNTS.valid);
	expect(executed).toEqual(validIds);
	expect(receiver.errors).toEqual([]);

	// The secret is in no answer and no log line.
	for (const { answer } of answers) expect(JSON.stringify(answer.body) ?? '').not.toContain(SECRET);
	expect(
		logs.filter((line) => line.includes(SECRET) || line.includes(SECRET.slice(0, 20))),
	).toEqual([]);
});
