/**
 * Shared pieces of the fault and security suites: a run of the node in n8n-core's real ExecuteContext
 * with a short per-request timeout, an unhandled-rejection recorder, and error capture.
 *
 * The node exposes no timeout setting (the transport's default is 30 s per request), so the fault tests
 * shorten it where the node hands the request to n8n: `httpRequestWithAuthentication` gets the transport's
 * own options with `timeout` capped. Everything else (retries, backoff, error mapping) is the node's.
 */
import type { IDataObject, IHttpRequestOptions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import type { TestCredentials } from '../helpers/runNode';
import { createExecuteContext } from '../helpers/runNode';

export const TEST_TIMEOUT_CAP_MS = 1500;

export interface FaultRun {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: TestCredentials;
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** Cap on the per-request timeout the node sets (ms). */
	timeoutCapMs?: number;
}

/** Runs the node once; the per-request timeout is capped at `timeoutCapMs`. */
export async function runCapped(options: FaultRun): Promise<INodeExecutionData[]> {
	const context = createExecuteContext(options);
	const helpers = context.helpers as unknown as {
		httpRequestWithAuthentication: (this: unknown, type: string, request: IHttpRequestOptions, ...rest: unknown[]) => Promise<unknown>;
	};
	const original = helpers.httpRequestWithAuthentication;
	const cap = options.timeoutCapMs ?? TEST_TIMEOUT_CAP_MS;
	helpers.httpRequestWithAuthentication = async function (this: unknown, type, request, ...rest) {
		return await original.call(this, type, { ...request, timeout: Math.min(request.timeout ?? cap, cap) }, ...rest);
	};
	const result = await options.nodeType.execute!.call(context);
	return (result as INodeExecutionData[][])[0];
}

export interface CaughtError extends Error {
	description?: string | null;
	httpCode?: string | null;
	constructor: { name: string };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function caught(promise: Promise<unknown>): Promise<CaughtError> {
	try {
		await promise;
	} catch (error) {
		return error as CaughtError;
	}
	throw new Error('expected the node to fail, but it succeeded');
}

/** Records unhandled rejections for the whole file; `assertNone()` in afterAll. */
export function recordUnhandledRejections() {
	const seen: unknown[] = [];
	const listener = (reason: unknown) => void seen.push(reason);
	beforeAll(() => void process.on('unhandledRejection', listener));
	afterAll(() => void process.off('unhandledRejection', listener));
	return {
		seen,
		assertNone: () => expect(seen.map((r) => (r instanceof Error ? r.message : String(r)))).toEqual([]),
	};
}

export function freshPacer() {
	resetRateLimiter();
}
