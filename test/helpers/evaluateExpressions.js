'use strict';
/**
 * Evaluates n8n expressions with n8n-workflow's own Expression under each engine it has here, in a process of its
 * own: `Expression.initExpressionEngine({ engine: 'quickjs' })` loads the QuickJS runtime with a dynamic import(),
 * which jest's module loader cannot run (test/unit/expressionEngines.test.ts spawns this).
 *
 * stdin: JSON [{ expression, parameters, properties (the node type's), additionalKeys, inputData (the input items
 * `$json` reads) }]; stdout: JSON { engines:
 * { legacy: [...], quickjs: [...] }, active } with each case's value (or `{ error }`) under each engine, and the
 * engine n8n-workflow reports active for the second run (`quickjs`).
 */
const { Expression, Workflow } = require('n8n-workflow');

async function evaluate({
	expression,
	parameters = {},
	properties = [],
	additionalKeys = {},
	inputData = [],
}) {
	const node = {
		id: 'n',
		name: 'Node',
		type: 'n8n-nodes-terminal49.terminal49',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeType = { description: { properties } };
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	try {
		// as n8n evaluates: the workflow's expression holds an isolate for the run (a no-op under legacy)
		return await workflow.expression.withIsolate(async () =>
			workflow.expression.getParameterValue(
				expression,
				null,
				0,
				0,
				node.name,
				// the input items `$json` reads (the invoice check's fields)
				inputData,
				'manual',
				additionalKeys,
			),
		);
	} catch (error) {
		return { error: error.message };
	}
}

async function main() {
	const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
	const out = { engines: {} };
	const all = async () => {
		const values = [];
		for (const one of cases) values.push(await evaluate(one));
		return values;
	};
	Expression.setExpressionEngine('legacy');
	out.engines.legacy = await all();
	await Expression.initExpressionEngine({
		engine: 'quickjs',
		poolSize: 1,
		maxCodeCacheSize: 64,
		bridgeTimeout: 5000,
		bridgeMemoryLimit: 128,
	});
	out.engines.quickjs = await all();
	out.active = Expression.getActiveImplementation();
	await Expression.disposeExpressionEngine();
	process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
