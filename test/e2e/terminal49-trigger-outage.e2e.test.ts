/**
 * Nothing lost while n8n's public address is down (real n8n 2.41.1, single mode): a burst of 200 events while a
 * proxy in front of n8n answers 502, long enough for the sandbox to give up on every delivery and switch the
 * webhook off. Once the address is back, within one catch-up interval the trigger has switched the webhook back
 * on, sent one notice and run each of the 200 exactly once, in order per container; then again with n8n
 * restarted in the middle of the catch-up (test/e2e/outage.ts). Most of its time is waiting for n8n's one-minute
 * schedule and the sandbox's retries. The same in queue mode: terminal49-trigger-outage-queue.e2e.test.ts.
 */
import { describeOutage } from './outage';

jest.setTimeout(420_000);

describeOutage('single');
