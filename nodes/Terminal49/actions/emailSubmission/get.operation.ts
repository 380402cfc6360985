import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertId } from '../../helpers/validation';
import { includeProperty, includeQuery } from './shared';

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
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailSubmission'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = assertId(
		this.getNode(),
		'Email Submission ID',
		this.getNodeParameter('emailSubmissionId', itemIndex),
		itemIndex,
	);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/email_submissions/${encodeURIComponent(id)}`,
		qs: includeQuery.call(this, itemIndex),
	});
}
