/**
 * `npm run bench`: the four sections of issue 7, the polling trigger's (5, issue 16), filtered lists (6,
 * issue 22), what an AI agent reads per question (7, issue 26) and the trigger's catch-up after an outage (8,
 * issue 40: bench/catchUp.ts) and the D&D invoice check (9, issue 47: bench/invoices.ts), printed as tables and saved to bench/last-run.{json,md}.
 * Not part of `npm test`. Takes a few minutes; needs the real-n8n harness (`scripts/ensure-n8n.sh`).
 *
 *   BENCH_SECTIONS=1,2,3,4,5,6 which sections to run
 *   BENCH_POLL_CONTAINERS=10000 containers (in shipments of 4) of the polling trigger's section 5
 *   BENCH_LIST_CONTAINERS=10000 containers (in shipments of 4) of the filtered lists' section 6
 *   BENCH_AGENT_CONTAINERS=1000 containers in the sandbox of the AI agent's section 7 (tokens per question)
 *   BENCH_CATCH_UP_SIZES=1000,10000  missed notifications of section 8 (the catch-up)
 *   BENCH_CATCH_UP_WINDOW_MS=600     section 8's rate window (100 per window)
 *   BENCH_CONTAINERS=10000   containers in the sandbox (Return All size)
 *   BENCH_WINDOW_MS=3000     the sandbox's rate window (compressed from Terminal49's 60 s)
 *   BENCH_LIMIT=20           default-bucket limit per window (20 per 3 s: the limit binds, as in the issue's figures)
 *   BENCH_CAP_MS=300000      give up on one Return All run after this long
 *   BENCH_DELIVERIES=1000    signed deliveries per workflow in the trigger load run (10 % repeats)
 *   BENCH_RATE=20            deliveries sent per second (steady rate)
 *   BENCH_CONCURRENCY=10     deliveries in flight at most
 *   BENCH_ROUNDS=4           rounds the workflows take turns in
 *   BENCH_KEEP_LOG=<file>    copy n8n's log there before the stack stops
 *   BENCH_REPEAT_ABC=1       run the Terminal49 node once per condition (a)-(c) too
 *   BENCH_NO_BUILD=1         pack the existing dist/ instead of building first
 *   BENCH_UNTUNED=1          also run the node with its credential left at 100 per 60 s (unlike the sandbox)
 *   BENCH_QUEUE=0            skip the trigger load run in queue mode (Postgres, 2 webhook processes, 2 workers)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import type { Stack } from '../scripts/n8n';
import * as harness from '../scripts/n8n';
import { log, machine, round, table } from './lib';
import type { Overheads } from './overheads';
import { measureOverheads } from './overheads';
import type { ReturnAllRow, ReturnAllSetup } from './returnAll';
import { runHttp, runTerminal49 } from './returnAll';
import type { PollingResult } from './polling';
import { runPollingBench } from './polling';
import type { FilteredListsResult } from './filteredLists';
import { runFilteredListsBench } from './filteredLists';
import type { QueueTriggerResult, TriggerResult } from './trigger';
import { runQueueTriggerBench, runTriggerBench } from './trigger';
import type { AgentTokensResult } from './agentTokens';
import { agentTokensTable, runAgentTokensBench } from './agentTokens';
import type { CatchUpResult } from './catchUp';
import { catchUpTable, runCatchUpBench } from './catchUp';
import type { InvoiceBenchResult } from './invoices';
import { invoiceTable, runInvoiceBench } from './invoices';

const env = (name: string, fallback: number) =>
	process.env[name] ? Number(process.env[name]) : fallback;
const SECTIONS = new Set(
	(process.env.BENCH_SECTIONS ?? '1,2,3,4,5,6,7,8,9').split(',').map((s) => s.trim()),
);
const TOTAL = env('BENCH_CONTAINERS', 10_000);
const WINDOW_MS = env('BENCH_WINDOW_MS', 3000);
const LIMIT = env('BENCH_LIMIT', 20);
const CAP_MS = env('BENCH_CAP_MS', 300_000);
const ROOT = path.resolve(__dirname, '..');
const UNTUNED_KEYS = ['bench_untuned_alone', 'bench_untuned_shared'] as const;

interface Results {
	machine: ReturnType<typeof machine>;
	config: Record<string, unknown>;
	returnAll: ReturnAllRow[];
	trigger?: TriggerResult;
	polling?: PollingResult;
	filteredLists?: FilteredListsResult;
	agentTokens?: AgentTokensResult;
	catchUp?: CatchUpResult;
	invoices?: InvoiceBenchResult;
	triggerQueue?: QueueTriggerResult;
	overheads?: Overheads;
	notes: string[];
}

function returnAllTable(rows: ReturnAllRow[]) {
	return table(
		[
			'client',
			'condition',
			'containers (unique) of N',
			'requests / ceil(N/100)',
			'429s',
			'wall s',
			'bound s',
			'wall / bound',
			'n8n RSS MiB (base → peak)',
			'reported',
		],
		rows.map((r) => [
			r.client,
			r.condition,
			`${r.items} (${r.unique}) of ${TOTAL}`,
			`${r.requests} / ${r.expectedRequests}`,
			r.rateLimited,
			round(r.wallMs / 1000, 1),
			round(r.boundMs / 1000, 1),
			r.ratio,
			`${r.baselineRssMiB} → ${r.peakRssMiB}`,
			r.status,
		]),
	);
}

function pollingTable(p: PollingResult) {
	return table(
		[
			'poll',
			'tracked shipments',
			'containers',
			'changed',
			'requests / expected',
			'429s',
			'items emitted (containers)',
			'comparison CPU ms',
			'static data bytes / container',
			'wall ms',
		],
		p.rows.map((r) => [
			r.poll,
			r.trackedShipments,
			r.containers,
			r.changed,
			`${r.requests} / ${r.expectedRequests}`,
			r.rateLimited,
			`${r.emitted} (${r.emittedContainers})`,
			r.compareCpuMs,
			r.bytesPerContainer,
			r.wallMs,
		]),
	);
}

function filteredListsTable(f: FilteredListsResult) {
	return (
		`${f.containers} containers in ${f.shipments} shipments. Page size: what the service holds (50 containers or 100 shipments for the current one, 100 for the older). ` +
		'"Wait at 100/60 s" is derived from the request count, floor((requests - 1) / 100) × 60 s: the time the key\'s real limit alone makes the run take (not waited out; each request\'s own latency comes on top).\n\n' +
		table(
			[
				'query',
				'service',
				'serializer',
				'matches',
				'same items from both',
				'requests',
				'lower bound ceil(m / page) + 1',
				'goal',
				'met',
				'before (every page)',
				'wait at 100/60 s',
				'local wall ms',
			],
			f.rows.map((r) => [
				r.query,
				r.service,
				r.serializer,
				r.matches,
				r.sameAsOther ? 'yes' : '**no**',
				r.requests,
				r.lowerBound,
				r.goal,
				r.meetsGoal ? 'yes' : '**no**',
				r.before,
				`${r.waitAtLimitS} s`,
				r.localWallMs,
			]),
		)
	);
}

function triggerTable(t: TriggerResult) {
	const c = t.config;
	return (
		`${c.deliveries} signed deliveries per workflow at ${c.ratePerSecond}/s (at most ${c.inFlight} in flight), in ${c.rounds} rounds the workflows take turns in; ` +
		`${c.redeliveries} redeliveries and ${c.concurrentCopies} concurrent copies of earlier notification ids among them.\n\n` +
		table(
			[
				'workflow',
				'deliveries (ids)',
				'answers',
				'answered/s',
				'executions',
				'deliveries/s end to end',
				'ratio to Webhook v1',
				'answer → start p50 / p99 ms',
				'execution run p50 / p99 ms',
				'trigger step p50 / p99 ms',
				'lost',
				'doubled',
			],
			t.rows.map((r) => [
				r.workflow,
				`${r.deliveries} (${r.unique})`,
				r.statuses,
				r.answeredPerSecond,
				r.executions,
				r.endToEndPerSecond,
				r.ratioToV1 ?? '',
				`${r.answerToStartP50Ms} / ${r.answerToStartP99Ms}`,
				`${r.runP50Ms} / ${r.runP99Ms}`,
				`${r.triggerStepP50Ms} / ${r.triggerStepP99Ms}`,
				r.lost,
				r.doubled,
			]),
		) +
		`\n\nTrigger state after the run: static data ${t.staticDataBytes} bytes; n8n deduplication store ` +
		(t.dedupStore ? `${t.dedupStore.ids} ids, ${t.dedupStore.bytes} bytes.` : 'not readable.') +
		'\n\n' +
		table(
			[
				'refused delivery',
				'count',
				'status',
				'refusals/s',
				'p50 ms',
				'p99 ms',
				'executions started',
			],
			t.refusals.map((r) => [
				r.kind,
				r.count,
				r.statuses,
				r.perSecond,
				r.p50Ms,
				r.p99Ms,
				r.executions,
			]),
		)
	);
}

function overheadTable(o: Overheads) {
	return table(
		['overhead', 'value'],
		[
			['simplify alone, per 100 containers', `${o.simplifyOnlyPer100Us} µs`],
			['simplify + derived fields, per 100 containers', `${o.simplifyPer100Us} µs`],
			['derived fields alone (the difference; must be ≤ 1 ms)', `${o.derivedPer100Us} µs`],
			[
				'derived fields alone, newer serializer (import_deadlines.pod; must be ≤ 1 ms)',
				`${o.selectedDerivedPer100Us} µs`,
			],
			[
				'derived fields alone with D&D tariffs set (clocks, return deadline, costs; must be ≤ 1 ms)',
				`${o.tariffDerivedPer100Us} µs`,
			],
			['filters + derived fields, per 100 containers', `${o.filtersPer100Us} µs`],
			['signature check, per 10 KB body', `${o.signaturePer10KBUs} µs`],
			[
				'require() of the built node + credential modules (median of 7 fresh processes)',
				`${o.requireMs} ms`,
			],
			['packed tarball', `${o.tarballKB} KB (${o.tarballFile})`],
			[
				'runtime dependencies',
				`${o.runtimeDependencies} (peer: ${o.peerDependencies.join(', ') || 'none'})`,
			],
		],
	);
}

function queueTable(q: QueueTriggerResult, single?: TriggerResult) {
	const c = q.config;
	const rows = [q.row];
	if (single?.rows[0])
		rows.push({
			...single.rows[0],
			workflow: `${single.rows[0].workflow} (single mode, same run)`,
		});
	return (
		`${c.deliveries} signed deliveries at ${c.ratePerSecond}/s (at most ${c.inFlight} in flight) to ${c.webhookProcesses} \`n8n webhook\` processes ` +
		`(round-robin proxy) and ${c.workers} workers on Postgres; ${c.redeliveries} redeliveries through the proxy and ${c.concurrentCopies} ` +
		`notifications sent to both webhook processes at the same moment.\n\n` +
		table(
			[
				'workflow',
				'deliveries (ids)',
				'answers',
				'answered/s',
				'executions',
				'deliveries/s end to end',
				'answer → start p50 / p99 ms',
				'execution run p50 / p99 ms',
				'lost',
				'doubled',
			],
			rows.map((r) => [
				r.workflow,
				`${r.deliveries} (${r.unique})`,
				r.statuses,
				r.answeredPerSecond,
				r.executions,
				r.endToEndPerSecond,
				`${r.answerToStartP50Ms} / ${r.answerToStartP99Ms}`,
				`${r.runP50Ms} / ${r.runP99Ms}`,
				r.lost,
				r.doubled,
			]),
		) +
		`\n\nPer webhook process (proxy): ${q.perWebhookProcess.join(' / ')} requests (the copies sent past it not counted); ` +
		`${q.stoppedByStore} executions stopped at the trigger by n8n's deduplication store; store ` +
		(q.dedupStore ? `${q.dedupStore.ids} ids, ${q.dedupStore.bytes} bytes.` : 'not readable.')
	);
}

export function renderMarkdown(results: Results): string {
	const m = results.machine;
	const parts = [
		`Run ${m.date} on ${m.nproc} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node} (bench process), ${m.platform}.`,
		`Config: ${JSON.stringify(results.config)}`,
	];
	if (results.returnAll.length)
		parts.push('### 1-2. Return All\n\n' + returnAllTable(results.returnAll));
	if (results.trigger) parts.push('### 3. Trigger under load\n\n' + triggerTable(results.trigger));
	if (results.triggerQueue)
		parts.push(
			'### 3q. Trigger under load in queue mode\n\n' +
				queueTable(results.triggerQueue, results.trigger),
		);
	if (results.overheads) parts.push('### 4. Overheads\n\n' + overheadTable(results.overheads));
	if (results.polling)
		parts.push('### 5. Polling trigger: one poll\n\n' + pollingTable(results.polling));
	if (results.filteredLists)
		parts.push('### 6. Filtered lists\n\n' + filteredListsTable(results.filteredLists));
	if (results.agentTokens)
		parts.push(
			'### 7. What an AI agent reads per question\n\n' + agentTokensTable(results.agentTokens),
		);
	if (results.catchUp)
		parts.push("### 8. The trigger's catch-up after an outage\n\n" + catchUpTable(results.catchUp));
	if (results.invoices)
		parts.push('### 9. The D&D invoice check\n\n' + invoiceTable(results.invoices));
	if (results.notes.length) parts.push('Notes:\n' + results.notes.map((n) => `- ${n}`).join('\n'));
	return parts.join('\n\n') + '\n';
}

async function main() {
	const results: Results = {
		machine: machine(),
		config: {
			containers: TOTAL,
			rateWindowMs: WINDOW_MS,
			limitPerWindow: LIMIT,
			credential: { rateLimitRequests: LIMIT, rateLimitWindowSeconds: WINDOW_MS / 1000 },
		},
		returnAll: [],
		notes: [],
	};
	log(`machine ${JSON.stringify(results.machine)}`);
	// Sections 1-4 run the packed package (in real n8n, or its require time); 5 and 6 run the sources.
	const needsPackage = ['1', '2', '3', '4'].some((section) => SECTIONS.has(section));
	let tgz = '';
	if (needsPackage) {
		harness.ensureN8n({ stdio: 'ignore' });
		tgz = harness.buildAndPack({ build: process.env.BENCH_NO_BUILD !== '1', log });
		log(`packed ${tgz}`);
	}

	let sb: Sandbox | undefined;
	let stack: Stack | undefined;
	try {
		if (SECTIONS.has('1') || SECTIONS.has('2') || SECTIONS.has('3')) {
			sb = await startSandbox({
				containers: TOTAL,
				// Sections 1-3 as measured in bench/RESULTS.md: lists as the older service served them (100 a page)
				legacyLists: true,
				rateWindowMs: WINDOW_MS,
				rateLimits: { default: LIMIT },
				carrierDelayMs: 200,
				webhookRetryScale: 0,
				// Keys of their own for the runs with the credential left at 100 per 60 s: the pacer remembers a
				// key's requests for its window (60 s), so a key the earlier runs used would start half spent.
				extraKeys: { [UNTUNED_KEYS[0]]: 'paid', [UNTUNED_KEYS[1]]: 'paid' },
			});
			log(`sandbox ${sb.baseUrl} with ${TOTAL} containers, ${LIMIT} requests per ${WINDOW_MS} ms`);
			stack = await harness.startStack({ tgz, env: { N8N_LOG_LEVEL: 'warn' } });
			results.machine = { ...results.machine, ...{ n8nNode: String(harness.paths.NODE24 ?? '') } };
			log(`n8n ${stack.baseUrl} (pid ${stack.main.proc.pid})`);
		}
		if (sb && stack && (SECTIONS.has('1') || SECTIONS.has('2'))) {
			const t49Credential = await stack.client.createCredential({
				name: 'Terminal49 bench',
				type: 'terminal49Api',
				// The key's limit as the sandbox runs it: LIMIT per WINDOW_MS (a user enters their plan's limit the same way).
				data: {
					apiKey: sb.keys.paid,
					baseUrl: sb.baseUrl,
					rateLimitRequests: LIMIT,
					rateLimitWindowSeconds: WINDOW_MS / 1000,
				},
			});
			const untunedCredential = async (apiKey: string) => ({
				...(await stack!.client.createCredential({
					name: `Terminal49 bench (credential defaults, ${apiKey})`,
					type: 'terminal49Api',
					// Left at 100 per 60 s: the pacer does not know the compressed window, only 429s teach it.
					data: { apiKey, baseUrl: sb!.baseUrl },
				})),
				apiKey,
			});
			const headerCredential = await stack.client.createCredential({
				name: 'Terminal49 header auth',
				type: 'httpHeaderAuth',
				data: { name: 'Authorization', value: `Token ${sb.keys.paid}` },
			});
			const setup: ReturnAllSetup = {
				sb,
				stack,
				t49Credential: { id: t49Credential.id, name: t49Credential.name, apiKey: sb.keys.paid },
				headerCredential: { id: headerCredential.id, name: headerCredential.name },
				total: TOTAL,
				limit: LIMIT,
				windowMs: WINDOW_MS,
				capMs: CAP_MS,
			};
			const save = () =>
				fs.writeFileSync(
					path.join(ROOT, 'bench', 'last-run.json'),
					JSON.stringify(results, null, 2),
				);
			const attempt = async (label: string, fn: () => Promise<ReturnAllRow>) => {
				try {
					const r = await fn();
					results.returnAll.push(r);
					log(`${label}: ${JSON.stringify(r)}`);
				} catch (error) {
					const message = error instanceof Error ? error.message : String(error);
					results.notes.push(`${label} could not be measured: ${message.slice(0, 200)}`);
					log(`${label} failed: ${message}`);
				}
				save();
			};
			if (SECTIONS.has('1'))
				await attempt(
					'Terminal49 (1)',
					async () => await runTerminal49(setup, '(1) = (a)-(c) defaults', false),
				);
			if (SECTIONS.has('2')) {
				for (const c of ['a', 'b', 'c', 'd'] as const)
					await attempt(`HTTP Request (${c})`, async () => await runHttp(setup, c));
				// (a)-(c) change nothing for the Terminal49 node (it has no such settings): run (1) stands for them
				// unless BENCH_REPEAT_ABC=1 repeats it per condition.
				if (process.env.BENCH_REPEAT_ABC === '1') {
					for (const c of ['a', 'b', 'c'] as const)
						await attempt(
							`Terminal49 (${c})`,
							async () => await runTerminal49(setup, `(${c}) defaults`, false),
						);
				}
				await attempt(
					'Terminal49 (d)',
					async () => await runTerminal49(setup, '(d) defaults + second client', true),
				);
				// The same two runs with the credential's rate limit left at 100 per 60 s, unlike the sandbox's window.
				if (process.env.BENCH_UNTUNED === '1') {
					const alone = await untunedCredential(UNTUNED_KEYS[0]);
					await attempt(
						'Terminal49 (1) untuned',
						async () =>
							await runTerminal49(setup, '(1) credential left at 100 per 60 s', false, alone),
					);
					const shared = await untunedCredential(UNTUNED_KEYS[1]);
					await attempt(
						'Terminal49 (d) untuned',
						async () =>
							await runTerminal49(
								setup,
								'(d) credential left at 100 per 60 s + second client',
								true,
								shared,
							),
					);
				}
			}
			console.log(returnAllTable(results.returnAll));
		}
		if (sb && stack && SECTIONS.has('3')) {
			try {
				results.trigger = await runTriggerBench({
					sb,
					stack,
					deliveries: env('BENCH_DELIVERIES', 1000),
					ratePerSecond: env('BENCH_RATE', 20),
					inFlight: env('BENCH_CONCURRENCY', 10),
					rounds: env('BENCH_ROUNDS', 4),
				});
				console.log(triggerTable(results.trigger));
			} catch (error) {
				results.notes.push(
					`trigger throughput could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
				);
			}
		}
	} finally {
		if (stack && process.env.BENCH_KEEP_LOG)
			fs.copyFileSync(path.join(stack.logDir, 'n8n-main.log'), process.env.BENCH_KEEP_LOG);
		if (stack) await stack.stop();
		if (sb) await sb.close();
	}
	if (SECTIONS.has('3') && process.env.BENCH_QUEUE !== '0') {
		// after the single-mode stack stopped: the machine's CPUs for this deployment alone
		let qsb: Sandbox | undefined;
		let qstack: Stack | undefined;
		try {
			qsb = await startSandbox({ containers: 50, carrierDelayMs: 200, webhookRetryScale: 0 });
			qstack = await harness.startStack({
				tgz,
				mode: 'queue',
				env: { N8N_LOG_LEVEL: 'warn' },
				log,
			});
			results.triggerQueue = await runQueueTriggerBench({
				sb: qsb,
				stack: qstack,
				deliveries: env('BENCH_DELIVERIES', 1000),
				ratePerSecond: env('BENCH_RATE', 20),
				inFlight: env('BENCH_CONCURRENCY', 10),
			});
			console.log(queueTable(results.triggerQueue, results.trigger));
		} catch (error) {
			results.notes.push(
				`queue-mode trigger throughput could not be measured: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
			);
		} finally {
			if (qstack) await qstack.stop();
			if (qsb) await qsb.close();
		}
	}
	if (SECTIONS.has('4')) {
		results.overheads = await measureOverheads(tgz);
		console.log(overheadTable(results.overheads));
	}
	if (SECTIONS.has('5')) {
		try {
			results.polling = await runPollingBench(env('BENCH_POLL_CONTAINERS', 10_000));
			console.log(pollingTable(results.polling));
		} catch (error) {
			results.notes.push(
				`the polling trigger could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
			);
		}
	}
	if (SECTIONS.has('6')) {
		try {
			results.filteredLists = await runFilteredListsBench(env('BENCH_LIST_CONTAINERS', 10_000));
			console.log(filteredListsTable(results.filteredLists));
		} catch (error) {
			results.notes.push(
				`the filtered lists could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
			);
		}
	}
	if (SECTIONS.has('7')) {
		try {
			results.agentTokens = await runAgentTokensBench(env('BENCH_AGENT_CONTAINERS', 1000));
			console.log(agentTokensTable(results.agentTokens));
		} catch (error) {
			results.notes.push(
				`what an AI agent reads could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
			);
		}
	}
	if (SECTIONS.has('8')) {
		try {
			results.catchUp = await runCatchUpBench(
				(process.env.BENCH_CATCH_UP_SIZES ?? '1000,10000').split(',').map(Number),
				env('BENCH_CATCH_UP_WINDOW_MS', 600),
			);
			console.log(catchUpTable(results.catchUp));
		} catch (error) {
			results.notes.push(
				`the catch-up could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
			);
		}
	}
	if (SECTIONS.has('9')) {
		try {
			results.invoices = await runInvoiceBench();
			console.log(invoiceTable(results.invoices));
		} catch (error) {
			results.notes.push(
				`the invoice check could not be measured: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
			);
		}
	}
	const markdown = renderMarkdown(results);
	fs.writeFileSync(path.join(ROOT, 'bench', 'last-run.json'), JSON.stringify(results, null, 2));
	fs.writeFileSync(path.join(ROOT, 'bench', 'last-run.md'), markdown);
	console.log('\n' + markdown);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
