import type { IDataObject } from 'n8n-workflow';

import { chosenFacts } from '../parameters/triggerOptions';
import type { Notification } from './payload';
import { notificationChanges } from './payload';

/**
 * Which notifications start the workflow, the one rule for both ways a notification reaches the Terminal49
 * Trigger: a delivery (webhook.ts) and a catch-up of one Terminal49 gave up on (catchUp.ts). A notification
 * of an event that is not selected, or (Options > Only When) without any of the chosen changes, starts
 * nothing. A test listen ("Execute step") skips Only When: it must show the sample it asked for.
 */
export interface Admission {
	/** The selected events (the node's Events). */
	events: Set<string>;
	/** Only When's changes (empty: every change). */
	chosen: string[];
}

export function admissionOf(events: unknown, options: IDataObject, testListen = false): Admission {
	return {
		events: new Set((Array.isArray(events) ? events : []).map((event) => String(event).trim())),
		chosen: testListen ? [] : chosenFacts(options),
	};
}

/** Why `notification` starts nothing, or undefined when it starts the workflow. */
export function refusal(
	admission: Admission,
	notification: Notification,
):
	| { ignored: 'event not selected' }
	| { ignored: 'none of the chosen changes'; facts: string[] }
	| undefined {
	if (!admission.events.has(notification.event)) return { ignored: 'event not selected' };
	if (admission.chosen.length === 0) return undefined;
	const facts: string[] = notificationChanges(notification).facts;
	return facts.some((fact) => admission.chosen.includes(fact))
		? undefined
		: { ignored: 'none of the chosen changes', facts };
}
