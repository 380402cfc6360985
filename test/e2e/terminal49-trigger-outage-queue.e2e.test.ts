/**
 * Nothing lost while n8n's public address is down, in queue mode (real n8n 2.41.1: Postgres, Redis, main, 2 `n8n
 * webhook` processes behind a proxy, 2 workers): the scenario of terminal49-trigger-outage.e2e.test.ts
 * (test/e2e/outage.ts), with the proxy that answers 502 in front of the webhook processes' proxy. The catch-up runs
 * on main (n8n's leader), its executions on the workers; the restart stops and starts every process.
 */
import { describeOutage } from './outage';

jest.setTimeout(600_000);

describeOutage('queue');
