'use strict';
/**
 * What n8n makes of one node of a workflow file, by n8n's own code: run with the n8n host's Node (24) so that its
 * n8n-workflow and n8n-nodes-base load as in n8n. Prints JSON: the node type's versions, the values its `operation`
 * parameter offers for the node's resource, the parameters n8n keeps (NodeHelpers.getNodeParameters: one it does
 * not know, or one that does not show for the others, is dropped) and the issues n8n's editor would flag
 * (NodeHelpers.getNodeParametersIssues).
 *
 *   node nodeDescription.js <n8n host folder> <node type module> <export> <workflow.json> <node name>
 *
 * test/e2e/examples.e2e.test.ts checks the Google Sheets board with it, and test/e2e/crm-examples.e2e.test.ts the
 * Salesforce and HubSpot ones (those examples cannot run here without a Google, Salesforce or HubSpot account).
 */
const fs = require('node:fs');

const [host, modulePath, exported, file, nodeName] = process.argv.slice(2);
const load = (name) => require(require.resolve(name, { paths: [host] }));
const { NodeHelpers } = load('n8n-workflow');
const Type = load(modulePath)[exported];

const workflow = JSON.parse(fs.readFileSync(file, 'utf8'));
const node = workflow.nodes.find((n) => n.name === nodeName);
if (!node) throw new Error(`no node ${nodeName} in ${file}`);
const type = new Type();
const description = type.nodeVersions
	? type.nodeVersions[node.typeVersion].description
	: type.description;
const kept = NodeHelpers.getNodeParameters(
	description.properties,
	node.parameters,
	false,
	false,
	node,
	description,
);
const withDefaults = NodeHelpers.getNodeParameters(
	description.properties,
	node.parameters,
	true,
	false,
	node,
	description,
);
const operations = description.properties
	.filter(
		(p) =>
			p.name === 'operation' &&
			(!p.displayOptions?.show?.resource ||
				p.displayOptions.show.resource.includes(withDefaults.resource)),
	)
	.flatMap((p) => (p.options || []).map((o) => o.value));
process.stdout.write(
	JSON.stringify({
		defaultVersion: type.description.defaultVersion ?? null,
		// a versioned type's versions, or the versions one description serves (Salesforce: [1, 1.1])
		versions: type.nodeVersions
			? Object.keys(type.nodeVersions).map(Number)
			: [].concat(type.description.version),
		resource: withDefaults.resource ?? null,
		// the operation the node runs, also where the example leaves n8n's default (HubSpot's Create)
		operation: withDefaults.operation ?? null,
		operations,
		kept,
		issues: NodeHelpers.getNodeParametersIssues(
			description.properties,
			{ ...node, parameters: kept },
			description,
		),
	}),
);
