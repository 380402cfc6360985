/**
 * What the queue-mode e2e files share: the stack they run on, and a workflow's executions read in n8n's Postgres
 * (never from one process's memory): the rows of `execution_entity`, and a wait until they have settled.
 */
import { harness, startT49Stack } from './helpers';
import type { Stack, T49Stack } from './helpers';

/**
 * n8n in queue mode as it runs at scale (scripts/n8n: startStack({ mode: 'queue' })): Postgres, Redis, one main
 * without production webhooks, two `n8n webhook` processes behind a round-robin proxy, two `n8n worker`s. The
 * sandbox has 12 containers, answers refreshes at once and never delivers again by itself (each test plays
 * Terminal49's redeliveries). `packageDirs`: other packages to install beside this one (the probe package).
 */
export async function startQueueStack(o: { packageDirs?: string[] } = {}): Promise<T49Stack> {
	return await startT49Stack({
		mode: 'queue',
		sandbox: { webhookRetryScale: 0, carrierDelayMs: 10, containers: 12 },
		packageDirs: o.packageDirs,
	});
}

export interface ExecutionRow {
	id: string;
	status: string;
	finished: boolean;
}

/** Rows of execution_entity for a workflow: [id, status, finished] from Postgres. */
export function dbExecutions(stack: Stack, workflowId: string): ExecutionRow[] {
	return stack
		.sql(
			`select id, status, finished from execution_entity where "workflowId" = '${workflowId}' order by id`,
		)
		.map(([id, status, finished]) => ({ id, status, finished: finished === 't' }));
}

/** Whether a worker's log says it started execution `id` (n8n 2.41 logs "Worker started execution <id> (job <n>)"). */
export function startedExecution(workerLog: string, id: string): boolean {
	return workerLog.includes(`Worker started execution ${id} `);
}

/**
 * Wait until no execution of the workflow is new/running and the count held still for `settleMs`.
 * `left`: an execution in one of these statuses that long is taken as left so by a fault (n8n never moves it on;
 * the caller checks what it holds), not as busy: `{ running: 60_000 }` for a run Redis went away under, `{ new:
 * 60_000 }` for an execution a webhook process recorded and never queued. `knownLeft`: executions an earlier wait
 * already found left (not waited for again).
 */
export async function settled(
	stack: Stack,
	workflowId: string,
	{
		settleMs = 3000,
		timeoutMs = 180_000,
		left = {},
		knownLeft = [],
	}: {
		settleMs?: number;
		timeoutMs?: number;
		left?: { new?: number; running?: number };
		knownLeft?: string[];
	} = {},
): Promise<ExecutionRow[]> {
	let last = -1;
	let since = Date.now();
	const deadline = Date.now() + timeoutMs;
	/** since when each execution has had its status */
	const inStatus = new Map<string, { status: string; since: number }>();
	for (;;) {
		const rows = dbExecutions(stack, workflowId);
		for (const r of rows)
			if (inStatus.get(r.id)?.status !== r.status)
				inStatus.set(r.id, { status: r.status, since: Date.now() });
		const isLeft = (r: ExecutionRow) => {
			if (knownLeft.includes(r.id)) return true;
			const after = left[r.status as keyof typeof left];
			return after !== undefined && Date.now() - inStatus.get(r.id)!.since >= after;
		};
		const busy = rows.some((r) => ['new', 'running', 'waiting'].includes(r.status) && !isLeft(r));
		if (rows.length !== last || busy) {
			last = rows.length;
			since = Date.now();
		} else if (Date.now() - since >= settleMs) {
			return rows;
		}
		if (Date.now() > deadline)
			throw new Error(`executions did not settle: ${JSON.stringify(rows)}`);
		await harness.sleep(500);
	}
}
