import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordRef, Terminal49Client } from '../../client';
import type { PartyRole } from '../../domain/partyRoles';
import { CONTAINER_ROLE, ROLE_OPTIONS } from '../../domain/partyRoles';
import { recordProperties } from '../../parameters/customFields';
import { readRecordLocator } from '../../parameters';

/** The roles of Terminal49's parties guide, as the node names them. */
/** Record Type and the record (a shipment or container by ID or number, a tracking request by ID). */
export const recordFields: INodeProperties[] = recordProperties(
	['shipment', 'container', 'tracking_request'],
	"The kind of record the party's role is on. Roles of a tracking request are copied to its shipment, also when the shipment is created later.",
);

/** Role: every role on a shipment or tracking request; a container takes only Pickup Dray Carrier. */
export function roleFields(description: string): INodeProperties[] {
	return [
		{
			displayName: 'Role',
			name: 'role',
			type: 'options',
			default: 'customs_broker',
			description,
			options: ROLE_OPTIONS,
			displayOptions: { show: { recordType: ['shipment', 'tracking_request'] } },
		},
		{
			displayName: 'Role',
			name: 'role',
			type: 'options',
			default: CONTAINER_ROLE,
			description: `${description}. A container takes only the Pickup Dray Carrier role.`,
			options: ROLE_OPTIONS.filter((option) => option.value === CONTAINER_ROLE),
			displayOptions: { show: { recordType: ['container'] } },
		},
	];
}

/** The record the user chose (a number is looked up) and the role, checked for that kind of record. */
export async function readRecordAndRole(
	this: IExecuteFunctions,
	t49: Terminal49Client,
	itemIndex: number,
): Promise<{ record: RecordRef; role: PartyRole }> {
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	const role = t49.partyRoles.assertRole(
		{ type, id: '' },
		String(this.getNodeParameter('role', itemIndex, '')),
	);
	return { record: await t49.recordOf(type, locator), role };
}
