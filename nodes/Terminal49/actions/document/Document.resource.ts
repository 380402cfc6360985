import type { INodeProperties } from 'n8n-workflow';

import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getDownloadUrl from './getDownloadUrl.operation';
import * as getTypes from './getTypes.operation';
import * as reclassify from './reclassify.operation';
import * as reextract from './reextract.operation';
import * as relink from './relink.operation';
import * as rotate from './rotate.operation';
import * as update from './update.operation';
import * as upload from './upload.operation';

export const operations = {
	delete: del.execute,
	get: get.execute,
	getAll: getAll.execute,
	getDownloadUrl: getDownloadUrl.execute,
	getTypes: getTypes.execute,
	reclassify: reclassify.execute,
	reextract: reextract.execute,
	relink: relink.execute,
	rotate: rotate.execute,
	update: update.execute,
	upload: upload.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a document',
				description: 'Delete (discard) a document',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a document',
				description:
					'Get a document with its type, source and file details, optionally with linked shipments and extraction',
			},
			{
				name: 'Get Download URL',
				value: 'getDownloadUrl',
				action: 'Get a document download URL',
				description: 'Get a short-lived URL to download or view the document file',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many documents',
				description:
					'List documents, optionally by file name, reference (BL or container number) or document type',
			},
			{
				name: 'Get Types',
				value: 'getTypes',
				action: 'Get the document types',
				description: 'List the document type codes and labels the account can use',
			},
			{
				name: 'Re-Classify',
				value: 'reclassify',
				action: 'Classify a document again',
				description: 'Queue the document for classification again (runs in the background)',
			},
			{
				name: 'Re-Extract',
				value: 'reextract',
				action: 'Extract data from a document again',
				description: 'Queue the document for data extraction again (runs in the background)',
			},
			{
				name: 'Re-Link',
				value: 'relink',
				action: 'Link a document again',
				description:
					'Run reference linking again so the document attaches to matching shipments and containers',
			},
			{
				name: 'Rotate',
				value: 'rotate',
				action: 'Rotate a document',
				description: 'Rotate an image document by 90, 180 or 270 degrees (runs in the background)',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a document',
				description: 'Set the document type manually or store manually extracted data',
			},
			{
				name: 'Upload',
				value: 'upload',
				action: 'Upload a document',
				description:
					'Create a document from a file already uploaded to Terminal49 (its signed blob ID)',
			},
		],
		default: 'getAll',
	},
	...del.description,
	...get.description,
	...getAll.description,
	...getDownloadUrl.description,
	...getTypes.description,
	...reclassify.description,
	...reextract.description,
	...relink.description,
	...rotate.description,
	...update.description,
	...upload.description,
];
