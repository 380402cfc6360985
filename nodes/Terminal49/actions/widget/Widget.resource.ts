import type { INodeProperties } from 'n8n-workflow';

import * as generateEmbedHtml from './generateEmbedHtml.operation';

export const operations = { generateEmbedHtml: generateEmbedHtml.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['widget'] } },
		options: [
			{
				name: 'Generate Embed HTML',
				value: 'generateEmbedHtml',
				action: 'Generate tracking widget embed HTML',
				description:
					"Build the HTML of Terminal49's tracking widget for one number (no request is made); send it with Respond to Webhook to serve a tracking page",
			},
		],
		default: 'generateEmbedHtml',
	},
	...generateEmbedHtml.description,
];
