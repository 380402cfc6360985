import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readList, readTake, outputProperties } from '../../parameters';
import { includeProperty } from './shared';

const properties: INodeProperties[] = [...listProperties(), includeProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailSubmission'], operation: ['getAll'] } },
	properties,
);

/** GET /email_submissions. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Email Submission > Get Many');
	return await t49.emailSubmissions.list(
		readList.call(this, 'include', itemIndex),
		readTake.call(this, itemIndex),
	);
}
