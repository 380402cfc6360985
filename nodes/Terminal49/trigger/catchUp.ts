import type {
	CronExpression,
	IDataObject,
	INodeExecutionData,
	IRun,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Terminal49Client } from '../client';
import { terminal49 } from '../client';
import type { ResourceObject } from '../client/jsonApi';
import { attributesOf, identifiersOf } from '../client/jsonApi';
import type { ListedNotification } from '../client/webhooks';
import { webhookSwitchedOnNotice } from '../views/notice';
import { CATCH_UP_SOURCE } from '../views/triggerItem';
import { admissionOf, refusal } from './admission';
import type { CatchUpCursor, Listed } from './catchUpCursor';
import { CATCH_UP_KEY, isSettled, settle, storedCursor, verdictOf } from './catchUpCursor';
import type { StoredWebhook } from './lifecycle';
import { webhookManagement } from './lifecycle';
import { catchUpMinutes } from './description';
import { loadsContainer } from './emit';
import { readNotification, scopeOf } from './payload';

/**
 * Nothing lost while n8n cannot be reached. Terminal49 retries a delivery up to 12 times, then marks the
 * notification `failed` and never sends it again; after repeated failures it may switch the webhook off.
 * The trigger's scheduled catch-up (trigger(), on n8n's main instance: the leader in queue mode) does what
 * Terminal49 tells a receiver to do after an outage, without anyone's help:
 *
 * 1. `GET /webhooks/{id}`: a webhook Terminal49 switched off is switched back on (`PATCH active: true`), said
 *    in n8n's log and, unless turned off, in a notice item down the workflow (views/notice.ts).
 * 2. `GET /webhook_notifications` (no filter exists: the node keeps this webhook's), newest first, down to the
 *    cursor (catchUpCursor.ts): with nothing missed, one page.
 * 3. Oldest first, each notification Terminal49 gave up on (failed) that the node's Events and Only When
 *    admit starts one execution, as its delivery would have: the listed notification with its reference
 *    object, marked `source: "catch_up"`; the execution (emit.ts) loads the container as for a bare event and
 *    checks n8n's deduplication store, so one that already ran (its answer was lost) stops there. Runs one
 *    at a time, each awaited, so a container's events run in order; those that load their container at most
 *    half the key's rate limit (pacing). A notification Terminal49 is still
 *    retrying (pending) stops the run there: Terminal49 may still deliver it, and what follows waits.
 *
 * The cursor is saved with each execution the catch-up starts (n8n saves a trigger's static data with its
 * executions), pointing before the one being started: a restart in the middle starts that one again, and the
 * deduplication store stops it there. What is not covered is in docs/trigger.md.
 */
/** Between two pages of the list: the catch-up takes at most a third of a 100-a-minute key. */
export const PAGE_PAUSE_MS = 2_000;
/** The first run after activation (n8n's start, or Publish). */
export const FIRST_RUN_DELAY_MS = 10_000;
/**
 * How long the catch-up waits for one execution to end before it starts the next anyway. In queue mode n8n 2.41's
 * main does not always hear that a worker finished a job (a job that ends within milliseconds of being queued: its
 * done promise never settles; about 1 in 130 here), and the catch-up must not stall on that. A workflow that runs
 * longer than this may overlap the next notification's run.
 */
export const RUN_WAIT_MS = 15_000;

export interface CatchUpControl {
	/** Set when the workflow is deactivated: the run stops before its next request or execution. */
	stopped: boolean;
	/** When this activation started: a webhook without a cursor is caught up from here. */
	activatedAt: number;
	/**
	 * A notice went out for this outage: while n8n's address is still down, Terminal49 switches the webhook off
	 * again and each check switches it on again (so that Terminal49 records the events meanwhile), with one notice
	 * until a check finds the webhook still on.
	 */
	noticeSent?: boolean;
}

/** What one run did (n8n's log; tests). */
export interface CatchUpReport {
	switchedOn: boolean;
	pages: number;
	/** Notifications of this webhook not settled before the run. */
	examined: number;
	/** Executions started. */
	ran: number;
	/** Terminal49 is still retrying one: the run stopped there. */
	waiting: boolean;
}

function webhookIdOf(resource: ResourceObject): string | undefined {
	const webhook = identifiersOf(resource, 'webhook')[0];
	return webhook ? String(webhook.id) : undefined;
}

function listedOf(n: ListedNotification): Listed {
	return {
		id: String(n.resource.id),
		createdAt: n.createdAt,
		deliveryStatus: attributesOf(n.resource).delivery_status,
	};
}

