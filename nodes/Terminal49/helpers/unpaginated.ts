import type { IExecuteFunctions } from 'n8n-workflow';

import { assertLimit } from './validation';

/**
 * Return All / Limit for endpoints the service does not paginate (shipping lines, raw events, search,
 * notification examples): read up front, so a bad Limit fails before the request; the caller slices.
 */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll
		? undefined
		: assertLimit(this.getNode(), this.getNodeParameter('limit', itemIndex, 50), itemIndex);
}
