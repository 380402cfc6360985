'use strict';
/**
 * What `npm start` puts in the demo's n8n: the Terminal49 credential and the example workflows (examples/*.json,
 * bound to that credential), remembered in .n8n-run/demo-state.json so a restart updates them instead of
 * adding copies.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(ROOT, 'examples');
const CREDENTIAL_NAME = 'Terminal49 account';
const CREDENTIAL_TYPE = 'terminal49Api';

/** The state file in the demo's n8n folder `runDir`. */
function stateFile(runDir) {
	return path.join(runDir, 'demo-state.json');
}

function readState(runDir) {
	try {
		return JSON.parse(fs.readFileSync(stateFile(runDir), 'utf8'));
	} catch {
		return {};
	}
}

function writeState(runDir, state) {
	fs.writeFileSync(stateFile(runDir), JSON.stringify(state, null, 2));
}

/** Point every Terminal49 credential reference of a workflow at our credential. */
function bindCredential(workflow, credential) {
	for (const node of workflow.nodes || []) {
		if (node.credentials && node.credentials[CREDENTIAL_TYPE]) {
			node.credentials[CREDENTIAL_TYPE] = { id: credential.id, name: credential.name };
		} else if (typeof node.type === 'string' && node.type.startsWith('n8n-nodes-terminal49.')) {
			node.credentials = {
				...(node.credentials || {}),
				[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
			};
		}
	}
	return workflow;
}

async function upsertCredential(client, state, data) {
	const key = data.baseUrl;
	if (state.credentialId) {
		try {
			await client.api('PATCH', `/credentials/${state.credentialId}`, {
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data,
			});
			return { id: state.credentialId, name: CREDENTIAL_NAME, key };
		} catch (error) {
			if (error.status !== 404) throw error;
		}
	}
	const created = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		data,
	});
	state.credentialId = created.id;
	return { id: created.id, name: CREDENTIAL_NAME, key };
}

async function importExamples(client, state, credential, say) {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	const files = fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort();
	state.workflows = state.workflows || {};
	const imported = [];
	for (const file of files) {
		const text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
		const hash = crypto
			.createHash('sha256')
			.update(text)
			.update(credential.id)
			.digest('hex')
			.slice(0, 16);
		const previous = state.workflows[file];
		if (previous && previous.hash === hash) {
			try {
				const wf = await client.getWorkflow(previous.id);
				imported.push({ file, id: wf.id, name: wf.name, kept: true });
				continue;
			} catch (error) {
				if (error.status !== 404) throw error;
			}
		}
		if (previous) {
			await client.deleteWorkflow(previous.id).catch(() => undefined);
		}
		let workflow;
		try {
			workflow = bindCredential(JSON.parse(text), credential);
		} catch (error) {
			say(`  skipped ${file}: ${error.message}`);
			continue;
		}
		try {
			const wf = await client.createWorkflow(workflow);
			state.workflows[file] = { id: wf.id, hash };
			imported.push({ file, id: wf.id, name: wf.name, kept: false });
		} catch (error) {
			say(`  could not import ${file}: ${error.message}`);
		}
	}
	return imported;
}

/**
 * The credential (pointing at `credentialData.baseUrl`) and the examples, when n8n loaded the package's credential
 * type; `state` is readState(runDir)'s, written back here.
 */
async function seedDemo(client, state, credentialData, { runDir, say }) {
	let credential = { id: '', name: CREDENTIAL_NAME };
	let imported = [];
	if ((await client.credentialTypeNames()).includes(CREDENTIAL_TYPE)) {
		credential = await upsertCredential(client, state, credentialData);
		say(`  credential "${credential.name}" → ${credentialData.baseUrl}`);
		imported = await importExamples(client, state, credential, say);
		writeState(runDir, state);
	} else {
		say(
			`  WARNING: credential type ${CREDENTIAL_TYPE} not loaded; no credential or examples created`,
		);
	}
	return { credential, imported };
}

module.exports = { readState, seedDemo };