/**
 * Whether n8n ran an execution, from the run its done promise gave: it finished, or a node ran (a workflow that
 * failed part-way is kept by n8n as a failed execution, as a delivered one would be). One that failed before any
 * node ran (a queue-mode worker shutting down took it, its database gone) did not run the notification.
 */
function ranIn(run: IRun | undefined): boolean {
	if (!run || run.finished || run.status === 'success') return true;
	return run.data?.resultData?.lastNodeExecuted !== undefined;
}

/**
 * One execution with `json` as its trigger item, awaited: whether it ran (false: n8n could not start or run it,
 * and the catch-up stops before it, to start it again on its next check).
 */
async function runOne(this: ITriggerFunctions, json: IDataObject): Promise<boolean> {
	const done = this.helpers.createDeferredPromise<IRun>();
	const data: INodeExecutionData[][] = [[{ json }]];
	try {
		this.emit(data, undefined, done);
		const run = await Promise.race([
			done.promise,
			sleep(RUN_WAIT_MS).then(() => 'waited' as const),
		]);
		if (run === 'waited' || ranIn(run)) return true;
		this.logger.warn(
			`Terminal49 Trigger catch-up: n8n did not run an execution (${run.data?.resultData?.error?.message ?? run.status}); the next check starts it again`,
		);
		return false;
	} catch (error) {
		this.logger.warn(
			`Terminal49 Trigger catch-up: n8n could not start an execution: ${error instanceof Error ? error.message : String(error)}`,
		);
		return false;
	}
}

/**
 * Waits before an execution that loads its container (one request each: emit.ts loadsContainer), so the
 * catch-up's executions take at most half the key's rate (50 a minute for Terminal49's 100), leaving the rest
 * to everything else using the key. Executions that ask nothing of Terminal49 are not held.
 */
async function pacing(t49: Terminal49Client): Promise<() => Promise<void>> {
	const { rateLimit, rateWindowMs } = await t49.api.connection();
	const gapMs = rateWindowMs / Math.max(1, rateLimit / 2);
	let last = -Infinity;
	return async () => {
		const wait = last + gapMs - Date.now();
		if (wait > 0) await sleep(wait);
		last = Date.now();
	};
}

/** Saves the cursor in the node's static data (reassigned, so that n8n sees the change). */
function keep(data: IDataObject, cursor: CatchUpCursor) {
	data[CATCH_UP_KEY] = { ...cursor, ids: [...cursor.ids] };
}

/** Switches the webhook back on when Terminal49 switched it off; false when it is gone. */
async function switchOn(
	this: ITriggerFunctions,
	t49: Terminal49Client,
	webhookId: string,
	report: CatchUpReport,
	notices: boolean,
	control: CatchUpControl,
): Promise<boolean> {
	const hook = await t49.webhooks.find(webhookId);
	if (!hook) {
		this.logger.warn(
			`Terminal49 Trigger catch-up: webhook ${webhookId} no longer exists in Terminal49; unpublish and publish the workflow to register a new one`,
		);
		return false;
	}
	if (attributesOf(hook).active !== false) {
		control.noticeSent = false;
		return true;
	}
	await t49.webhooks.reconfigure(webhookId, { active: true });
	report.switchedOn = true;
	this.logger.warn(
		`Terminal49 Trigger: Terminal49 had switched off webhook ${webhookId} after failed deliveries; switched it back on`,
	);
	if (notices && !control.noticeSent)
		await runOne.call(this, webhookSwitchedOnNotice({ webhookId, at: new Date() }));
	control.noticeSent = true;
	return true;
}

