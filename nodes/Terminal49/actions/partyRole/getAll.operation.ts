import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readRecordLocator, readTake, outputProperties } from '../../parameters';
import { ROLE_OPTIONS } from '../../domain/partyRoles';
import { recordFields } from './shared';

const properties: INodeProperties[] = [
	...recordFields,
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		default: '',
		description: 'Only the parties in this role',
		options: [{ name: 'Any Role', value: '' }, ...ROLE_OPTIONS],
	},
	...listProperties(),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partyRole'], operation: ['getAll'] } },
	properties,
);

/** GET /{shipments|containers|tracking_requests}/{id}/party_roles: each role with its party. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	const raw = String(this.getNodeParameter('role', itemIndex, '') ?? '');
	const role = raw ? t49.partyRoles.assertRole({ type: 'shipment', id: '' }, raw) : undefined;
	const take = readTake.call(this, itemIndex);
	t49.account.needsReading('Party Role > Get Many');
	return await t49.partyRoles.list(await t49.recordOf(type, locator), take, role);
}
