import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { describeMapProblem, validateMapFeatureCollection } from '../../domain/geojson';
import { terminal49 } from '../../client';
import { readLocator } from '../../parameters';
import { containerLocator } from '../../parameters/locators';

const properties: INodeProperties[] = [
	containerLocator(),
	{
		displayName: 'Invalid Features',
		name: 'invalidFeatures',
		type: 'options',
		default: 'error',
		description:
			'What to do when a feature breaks the GeoJSON rules (Point = [longitude, latitude]; LineString = at least 2 such positions; feature_type matches its geometry)',
		options: [
			{
				name: 'Stop With an Error',
				value: 'error',
				description: 'Fail the item, naming the feature and the rule it breaks',
			},
			{
				name: 'Drop Them',
				value: 'drop',
				description:
					'Return the collection without the invalid features, so a map library can still draw the rest',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getMap'] } },
	properties,
);

/** GET /containers/{id}/map_geojson: the FeatureCollection as one item, checked against the spec's rules. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('routing_data', 'Container > Get Map');
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	const mode = this.getNodeParameter('invalidFeatures', itemIndex, 'error') as string;
	const document = await t49.containers.map(id);
	const { collectionProblem, problems } = validateMapFeatureCollection(document);
	if (collectionProblem) {
		throw new NodeOperationError(
			this.getNode(),
			`Terminal49 returned a container map that is not a GeoJSON FeatureCollection: ${collectionProblem}`,
			{
				itemIndex,
				description: `Nothing was returned for container ${id}. Try again later; if it persists, report it to Terminal49.`,
			},
		);
	}
	if (problems.length === 0) return [document];
	if (mode !== 'drop') {
		const [first] = problems;
		throw new NodeOperationError(
			this.getNode(),
			`Terminal49 returned an invalid container map: ${describeMapProblem(first)}${problems.length > 1 ? ` (and ${problems.length - 1} more invalid feature(s))` : ''}`,
			{
				itemIndex,
				description: `Set "Invalid Features" to "Drop Them" to get the map without them. Every problem: ${problems.map(describeMapProblem).join('; ')}`,
			},
		);
	}
	const invalid = new Set(problems.map((problem) => problem.index));
	this.logger.warn(
		`Terminal49 container map ${id}: dropped ${invalid.size} invalid feature(s): ${problems.map(describeMapProblem).join('; ')}`,
	);
	const features = (document.features as unknown[]).filter((_, index) => !invalid.has(index));
	return [{ ...document, features } as IDataObject];
}
