/**
 * Shared pieces of the fault and security suites: a run of the node in n8n-core's real ExecuteContext
 * with a short per-request timeout (the credential's Request Timeout), an unhandled-rejection recorder,
 * and error capture.
 */
import type { IDataObject, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

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
	/** The credential's Request Timeout for this run (ms). */
	timeoutCapMs?: number;
}

/** Runs the node once, with the credential's Request Timeout set to `timeoutCapMs`. */
export async function runCapped(options: FaultRun): Promise<INodeExecutionData[]> {
	const timeoutMs = options.timeoutCapMs ?? TEST_TIMEOUT_CAP_MS;
	const context = createExecuteContext({
		...options,
		credentials: { ...options.credentials, requestTimeoutSeconds: timeoutMs / 1000 },
	});
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
		assertNone: () =>
			expect(seen.map((r) => (r instanceof Error ? r.message : String(r)))).toEqual([]),
	};
}

export function freshPacer() {
	resetRateLimiter();
}
