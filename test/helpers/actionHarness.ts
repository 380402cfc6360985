/**
 * Runs the Terminal49 node for one resource against a sandbox, through real n8n-core (runNode), and
 * summarises the requests the sandbox saw. Shared by the tests of the beyond-the-spec resources.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { runNode } from './runNode';

export interface RunOptions {
	apiKey?: string;
	items?: IDataObject[];
	continueOnFail?: boolean;
	rateLimitRequests?: number;
	/** Keep what earlier runs read of the account (GET /me); each run starts without it by default. */
	keepAccountCache?: boolean;
	/** The node's version (1 unless given; given, parameters get their defaults as the editor fills them). */
	typeVersion?: number;
	/** Run as an AI agent's tool (runNode's `asTool`). */
	asTool?: boolean;
}

export function runnerFor(getSandbox: () => Sandbox, resource: string) {
	async function runFull(
		parameters: IDataObject,
		options: RunOptions = {},
	): Promise<INodeExecutionData[]> {
		const sb = getSandbox();
		try {
			return await runNode({
				nodeType: new Terminal49(),
				parameters: { resource, ...parameters } as never,
				credentials: {
					apiKey: options.apiKey ?? sb.keys.paid,
					baseUrl: sb.baseUrl,
					rateLimitRequests: options.rateLimitRequests ?? 10_000,
				},
				items: options.items ?? [{}],
				continueOnFail: options.continueOnFail,
				keepAccountCache: options.keepAccountCache,
				typeVersion: options.typeVersion,
				asTool: options.asTool,
			});
		} catch (error) {
			// Keep the message (tests match on it) and add the description, which names the request and error code.
			const description = (error as { description?: unknown }).description;
			if (
				error instanceof Error &&
				typeof description === 'string' &&
				description &&
				!error.message.includes(description)
			) {
				error.message = `${error.message} [${description}]`;
			}
			throw error;
		}
	}
	async function run(parameters: IDataObject, options: RunOptions = {}): Promise<IDataObject[]> {
		return (await runFull(parameters, options)).map((item) => item.json);
	}
	return { run, runFull };
}

/** `[method, path, query, body, status]` of every request since the last clearRequests(). */
export function requestLog(
	sb: Sandbox,
): Array<[string, string, Record<string, string>, unknown, number]> {
	return sb.requests.map((r) => [r.method, r.path, r.query, r.body ?? null, r.status]);
}

/** Calls the sandbox directly (to prepare data), with the paid key. */
export async function sandboxCall(
	sb: Sandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; body: any }> {
	let response: Response;
	for (let attempt = 0; ; attempt++) {
		response = await fetch(`${sb.baseUrl}${path}`, {
			method,
			headers: {
				Authorization: `Token ${sb.keys.paid}`,
				'Content-Type': 'application/vnd.api+json',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		// Set-up calls share the key's rate limit with the node under test: wait a 429 out.
		if (response.status !== 429 || attempt >= 5) break;
		await response.text();
		await new Promise((resolve) =>
			setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
		);
	}
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse(text) : null };
}

export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
export const byNumber = (number: string) => ({ __rl: true, mode: 'number', value: number });
