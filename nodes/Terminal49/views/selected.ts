import type { IDataObject } from 'n8n-workflow';

import { asObject } from '../domain/values';

/**
 * Only the fields named (top-level names, or a path into a nested record: `shipment.bill_of_lading_number`),
 * under those names; a field the item lacks comes out as null, so every item has the same columns.
 */
export function selectedFields(item: IDataObject, fields: string[]): IDataObject {
	const picked: IDataObject = {};
	for (const field of fields) {
		let value: unknown = item;
		for (const part of field.split('.')) value = asObject(value)?.[part];
		picked[field] = (value as IDataObject[string]) ?? null;
	}
	return picked;
}
