import type { IDataObject } from 'n8n-workflow';

import { CATCH_UP_SOURCE } from './triggerItem';

/**
 * The item the Terminal49 Trigger sends down the workflow about the trigger itself, not about a container:
 * Terminal49 had switched its webhook off and the trigger switched it back on (trigger/catchUp.ts). A workflow
 * routes it with an IF or Switch node on `event` = `notice` (e.g. to Slack); the same item whatever Output.
 */
export const NOTICE_EVENT = 'notice';

export interface WebhookSwitchedOn {
	webhookId: string;
	at: Date;
}

export function webhookSwitchedOnNotice(notice: WebhookSwitchedOn): IDataObject {
	return {
		event: NOTICE_EVENT,
		notice: 'webhook_switched_back_on',
		message:
			"Terminal49 had switched off this workflow's webhook, after its deliveries to n8n kept failing (n8n's public address could not be reached, or answered with an error). The Terminal49 Trigger switched it back on; the events Terminal49 gave up delivering meanwhile are run now, marked source \"catch_up\". Terminal49 does not say whether it records events while a webhook is off: any it did not record cannot be caught up (a scheduled Container > Get Many shows the current state). Check n8n's public address and its log.",
		webhook_id: notice.webhookId,
		switched_on_at: notice.at.toISOString(),
		source: CATCH_UP_SOURCE,
	};
}

/** Whether an item the trigger emitted is a notice (it passes execute() as it is). */
export function isNotice(json: IDataObject): boolean {
	return json.event === NOTICE_EVENT && typeof json.notice === 'string';
}
