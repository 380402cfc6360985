import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { assertHttpUrl } from '../../errors/referenceValidation';
import { assertNotEmpty } from '../../errors/validation';

export const DEFAULT_WIDGET_URL = 'https://widget.terminal49.com';

const properties: INodeProperties[] = [
	{
		displayName:
			'The widget uses a publishable key that Terminal49 issues on request for the widget add-on. It is NOT your API key: never put the API key in a page.',
		name: 'widgetNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Publishable Key',
		name: 'publishableKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. pk_...',
		description: "The widget's publishable key (data-token), not the API key of the credential",
	},
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. MSCU4949012',
		description:
			'Container, bill of lading or shipment reference number to show (data-number). It must be tracked in your account.',
	},
	{
		displayName: 'Widget URL',
		name: 'widgetUrl',
		type: 'string',
		default: DEFAULT_WIDGET_URL,
		description: 'Where the widget script is served; the page loads {Widget URL}/app.bundle.js',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['widget'], operation: ['generateEmbedHtml'] } },
	properties,
);

const HTML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

/** Escapes text for an HTML attribute value (& < > " '). */
export function escapeHtmlAttribute(value: string): string {
	return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

export function embedHtml(publishableKey: string, number: string, widgetUrl: string): string {
	return (
		`<div id="terminal49-tnt-widget" data-token="${escapeHtmlAttribute(publishableKey)}" data-number="${escapeHtmlAttribute(number)}"></div>` +
		`<script src="${escapeHtmlAttribute(`${widgetUrl}/app.bundle.js`)}"></script>`
	);
}

/** No request: builds the embed snippet for a Respond to Webhook node serving a tracking page. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const node = this.getNode();
	const publishableKey = assertNotEmpty(
		node,
		'Publishable Key',
		this.getNodeParameter('publishableKey', itemIndex),
		itemIndex,
	);
	const number = assertNotEmpty(
		node,
		'Number',
		this.getNodeParameter('number', itemIndex),
		itemIndex,
	);
	const widgetUrl = assertHttpUrl(
		node,
		'Widget URL',
		this.getNodeParameter('widgetUrl', itemIndex, DEFAULT_WIDGET_URL) || DEFAULT_WIDGET_URL,
		itemIndex,
	);
	return [{ html: embedHtml(publishableKey, number, widgetUrl), number }];
}
