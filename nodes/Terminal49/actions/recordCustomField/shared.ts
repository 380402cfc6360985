import type { IExecuteFunctions } from 'n8n-workflow';

import type { RecordRef, Terminal49Client } from '../../client';
import { readLocator, readRecordLocator, readValue } from '../../parameters';

export interface RecordField {
	apiSlug: string;
	record: RecordRef;
	/** The value to write (read only `withValue`). */
	value?: unknown;
}

/**
 * The custom field the user chose on a record: its API slug, the value to write when `withValue`, then the
 * record (the only part that may need a request, a number look-up), so bad input fails before any request.
 */
export async function readRecordField(
	this: IExecuteFunctions,
	t49: Terminal49Client,
	itemIndex: number,
	withValue: boolean,
): Promise<RecordField> {
	const apiSlug = t49.customFields.slugOf(readLocator.call(this, 'apiSlug', itemIndex, 'slug'));
	const value = withValue ? readValue.call(this, itemIndex) : undefined;
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	return { apiSlug, value, record: await t49.recordOf(type, locator) };
}
