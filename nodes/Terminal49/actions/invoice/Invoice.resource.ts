import type { INodeProperties } from 'n8n-workflow';

import * as check from './check.operation';

/** D&D invoices: checked against the FMC's billing rule, the containers' records and the user's tariffs. */
export const operations = {};

/** Operations that take every input item at once (the lines of one invoice are one invoice). */
export const batchOperations = {
	check: check.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invoice'] } },
		options: [
			{
				name: 'Check D&D Invoice',
				value: 'check',
				action: 'Check a D&D invoice against the container',
				description:
					"Check a demurrage or detention invoice, one container's charge per item: the elements the FMC's rule (46 CFR 541.6) requires, its timing, its arithmetic, its dates against the container's Terminal49 record and your tariff; returns a verdict, the amount in dispute and a dispute draft",
			},
		],
		default: 'check',
	},
	...check.description,
];
