import type { IExecuteFunctions } from 'n8n-workflow';

import type { RecordRef, Terminal49Client } from '../../client';
import { readLocator } from '../../client';
import { readRecordLocator } from '../../helpers/customFieldValue';

/** The API slug and the record the user chose, checked in that order (the record's number is looked up last). */
export async function readSlugAndRecord(
	this: IExecuteFunctions,
	t49: Terminal49Client,
	itemIndex: number,
	between?: () => void,
): Promise<{ apiSlug: string; record: RecordRef }> {
	const apiSlug = t49.customFields.slugOf(readLocator.call(this, 'apiSlug', itemIndex, 'slug'));
	between?.();
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	return { apiSlug, record: await t49.recordOf(type, locator) };
}
