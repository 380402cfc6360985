import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import {
	apiSlugProperty,
	readValue,
	recordProperties,
	valueProperties,
} from '../../helpers/customFieldValue';
import { readMode, simplifyProperty } from '../../helpers/parameters';
import { readSlugAndRecord } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	apiSlugProperty,
	...valueProperties({ allowNull: true }),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['update'] } },
	properties,
);

/** PATCH /{records}/{id}/custom_fields/{api slug}: the value. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	let value: unknown;
	const { apiSlug, record } = await readSlugAndRecord.call(this, t49, itemIndex, () => {
		value = readValue.call(this, itemIndex);
	});
	return await t49.recordCustomFields.update(
		record,
		apiSlug,
		value,
		readMode.call(this, itemIndex),
	);
}
