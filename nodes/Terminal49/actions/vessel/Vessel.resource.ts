import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getFuturePositions from './getFuturePositions.operation';
import * as getFuturePositionsWithCoordinates from './getFuturePositionsWithCoordinates.operation';

export const operations = {
	get: get.execute,
	getFuturePositions: getFuturePositions.execute,
	getFuturePositionsWithCoordinates: getFuturePositionsWithCoordinates.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['vessel'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a vessel',
				description:
					'Get a vessel by IMO or ID: name, MMSI, current position, speed and heading; optionally its past positions (Routing Data add-on)',
			},
			{
				name: 'Get Future Positions',
				value: 'getFuturePositions',
				action: 'Get future positions of a vessel',
				description:
					'Get the estimated positions of a vessel from its current position to a destination port (Routing Data add-on)',
			},
			{
				name: 'Get Future Positions From Coordinates',
				value: 'getFuturePositionsWithCoordinates',
				action: 'Get future positions of a vessel from coordinates',
				description:
					'Get the estimated positions of a vessel from given coordinates to a destination port (Routing Data add-on)',
			},
		],
		default: 'get',
	},
	...get.description,
	...getFuturePositions.description,
	...getFuturePositionsWithCoordinates.description,
];
