import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withAgentAnswer } from '../errors/agent';
import type { Api, ServiceOnlyFilters } from './api';
import type { JsonApiDocument } from './jsonApi';
import type { ListQuery } from './listQuery';

/** What every resource client has: the bound transport, and errors that name the input item. */
export abstract class Resource {
	constructor(protected readonly api: Api) {}

	protected get node(): INode {
		return this.api.ctx.getNode();
	}

	protected get itemIndex(): number {
		return this.api.itemIndex ?? 0;
	}

	/** `GET <path>` as the service sends it, with `include` resolved in `included` (a record's look-up). */
	protected async readDocument(path: string, include: string[]): Promise<JsonApiDocument> {
		return await this.api.document({ method: 'GET', path, qs: includeQuery(include) });
	}

	/**
	 * An error about what the user gave (before or instead of a request), with the fix; `agent`: the same in
	 * one sentence an AI agent can relay to the person it talks to (the node as a tool: views/agent.ts).
	 */
	protected fail(message: string, description?: string, agent?: string): never {
		const error = new NodeOperationError(this.node, message, {
			itemIndex: this.itemIndex,
			...(description ? { description } : {}),
		});
		if (agent) withAgentAnswer(error, agent);
		throw error;
	}

	/**
	 * How a list confirms the filters of `query` only the service can judge (none: undefined): the same
	 * query without them, and the error when the totals cannot tell the answer from the whole list.
	 */
	protected confirmation(
		query: ListQuery,
		qs: IDataObject,
		records: string,
	): ServiceOnlyFilters | undefined {
		const keys = query.serviceOnly.flatMap((filter) => filter.keys);
		if (!keys.length) return undefined;
		const labels = query.serviceOnly.map((filter) => filter.label);
		return {
			withoutQs: Object.fromEntries(Object.entries(qs).filter(([key]) => !keys.includes(key))),
			fail: (filtered, unfiltered) =>
				this.serviceOnlyIgnored(labels, records, filtered, unfiltered),
		};
	}

	/**
	 * The error when a list's filters that only the service can judge may have been ignored: the filtered
	 * and unfiltered totals are equal (or missing), so the answer cannot be told from the whole list.
	 */
	private serviceOnlyIgnored(
		labels: string[],
		records: string,
		filtered: unknown,
		unfiltered: unknown,
	): never {
		const named = labels.map((label) => `"${label}"`).join(' and ');
		const them = labels.length > 1 ? 'them' : 'it';
		if (typeof filtered !== 'number' || typeof unfiltered !== 'number') {
			return this.fail(
				`Terminal49 did not say how many ${records} match (meta.total), so it cannot be confirmed that it applied ${named}`,
				`The node cannot check ${named} on the ${records} itself, and a service that ignores a filter answers with the whole list. Nothing was returned. Remove ${named}, or use filters the node checks itself.`,
			);
		}
		return this.fail(
			`Terminal49 counted as many ${records} with ${named} as without ${them} (${unfiltered}), so it cannot be told whether the service applied ${them}`,
			`The node cannot check ${named} on the ${records} itself, and a service that ignores a filter answers with the whole list. Nothing was returned. If every one of these ${records} does match, ${named} leaves none out: remove ${them}. Otherwise the service ignored ${them}; use filters the node checks itself instead.`,
		);
	}
}

/** `{deleted: true, id}` for a delete the service answered with no body. */
export function deleted(id: string, extra: IDataObject = {}): IDataObject[] {
	return [{ deleted: true, id, ...extra }];
}

/** `include=a,b` for the relations asked for (nothing when none). */
export function includeQuery(include: string[] | undefined): IDataObject {
	return include && include.length ? { include: include.join(',') } : {};
}

export const segment = (id: string) => encodeURIComponent(id);
