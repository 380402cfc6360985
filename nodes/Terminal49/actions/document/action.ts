import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { documentPath } from './shared';

/**
 * Re-extract, re-classify, re-link and rotate: the service queues the work and answers 202
 * `{status: "accepted"}`; the item names the document and the action.
 */
export async function runDocumentAction(
	this: IExecuteFunctions,
	itemIndex: number,
	action: 'reextract' | 'reclassify' | 'relink' | 'rotate',
	body?: IDataObject,
): Promise<IDataObject[]> {
	const { path, id } = documentPath.call(this, itemIndex, `/${action}`);
	const response = await apiRequest.call(this, { method: 'POST', path, body, itemIndex });
	return [{ id, action, status: response.status ?? 'accepted', ...(body ?? {}) }];
}
