import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resources } from './actions/resources';
import { router } from './actions/router';
import { listSearch } from './methods';
import * as customFieldSearch from './methods/customFields';

export class Terminal49 implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Terminal49',
		name: 'terminal49',
		icon: { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Track ocean containers with Terminal49: tracking requests, shipments, containers (holds, fees, last free day, pickup readiness), webhooks and lookups',
		defaults: { name: 'Terminal49' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The widget's embed code needs no API call: no credential is asked for it.
		credentials: [{ name: 'terminal49Api', required: true, displayOptions: { hide: { resource: ['widget'] } } }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions,
				default: 'container',
			},
			...Object.values(resources).flatMap((resource) => resource.description),
		],
	};

	methods = { listSearch: { ...listSearch, ...customFieldSearch } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
