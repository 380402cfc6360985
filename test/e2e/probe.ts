/**
 * The test-only probe package (test/e2e/fixtures/n8n-nodes-probe): its trigger's webhook() answers with what n8n
 * handed it (content type, body, raw body before and after readRawBody(), the pid of the process), its action
 * node reports the pid of the process running the execution. Used by the files that prove facts about n8n
 * itself: n8n-webhook-facts.e2e.test.ts (single mode) and, on its queue stack, the polling trigger's queue file.
 */
import * as path from 'node:path';

import { triggerToNoOp } from './helpers';
import type { Stack, WorkflowJson } from './helpers';

/** The probe package's folder, to install with `packageDirs`. */
export const PROBE_PACKAGE = path.join(__dirname, 'fixtures', 'n8n-nodes-probe');

/** A Terminal49-like notification, as the probe receives it. */
export const PROBE_BODY = JSON.stringify({
	data: { id: 'n-1', type: 'webhook_notification', attributes: { event: 'container.updated' } },
});

/** Probe Trigger (typeVersion `version`, at `<webhookId>/probe`) → Out → Pid. */
export function probeWorkflow(version: number, webhookId: string): WorkflowJson {
	const wf = triggerToNoOp(`probe v${version}`, {
		id: 'probe',
		name: 'Probe Trigger',
		type: 'n8n-nodes-probe.probeTrigger',
		typeVersion: version,
		webhookId,
		parameters: {},
	});
	// the action probe reports the pid of the process running the execution
	wf.nodes.push({
		id: 'pid',
		name: 'Pid',
		type: 'n8n-nodes-probe.probe',
		typeVersion: 1,
		position: [440, 0],
		parameters: {},
	});
	wf.connections!.Out = { main: [[{ node: 'Pid', type: 'main', index: 0 }]] };
	return wf;
}

/** What the request looked like to the probe's webhook() (ProbeTrigger.node.js `describe`). */
export interface ProbeRequestView {
	contentType?: string;
	bodyType: string;
	body?: unknown;
	rawBodyIsBuffer?: boolean;
	rawBody?: string;
}

/** The probe trigger's answer to a delivery. */
export interface ProbeAnswer {
	typeVersion: number;
	before: ProbeRequestView;
	afterReadRawBody: ProbeRequestView;
	readError: string | null;
	/** The node's static data after this delivery. */
	staticData: Record<string, any>;
	webhookPid: number;
}

/** POST PROBE_BODY to the production webhook `path` as `contentType`; expects 200 and returns what the probe saw. */
export async function postToProbe(
	stack: Stack,
	path: string,
	contentType: string,
): Promise<ProbeAnswer> {
	const res = await fetch(stack.webhookUrl(path), {
		method: 'POST',
		headers: { 'content-type': contentType },
		body: PROBE_BODY,
	});
	expect(res.status).toBe(200);
	return (await res.json()) as ProbeAnswer;
}
