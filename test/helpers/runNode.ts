/**
 * Runs a node's execute() in-process with n8n-core's real ExecuteContext: real parameter resolution,
 * real continueOnFail and pairedItem handling, and real n8n-core request helpers (httpRequestWithAuthentication
 * over n8n's own axios client). Only the credential store is replaced: a fixed credential is decrypted
 * and applied with the credential class's own `authenticate`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core's instance settings live in a user folder: one per test file (jest gives each its own process.env),
// removed after the file's tests (or, in a bench run outside jest, when the process exits)
if (!process.env.N8N_USER_FOLDER) {
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-t49-test-'));
	process.env.N8N_USER_FOLDER = userFolder;
	const removeUserFolder = () => rmSync(userFolder, { recursive: true, force: true });
	if (typeof afterAll === 'function') afterAll(removeUserFolder);
	else process.once('exit', removeUserFolder);
}
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { ExecuteContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { Terminal49Api } from '../../credentials/Terminal49Api.credentials';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetSerializerMemory } from '../../nodes/Terminal49/client/lfdSelection';

export interface TestCredentials {
	apiKey: string;
	baseUrl: string;
	rateLimitRequests?: number;
	rateLimitWindowSeconds?: number;
	requestTimeoutSeconds?: number;
}

export interface RunNodeOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials?: TestCredentials;
	items?: IDataObject[];
	continueOnFail?: boolean;
	/**
	 * Keep what earlier runs read of the account (GET /me, cached per key for minutes). By default each run
	 * starts without it, as in a new n8n process, so that a test's requests do not depend on the tests before.
	 */
	keepAccountCache?: boolean;
	/**
	 * The node's version, as a workflow saves it (1 unless given). Given, the parameters get the defaults of
	 * every parameter shown, as the editor fills them in (NodeHelpers.getNodeParameters).
	 */
	typeVersion?: number;
	/**
	 * Run it as n8n runs an AI agent's tool: the "Terminal49 Tool" node n8n makes from `usableAsTool` (type
	 * `…terminal49Tool`), which the AI Agent of version 3 executes as a node of the workflow.
	 */
	asTool?: boolean;
}

const credentialType = new Terminal49Api();
/** Each run is an execution of its own (its id keys what the nodes read once per execution: GET /me). */
let executionCount = 0;

export function makeAdditionalData(
	credentials: TestCredentials | undefined,
): IWorkflowExecuteAdditionalData {
	const data: ICredentialDataDecryptedObject = {
		rateLimitRequests: 100,
		...(credentials ?? {}),
	} as unknown as ICredentialDataDecryptedObject;
	return {
		credentialsHelper: {
			getParentTypes: () => [],
			isCredentialUsableByNode: () => true,
			getDecrypted: async () => ({ ...data }),
			authenticate: async (
				creds: ICredentialDataDecryptedObject,
				_type: string,
				options: IHttpRequestOptions,
			) => await credentialType.authenticate(creds, options),
			preAuthentication: async () => undefined,
			getCredentialsProperties: () => credentialType.properties,
			updateCredentials: async () => {},
		},
		executionId: `test-${++executionCount}`,
		restApiUrl: 'http://127.0.0.1/rest',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		logAiEvent: () => {},
		hooks: undefined,
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not available in tests');
		},
		getRunExecutionData: async () => undefined,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export function makeWorkflow(node: INode, nodeType: INodeType): Workflow {
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	return new Workflow({
		id: 'wf',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
}

export function makeNode(
	nodeType: INodeType,
	parameters: INodeParameters,
	continueOnFail = false,
	typeVersion?: number,
	asTool = false,
): INode {
	const node: INode = {
		id: 'node-1',
		name: 'Terminal49',
		type: `n8n-nodes-terminal49.${nodeType.description.name}${asTool ? 'Tool' : ''}`,
		typeVersion: typeVersion ?? 1,
		position: [0, 0],
		parameters,
		credentials: { terminal49Api: { id: 'cred-1', name: 'Terminal49 test' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const, continueOnFail: true } : {}),
	};
	if (typeVersion !== undefined) {
		node.parameters =
			NodeHelpers.getNodeParameters(
				nodeType.description.properties,
				parameters,
				true,
				false,
				node,
				nodeType.description,
			) ?? parameters;
	}
	return node;
}

/** A real n8n-core ExecuteContext for the node, as n8n builds it for one run. */
export function createExecuteContext(options: RunNodeOptions): ExecuteContext {
	const node = makeNode(
		options.nodeType,
		options.parameters,
		options.continueOnFail,
		options.typeVersion,
		options.asTool,
	);
	const workflow = makeWorkflow(node, options.nodeType);
	const items: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	return new ExecuteContext(
		workflow,
		node,
		makeAdditionalData(options.credentials),
		'manual',
		runExecutionData,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
}

/** Runs the node once over `items` and returns its output (first output branch). */
export async function runNode(options: RunNodeOptions): Promise<INodeExecutionData[]> {
	if (!options.keepAccountCache) {
		resetAccountCache();
		resetSerializerMemory();
	}
	const context = createExecuteContext(options);
	const result = await options.nodeType.execute!.call(context);
	return (result as INodeExecutionData[][])[0];
}

/**
 * Replaces n8n's logger (the one `this.logger` reaches through n8n's DI container) with one that
 * records every line, so tests can assert what the nodes log and that no secret is in it.
 */
export function captureLogs(): string[] {
	const lines: string[] = [];
	const record = (level: string) => (message: unknown, meta?: unknown) =>
		void lines.push(
			`${level} ${String(message)}${meta === undefined ? '' : ` ${JSON.stringify(meta)}`}`,
		);
	const logger = {
		debug: record('debug'),
		info: record('info'),
		warn: record('warn'),
		error: record('error'),
		scoped: () => logger,
	};
	Container.set(Logger, logger as unknown as Logger);
	return lines;
}
