import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readList, outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';
import { includeProperty } from './shared';

const properties: INodeProperties[] = [
	{
		displayName: 'Email Submission ID',
		name: 'emailSubmissionId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 4f3e2d1c-0b9a-4887-9665-544332211000',
		description: 'The ID of the email submission',
	},
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailSubmission'], operation: ['get'] } },
	properties,
);

/** GET /email_submissions/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = assertId(
		this.getNode(),
		'Email Submission ID',
		this.getNodeParameter('emailSubmissionId', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).emailSubmissions.get(
		id,
		readList.call(this, 'include', itemIndex),
	);
}
