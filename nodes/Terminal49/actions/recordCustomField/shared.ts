import type { IExecuteFunctions } from 'n8n-workflow';

import { RECORD_PATHS, resolveRecord } from '../../helpers/customFieldValue';

/** `/{records}/{id}/custom_fields`, the record looked up by number when given one. */
export async function recordFieldsPath(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<{ path: string; recordType: string; recordId: string }> {
	const record = await resolveRecord.call(this, itemIndex);
	return {
		path: `/${RECORD_PATHS[record.type]}/${encodeURIComponent(record.id)}/custom_fields`,
		recordType: record.type,
		recordId: record.id,
	};
}
