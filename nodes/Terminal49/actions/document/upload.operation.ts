import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';

/**
 * The document's name: `documentName` from node version 3, `name` before. n8n's editor offers no "Defined
 * automatically by the model" button on a parameter named `name` (n8n 1.x; n8n issue 28261), so an agent's
 * tool could not be given it; workflows saved with versions 1 and 2 keep theirs under `name`.
 */
const documentName: INodeProperties = {
	displayName: 'Name',
	name: 'documentName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Bill of lading MEDUT4949001.pdf',
	description: 'The display name of the document',
	displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
};

const properties: INodeProperties[] = [
	{ ...documentName, name: 'name', displayOptions: { show: { '@version': [1, 2] } } },
	documentName,
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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['upload'] } },
	properties,
);

/** POST /documents with a signed blob; the same file again gives back the document uploaded before. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const parameter = node.typeVersion >= 3 ? 'documentName' : 'name';
	const name = assertNotEmpty(node, 'Name', this.getNodeParameter(parameter, itemIndex), itemIndex);
	const attachedDocument = assertNotEmpty(
		node,
		'Signed Blob ID',
		this.getNodeParameter('attachedDocument', itemIndex),
		itemIndex,
	);
	const onDuplicate =
		this.getNodeParameter('onDuplicate', itemIndex, 'returnExisting') === 'fail'
			? 'fail'
			: 'returnExisting';
	return await terminal49(this, itemIndex).documents.upload(
		{ name, attachedDocument },
		onDuplicate,
	);
}
