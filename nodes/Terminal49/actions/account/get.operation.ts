import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';

/** Simplify / Output with the account's own words: in words, or the GET /me document as sent. */
const inWords =
	'the account in words (plan, tracking slots, each feature "available", "needs a paid plan", "needs a user credential" or "not enabled for this account") instead of the GET /me document as Terminal49 sent it';
const properties: INodeProperties[] = outputProperties.map((property) =>
	property.name === 'simplify'
		? { ...property, description: `Whether to return ${inWords}` }
		: property,
);

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['get'] } },
	properties,
);

/** GET /me: the credential, its account, plan, tracking slots and features. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).account.get();
}
