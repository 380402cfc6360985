'use strict';
/** The banner `npm start` prints once everything runs: where n8n is, how to log in, what runs where, what to try. */

/**
 * Print the banner. `o`: the options (readOptions), the demo's owner, where Terminal49 is (`credentialData`,
 * `sandbox` or null), the started `stack`, and what seedDemo put in n8n (`credential`, `imported`).
 */
async function printBanner(o) {
	const { port, queue, bySignature, realKey, legacyDeadlines, dev } = o.options;
	const { owner: OWNER, credentialData, sandbox, stack, credential, imported } = o;
	const lines = [
		'',
		'================================================================================',
		` n8n is running:   http://127.0.0.1:${port}${queue ? '  (main: editor, REST, activation, test webhooks)' : ''}`,
		` log in:           ${OWNER.email}  /  ${OWNER.password}`,
		` Terminal49:       ${realKey ? `real API (${credentialData.baseUrl})` : `sandbox ${credentialData.baseUrl} (key sandbox_paid)`}`,
	];
	if (sandbox)
		lines.push(
			legacyDeadlines
				? ' last free days:   older container serializer (flat import_deadlines keys; without --legacy-deadlines: the selected one)'
				: ' last free days:   selected-deadline serializer (import_deadlines.pod.unified; npm start -- --legacy-deadlines for the older one)',
		);
	if (queue) {
		lines.push(
			' queue mode, what runs where:',
			`   postgres          127.0.0.1:${stack.postgres.port}  (pid ${stack.postgres.proc.pid}, data ${stack.postgres.dir})`,
			`   redis             127.0.0.1:${stack.redis.port}  (pid ${stack.redis.proc.pid})`,
			`   main              127.0.0.1:${port}  (pid ${stack.main.proc.pid}; N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true)`,
			`   webhook proxy     ${stack.proxy.url}  (${bySignature ? 'by a hash of X-T49-Webhook-Signature' : 'round-robin'}; production webhook URLs point here)`,
			...stack.webhooks.map(
				(w) => `   ${w.name.padEnd(17)} 127.0.0.1:${w.port}  (pid ${w.proc.pid})`,
			),
			...stack.workers.map((w) => `   ${w.name.padEnd(17)} (pid ${w.proc.pid})`),
		);
	}
	if (credential.id)
		lines.push(` credential:       "${credential.name}" (type Terminal49 API), already in n8n`);
	if (imported.length) {
		lines.push(' example workflows:');
		for (const w of imported)
			lines.push(`   - ${w.name}  (http://127.0.0.1:${port}/workflow/${w.id})`);
	} else {
		lines.push(' example workflows: none yet (examples/*.json)');
	}
	lines.push(
		'',
		' What to try:',
		'   1. Open a workflow, click "Execute workflow" and look at each node\'s output.',
		'   2. Add a node, search "Terminal49": track a container, list shipments, get containers.',
	);
	if (sandbox) {
		lines.push(
			'   3. Activate a workflow with the Terminal49 Trigger, then make the sandbox send events:',
			`        curl -s ${sandbox.origin}/_sandbox/fixtures            # demo containers`,
			`        curl -s -X POST ${sandbox.origin}/_sandbox/containers/MSCU4949012/advance`,
			'      and watch the executions list.',
			`   Sandbox control API: ${sandbox.origin}/_sandbox  (keys: sandbox_paid, sandbox_free, sandbox_basic, sandbox_lite, sandbox_paid_legacy, sandbox_paid_selected)`,
		);
		// The documented fixture containers, one case each (docs/sandbox.md "Fixture containers").
		const fixtures = await fetch(`${sandbox.origin}/_sandbox/fixtures`)
			.then((r) => r.json())
			.catch(() => []);
		if (fixtures.length) {
			lines.push(' Sandbox demo containers (fixtures):');
			for (const f of fixtures)
				lines.push(`   ${f.containerNumber}  ${f.key.padEnd(20)} ${f.description}`);
		}
	}
	if (dev) {
		lines.push(
			'',
			' Dev loop: edit nodes/ or credentials/; tsc rebuilds, the change is copied into this n8n, which',
			' reloads the nodes and updates the open editor (no restart; reopen a node panel to see it).',
		);
	}
	lines.push(
		` Logs: .n8n-run/logs/   Data: .n8n-run/ (npm start -- --fresh to reset)`,
		' Press Ctrl-C to stop everything.',
		'================================================================================',
		'',
	);
	process.stdout.write(lines.join('\n'));
}

module.exports = { printBanner };
