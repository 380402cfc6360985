/** The container map validator (domain/geojson.ts) rule by rule. */
import {
	describeMapProblem,
	featureProblem,
	validateMapFeatureCollection,
} from '../../nodes/Terminal49/domain/geojson';

const point = (feature_type: string, coordinates: unknown) => ({
	type: 'Feature',
	geometry: { type: 'Point', coordinates },
	properties: { feature_type },
});
const line = (feature_type: string, coordinates: unknown) => ({
	type: 'Feature',
	geometry: { type: 'LineString', coordinates },
	properties: { feature_type },
});

describe('validateMapFeatureCollection', () => {
	it('accepts every feature kind of the spec with valid geometry, and an empty collection', () => {
		const map = {
			type: 'FeatureCollection',
			features: [
				point('port', [121.47, 31.23]),
				point('current_vessel', [-150, 20.5]),
				line('past_vessel_locations', [
					[121.47, 31.23],
					[140, 30],
				]),
				line('estimated_full_legs', [
					[140, 30],
					[-118.27, 33.74],
					[-118.2, 33.7],
				]),
				line('estimated_partial_leg', [
					[0, 0],
					[180, -90],
				]),
			],
		};
		expect(validateMapFeatureCollection(map)).toEqual({ problems: [] });
		expect(validateMapFeatureCollection({ type: 'FeatureCollection', features: [] })).toEqual({
			problems: [],
		});
	});

	it.each([
		[
			point('port', [1, 2, 3]),
			'Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got [1,2,3]',
		],
		[
			point('port', [1]),
			'Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got [1]',
		],
		[
			point('port', ['1', 2]),
			'Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got ["1",2]',
		],
		[
			point('port', [null, 2]),
			'Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got [null,2]',
		],
		[
			point('port', [33.7, -118.2]),
			'Point coordinates: latitude must be between -90 and 90 (latitude comes second); got [33.7,-118.2]',
		],
		[
			point('port', [200, 10]),
			'Point coordinates: longitude must be between -180 and 180 (longitude comes first); got [200,10]',
		],
		[
			line('estimated_full_legs', [[1, 2]]),
			'LineString coordinates must hold at least 2 positions; got 1',
		],
		[
			line('estimated_full_legs', []),
			'LineString coordinates must hold at least 2 positions; got 0',
		],
		[
			line('past_vessel_locations', [[1, 2], [3]]),
			'LineString position 1: a position must be exactly 2 numbers [longitude, latitude]; got [3]',
		],
		[
			line('port', [
				[1, 2],
				[3, 4],
			]),
			'feature_type "port" must have a Point geometry; got LineString',
		],
		[
			point('estimated_partial_leg', [1, 2]),
			'feature_type "estimated_partial_leg" must have a LineString geometry; got Point',
		],
		[
			{
				type: 'Feature',
				geometry: { type: 'Polygon', coordinates: [] },
				properties: { feature_type: 'port' },
			},
			'geometry type must be Point or LineString; got "Polygon"',
		],
		[
			{ type: 'Feature', geometry: null, properties: { feature_type: 'port' } },
			'geometry must be an object; got null',
		],
		[
			{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} },
			'properties.feature_type is required; got undefined',
		],
		[
			{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] } },
			'properties must be an object; got undefined',
		],
		[
			{
				type: 'Thing',
				geometry: { type: 'Point', coordinates: [1, 2] },
				properties: { feature_type: 'port' },
			},
			'type must be "Feature"; got "Thing"',
		],
	])('feature %j breaks: %s', (feature, rule) => {
		expect(featureProblem(feature)?.rule).toBe(rule);
	});

	it('accepts an unknown feature_type with valid geometry (forward compatible)', () => {
		expect(featureProblem(point('weather_alert', [1, 2]))).toBeUndefined();
		expect(featureProblem(line('weather_alert', [[1, 2]]))?.rule).toMatch(/at least 2 positions/);
	});

	it('reports every broken feature by index', () => {
		const result = validateMapFeatureCollection({
			type: 'FeatureCollection',
			features: [
				point('port', [1, 2]),
				point('current_vessel', [1, 2, 3]),
				line('estimated_full_legs', [[1, 2]]),
			],
		});
		expect(result.problems.map(describeMapProblem)).toEqual([
			'feature 1 (current_vessel): Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got [1,2,3]',
			'feature 2 (estimated_full_legs): LineString coordinates must hold at least 2 positions; got 1',
		]);
	});

	it('rejects a document that is not a FeatureCollection', () => {
		expect(validateMapFeatureCollection({ type: 'Feature' }).collectionProblem).toBe(
			'type must be "FeatureCollection"; got "Feature"',
		);
		expect(validateMapFeatureCollection({ type: 'FeatureCollection' }).collectionProblem).toBe(
			'features must be an array; got undefined',
		);
		expect(validateMapFeatureCollection([]).collectionProblem).toBe(
			'the map is not a JSON object; got []',
		);
	});
});