/** One catch-up run (see above). */
export async function catchUp(
	this: ITriggerFunctions,
	control: CatchUpControl,
	now: () => number = Date.now,
): Promise<CatchUpReport> {
	const report: CatchUpReport = {
		switchedOn: false,
		pages: 0,
		examined: 0,
		ran: 0,
		waiting: false,
	};
	const data = this.getWorkflowStaticData('node') as StoredWebhook;
	const webhookId = typeof data.webhookId === 'string' ? data.webhookId : '';
	if (!webhookId) return report;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	// one client for the whole run (the credential read once)
	const t49 = terminal49(this);
	const notices = options.outageNotices !== false;
	if (!(await switchOn.call(this, t49, webhookId, report, notices, control))) return report;

	// A webhook without a cursor (registered now, or by a version without catch-up) is caught up from this
	// activation on: created_at has whole seconds, so from the second before it.
	let cursor = storedCursor(data[CATCH_UP_KEY], webhookId) ?? {
		webhookId,
		through: Math.floor(control.activatedAt / 1000) * 1000 - 1000,
		ids: [],
	};
	// 2. this webhook's unsettled notifications, newest first, down to the cursor
	const unsettled: ListedNotification[] = [];
	const pages = t49.webhookNotifications.newestFirst(['reference_object']);
	for await (const page of pages) {
		if (report.pages++ > 0) await sleep(PAGE_PAUSE_MS);
		// stopped part-way, the oldest ones are not known: nothing is run, so nothing is skipped
		if (control.stopped) return report;
		let reachedCursor = false;
		for (const n of page) {
			if (n.createdAt < cursor.through) reachedCursor = true;
			if (webhookIdOf(n.resource) !== webhookId || !Number.isFinite(n.createdAt)) continue;
			// one of this webhook's created in the cursor's second and settled: the rest are older (a burst
			// within one second is not read again on every run)
			if (isSettled(cursor, listedOf(n))) reachedCursor = true;
			else unsettled.push(n);
		}
		if (reachedCursor) break;
	}
	report.examined = unsettled.length;

	// 3. oldest first: settle what was delivered, run what was missed, stop at one still being retried
	const admission = admissionOf(this.getNodeParameter('events', []), options);
	const pace = await pacing(t49);
	for (const n of unsettled.reverse()) {
		if (control.stopped) break;
		const listed = listedOf(n);
		const verdict = verdictOf(listed, now());
		if (verdict === 'open') {
			report.waiting = true;
			break;
		}
		if (verdict === 'missed') {
			const notification = readNotification({ data: n.resource, included: n.included });
			if (!('problem' in notification) && !refusal(admission, notification)) {
				// saved with the execution: a restart from here starts this notification again
				keep(data, cursor);
				this.logger.debug(
					`Terminal49 Trigger catch-up: running notification ${notification.id} (${notification.event})`,
				);
				const document = { ...notification.document, source: CATCH_UP_SOURCE };
				if (loadsContainer(notification, options, this.getNode().typeVersion)) await pace();
				if (!(await runOne.call(this, document))) break;
				report.ran++;
			}
		}
		cursor = settle(cursor, listed);
	}
	keep(data, cursor);
	return report;
}

/**
 * n8n's cron (six fields, seconds first) for every `minutes`, at a second of its own for each trigger node,
 * so that the workflows of one n8n do not all ask Terminal49 at the same moment.
 */
export function catchUpCron(minutes: number, seed: string): string {
	let hash = 0;
	for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
	const second = hash % 60;
	if (minutes >= 60) return `${second} ${Math.floor(hash / 60) % 60} * * * *`;
	return `${second} */${minutes} * * * *`;
}

/** Runs in progress, per trigger node: a tick while one runs is skipped (n8n does not wait for a tick). */
const running = new Set<string>();

/**
 * trigger(): schedules the catch-up on n8n's main instance (the leader in queue mode; n8n calls trigger() for
 * an active workflow only, never for "Execute step", which uses the webhook). Automatic webhook management
 * only: a webhook managed by hand is the user's, and its id is not known to the node.
 */
export function scheduleCatchUp(this: ITriggerFunctions): ITriggerResponse {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const minutes = catchUpMinutes(options);
	const control: CatchUpControl = { stopped: false, activatedAt: Date.now() };
	if (minutes === 0 || this.getMode() === 'manual' || webhookManagement.call(this) === 'manual')
		return {};
	const scope = scopeOf.call(this);
	const tick = async () => {
		if (running.has(scope) || control.stopped) return;
		running.add(scope);
		try {
			const report = await catchUp.call(this, control);
			if (report.ran > 0 || report.switchedOn || report.pages > 1)
				this.logger.info(
					`Terminal49 Trigger catch-up: ${report.ran} missed notification(s) run, ${report.pages} page(s) read${report.switchedOn ? ', webhook switched back on' : ''}${report.waiting ? '; Terminal49 is still retrying some' : ''}`,
				);
		} catch (error) {
			// the next run tries again from the same cursor
			this.logger.warn(
				`Terminal49 Trigger catch-up failed: ${error instanceof Error ? error.message : String(error)}`,
			);
		} finally {
			running.delete(scope);
		}
	};
	// n8n stops the cron when the workflow is deactivated; closeFunction stops a run in progress
	this.helpers.registerCron({ expression: catchUpCron(minutes, scope) as CronExpression }, () => {
		void tick();
	});
	// and once soon after activation: n8n starting again after being down catches up at once, not an
	// interval later (after n8n's activation has stored the webhook it registered)
	void sleep(FIRST_RUN_DELAY_MS).then(tick);
	return {
		closeFunction: async () => {
			control.stopped = true;
		},
	};
}
