import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { partyLocator } from '../../parameters/locators';
import { readLocator, outputProperties } from '../../parameters';
import { readRecordAndRole, recordFields, roleFields } from './shared';

const properties: INodeProperties[] = [
	...recordFields,
	partyLocator({
		description: 'The party to give the role (a company of your Terminal49 account)',
	}),
	...roleFields('The role the party plays for the record'),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partyRole'], operation: ['create'] } },
	properties,
);

/**
 * POST /{shipments|containers|tracking_requests}/{id}/party_roles. A party that has the role already gives back
 * that role (`already_assigned: true`) instead of Terminal49's 422.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const partyId = t49.parties.idOf(readLocator.call(this, 'partyId', itemIndex));
	const { record, role } = await readRecordAndRole.call(this, t49, itemIndex);
	return await t49.partyRoles.assign(record, partyId, role);
}
