import type { INodeProperties } from 'n8n-workflow';

import * as find from './find.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getJourney from './getJourney.operation';
import * as getMap from './getMap.operation';
import * as getRawEvents from './getRawEvents.operation';
import * as getTransportEvents from './getTransportEvents.operation';
import * as refresh from './refresh.operation';
import * as update from './update.operation';

export const operations = {
	find: find.execute,
	get: get.execute,
	getAll: getAll.execute,
	getJourney: getJourney.execute,
	getMap: getMap.execute,
	getRawEvents: getRawEvents.execute,
	getTransportEvents: getTransportEvents.execute,
	refresh: refresh.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['container'] } },
		options: [
			{
				name: 'Find',
				value: 'find',
				action: 'Find containers and where they are by any number',
				description:
					'Find the containers a customer means by any number they quote (container, bill of lading, booking or reference number, or the start of one), each with its status, location, holds, last free day and ETA; a number requested but not tracked yet answers with its tracking request',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get where a container is by its number or ID',
				description:
					'Get a container with its status, holds, fees, last free day and pickup readiness',
			},
			{
				name: 'Get Journey',
				value: 'getJourney',
				action: 'Get why a container is late by container number',
				description:
					'Why is it late: the ETA against the first one announced, the last confirmed move, what comes next, the route with transshipments and any rail leg, from its transport events without the whole timeline',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many containers',
				description: 'List tracked containers, newest first, with pickup readiness and LFD fields',
			},
			{
				name: 'Get Map',
				value: 'getMap',
				action: 'Get the route of a container by container number',
				description:
					'Get the container route as one GeoJSON FeatureCollection (ports, current vessel position, past path, estimated legs); needs the Routing Data add-on',
			},
			{
				name: 'Get Raw Events (Deprecated)',
				value: 'getRawEvents',
				action: 'Get raw events of a container',
				description:
					'Deprecated by Terminal49: the carrier milestones as reported, including estimated future ones. Prefer Get Transport Events.',
			},
			{
				name: 'Get Transport Events',
				value: 'getTransportEvents',
				action: 'Get the history of a container by container number',
				description:
					'List the verified milestones of a container (loaded, departed, arrived, discharged, rail, gate moves), oldest first, with location, terminal and vessel',
			},
			{
				name: 'Refresh',
				value: 'refresh',
				action: 'Refresh a container',
				description:
					'Ask Terminal49 to pull fresh data for a container from carrier, terminal and rail now (paid add-on, 10 per minute); changes arrive by webhook or on the next Get',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a container',
				description: 'Replace the reference numbers of a container',
			},
		],
		default: 'get',
	},
	...find.description,
	...get.description,
	...getAll.description,
	...getJourney.description,
	...getMap.description,
	...getRawEvents.description,
	...getTransportEvents.description,
	...refresh.description,
	...update.description,
];
