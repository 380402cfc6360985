import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentToItems, simplifyProperty } from '../../helpers/output';
import { assertNotEmpty } from '../../helpers/validation';
import { apiRequest, apiRequestFull } from '../../transport';
import { apiError, serviceErrors } from '../../transport/errors';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Bill of lading MEDUT4949001.pdf',
		description: 'The display name of the document',
	},
	{
		displayName: 'Signed Blob ID',
		name: 'attachedDocument',
		type: 'string',
		required: true,
		default: '',
		description:
			'The ActiveStorage signed blob ID of the file, returned by a direct upload to Terminal49. The file itself is not sent by this operation.',
	},
	{
		displayName: 'If Already Uploaded',
		name: 'onDuplicate',
		type: 'options',
		default: 'returnExisting',
		description: 'What to do when Terminal49 answers that this file was uploaded before',
		options: [
			{
				name: 'Return the Existing Document',
				value: 'returnExisting',
				description: 'Output the document uploaded before, with already_uploaded: true',
			},
			{
				name: 'Fail',
				value: 'fail',
				description: 'Stop with an error (or an error item with Continue On Fail)',
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['upload'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const node = this.getNode();
	const name = assertNotEmpty(node, 'Name', this.getNodeParameter('name', itemIndex), itemIndex);
	const attached = assertNotEmpty(
		node,
		'Signed Blob ID',
		this.getNodeParameter('attachedDocument', itemIndex),
		itemIndex,
	);
	const onDuplicate = this.getNodeParameter('onDuplicate', itemIndex, 'returnExisting') as string;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const request = {
		method: 'POST' as const,
		path: '/documents',
		body: { data: { type: 'document', attributes: { name, attached_document: attached } } },
		itemIndex,
	};
	const response = await apiRequestFull.call(this, { ...request, acceptStatuses: [409] });
	if (response.statusCode !== 409) return documentToItems(response.body, simplify);

	// 409 duplicate_document: the service names the document uploaded before.
	const duplicate = serviceErrors(response.body).find(
		(error) => typeof error.meta?.existing_document_id === 'string',
	);
	const existingId = duplicate?.meta?.existing_document_id as string | undefined;
	if (onDuplicate === 'fail' || !existingId) {
		const existingName = duplicate?.meta?.existing_document_name;
		throw apiError(
			node,
			409,
			{
				message: `This file was already uploaded to Terminal49${existingId ? ` as document ${existingId}` : ''}${
					typeof existingName === 'string' ? ` ("${existingName}")` : ''
				} (409)`,
				description: `Nothing new was created. ${
					existingId
						? 'Set "If Already Uploaded" to "Return the Existing Document" to get that document instead of an error.'
						: 'Terminal49 did not say which document it is: find it with Document > Get Many.'
				} (POST /documents)`,
			},
			response.body,
			itemIndex,
		);
	}
	const existing = await apiRequest.call(this, {
		method: 'GET',
		path: `/documents/${encodeURIComponent(existingId)}`,
		itemIndex,
	});
	if (!simplify)
		return [{ ...existing, meta: { ...(existing.meta ?? {}), already_uploaded: true } }];
	return documentToItems(existing, true).map((item) => ({ ...item, already_uploaded: true }));
}
