/** `npm run sandbox -- [--port 4949] [--host 127.0.0.1] [--seed 49] [--containers 40] ...` */
import { startSandbox } from './index';
import { DEMURRAGE_FIXTURE_COUNT, FIXTURE_COUNT, JOURNEY_FIXTURE_COUNT } from './fixtures';
import type { SandboxOptions } from './types';

const HELP = `Terminal49 API v2 sandbox

Usage: npm run sandbox -- [options]

  --port N                 port (default 4949, or $PORT; 0 = any free port)
  --host H                 bind address (default 127.0.0.1)
  --seed N                 seed of the generated data (default 49)
  --containers N           seeded containers (default 40); the newest are the documented fixtures: all
                           ${FIXTURE_COUNT} when N >= ${FIXTURE_COUNT}, the first ${DEMURRAGE_FIXTURE_COUNT} when N >= ${DEMURRAGE_FIXTURE_COUNT}, the first ${JOURNEY_FIXTURE_COUNT} when N >= ${JOURNEY_FIXTURE_COUNT}
  --rate-window-ms N       rolling rate-limit window (default 60000)
  --carrier-delay-ms N     delay before a tracking request gets its carrier answer (default 2000)
  --webhook-retry-scale X  multiplier on the webhook retry backoff (default 1; 0 = immediate)
  --webhook-timeout-ms N   webhook delivery timeout (default 10000)
  --webhook-deactivate-after N  switch a webhook off after N notifications in a row end failed (default 5, 0 never)
  --ignore-filter NAME     list endpoints ignore this query parameter silently, as the live service may
                           (e.g. 'filter[number]'); repeatable
  --legacy-lists           GET /containers and /shipments as the older service answered them: list filters
                           (but filter[number], q, number, filter[tracking_stopped]) and sort ignored, 100 a
                           page; without it, the current service: documented filters and sort, 50 containers
                           a page (change at run time: PATCH /_sandbox/options {"legacyLists": true})
  --deadline-shape S       the container serializer of the account: selected (default; Terminal49's newer one:
                           the POD last free day it selected in import_deadlines.pod, pickup_lfd the sentinel
                           2099-12-31, no flat line/terminal keys) or legacy (the older one: flat keys,
                           pickup_lfd coalesced); keys sandbox_paid_legacy and sandbox_paid_selected always get
                           their own (change at run time: PATCH /_sandbox/options {"deadlineShape": "legacy"})
  --legacy-deadlines       the same as --deadline-shape legacy
  --lenient-accept         answer whatever the Accept header says instead of 406 Not Acceptable
  --no-me                  answer GET /me with 404, as a service that predates it
  --quiet                  do not log requests
`;

function parseArgs(argv: string[]): Partial<SandboxOptions> {
	const opts: Partial<SandboxOptions> = {
		port: process.env.PORT ? Number(process.env.PORT) : 4949,
		logRequests: true,
		// The CLI (and so `npm start`) shows Terminal49's newer serializer unless told otherwise.
		deadlineShape: 'selected',
	};
	const num = (flag: string, v: string | undefined) => {
		const n = Number(v);
		if (v === undefined || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => (inline !== undefined ? inline : argv[++i]);
		switch (flag) {
			case '--port':
				opts.port = num(flag, value());
				break;
			case '--host':
				opts.host = value();
				break;
			case '--seed':
				opts.seed = num(flag, value());
				break;
			case '--containers':
				opts.containers = num(flag, value());
				break;
			case '--rate-window-ms':
				opts.rateWindowMs = num(flag, value());
				break;
			case '--carrier-delay-ms':
				opts.carrierDelayMs = num(flag, value());
				break;
			case '--webhook-retry-scale':
				opts.webhookRetryScale = num(flag, value());
				break;
			case '--webhook-timeout-ms':
				opts.webhookTimeoutMs = num(flag, value());
				break;
			case '--webhook-deactivate-after':
				opts.webhookDeactivateAfter = num(flag, value());
				break;
			case '--ignore-filter': {
				const name = value();
				if (!name) throw new Error(`${flag} needs a query parameter name`);
				opts.ignoredFilters = [...(opts.ignoredFilters ?? []), name];
				break;
			}
			case '--no-me':
				opts.meEndpoint = false;
				break;
			case '--legacy-lists':
				opts.legacyLists = true;
				break;
			case '--deadline-shape': {
				const shape = value();
				if (shape !== 'selected' && shape !== 'legacy')
					throw new Error(`${flag} needs selected or legacy (got ${shape ?? 'nothing'})`);
				opts.deadlineShape = shape;
				break;
			}
			case '--legacy-deadlines':
				opts.deadlineShape = 'legacy';
				break;
			case '--lenient-accept':
				opts.strictAccept = false;
				break;
			case '--quiet':
				opts.logRequests = false;
				break;
			case '--help':
			case '-h':
				process.stdout.write(HELP);
				process.exit(0);
				break;
			default:
				throw new Error(`unknown option ${flag}\n\n${HELP}`);
		}
	}
	return opts;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	const lines = [
		`Terminal49 sandbox listening on ${sandbox.baseUrl}`,
		`  keys: sandbox_paid (everything), sandbox_free (only POST /tracking_requests), sandbox_basic (no routing data, rail LFD, refresh, widget), sandbox_lite (no add-on, no data-out API: no webhooks), sandbox_paid_legacy / sandbox_paid_selected (paid, always the older / the selected-deadline container serializer)`,
		`  header: Authorization: Token sandbox_paid`,
		`  control API: ${sandbox.origin}/_sandbox (fixtures: GET ${sandbox.origin}/_sandbox/fixtures)`,
		`  widget: ${sandbox.widgetUrl}/app.bundle.js (publishable key pk_sandbox_paid)`,
		`  seed ${sandbox.options.seed}, ${sandbox.store.containers.size} containers, carrier delay ${sandbox.options.carrierDelayMs} ms, rate window ${sandbox.options.rateWindowMs} ms`,
		`  last free days: ${sandbox.options.deadlineShape === 'selected' ? 'selected-deadline serializer (import_deadlines.pod.unified; pickup_lfd is the sentinel 2099-12-31; --legacy-deadlines for the older one)' : 'older serializer (flat import_deadlines keys, pickup_lfd coalesced)'}`,
		`  lists: ${sandbox.options.legacyLists ? 'older service (filters and sort ignored, 100 a page)' : 'current service (documented filters and sort, 50 containers a page)'}`,
		...(sandbox.fixtures.length ? ['  fixtures (container, key, case):'] : []),
		...sandbox.fixtures.map(
			(f) => `    ${f.containerNumber}  ${f.key.padEnd(20)} ${f.description}`,
		),
	];
	process.stdout.write(lines.join('\n') + '\n');
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping sandbox\n`);
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
	process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
	process.exit(1);
});
