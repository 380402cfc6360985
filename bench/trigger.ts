/** Section 3: placeholder until the trigger exists (replaced below). */
import type { Sandbox } from '../sandbox';
import type { Stack } from '../scripts/n8n';

export interface TriggerRow {
	workflow: string;
	deliveries: number;
	concurrency: number;
	executions: number;
	lost: number;
	doubled: number;
	perSecond: number;
	ratio?: number;
}
export interface RefusalRow {
	kind: string;
	count: number;
	statuses: string;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
	executions: number;
}
export interface TriggerResult {
	rows: TriggerRow[];
	refusals: RefusalRow[];
}

export async function runTriggerBench(_o: { sb: Sandbox; stack: Stack; deliveries: number; concurrency: number }): Promise<TriggerResult> {
	return { rows: [], refusals: [] };
}
