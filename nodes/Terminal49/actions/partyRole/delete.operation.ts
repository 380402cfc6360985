import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { partyLocator } from '../../parameters/locators';
import { assertId } from '../../errors/validation';
import { readLocator, readRecordLocator } from '../../parameters';
import { readRecordAndRole, recordFields, roleFields } from './shared';

const byParty = { show: { removeBy: ['party'] } };

const properties: INodeProperties[] = [
	...recordFields,
	{
		displayName: 'Remove By',
		name: 'removeBy',
		type: 'options',
		default: 'party',
		description: 'How to name the role to remove',
		options: [
			{
				name: 'Party and Role',
				value: 'party',
				description: 'The party and the role it has on the record',
			},
			{
				name: 'Party Role ID',
				value: 'id',
				description: 'The ID of the party role (Party Role > Get Many)',
			},
		],
	},
	partyLocator({
		description: 'The party whose role to remove',
		displayOptions: byParty,
	}),
	...roleFields('The role to remove').map((field) => ({
		...field,
		displayOptions: { show: { ...field.displayOptions?.show, ...byParty.show } },
	})),
	{
		displayName: 'Party Role ID',
		name: 'partyRoleId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 5b1f0c3e-8d2a-4c6b-9e7f-1a2b3c4d5e6f',
		description: 'The ID of the party role to remove',
		displayOptions: { show: { removeBy: ['id'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partyRole'], operation: ['delete'] } },
	properties,
);

/** DELETE /{shipments|containers|tracking_requests}/{id}/party_roles/{role_id}; the party keeps its other roles. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	if (this.getNodeParameter('removeBy', itemIndex, 'party') === 'id') {
		const roleId = assertId(
			this.getNode(),
			'Party Role ID',
			this.getNodeParameter('partyRoleId', itemIndex),
			itemIndex,
		);
		const { type, locator } = readRecordLocator.call(this, itemIndex);
		return await t49.partyRoles.remove(await t49.recordOf(type, locator), roleId);
	}
	const partyId = t49.parties.idOf(readLocator.call(this, 'partyId', itemIndex));
	const { record, role } = await readRecordAndRole.call(this, t49, itemIndex);
	return await t49.partyRoles.removeParty(record, partyId, role);
}
