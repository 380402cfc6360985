import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Api } from './api';

/** What every resource client has: the bound transport, and errors that name the input item. */
export abstract class Resource {
	constructor(protected readonly api: Api) {}

	protected get node(): INode {
		return this.api.ctx.getNode();
	}

	protected get itemIndex(): number {
		return this.api.itemIndex ?? 0;
	}

	/** An error about what the user gave (before or instead of a request), with the fix. */
	protected fail(message: string, description?: string): never {
		throw new NodeOperationError(this.node, message, {
			itemIndex: this.itemIndex,
			...(description ? { description } : {}),
		});
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
