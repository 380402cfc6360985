import type { IDataObject } from 'n8n-workflow';

import { isObject } from './values';

/**
 * Checks the container map (GET /containers/{id}/map_geojson) against the spec's geometry rules:
 * - the document is `{type: "FeatureCollection", features: [...]}`;
 * - each feature is `{type: "Feature", geometry, properties}` with a `properties.feature_type`;
 * - Point: `coordinates` is exactly 2 numbers, longitude (-180..180) first, then latitude (-90..90);
 * - LineString: at least 2 positions, each exactly 2 numbers (longitude, latitude);
 * - `port` and `current_vessel` are Points; `past_vessel_locations`, `estimated_full_legs` and
 *   `estimated_partial_leg` are LineStrings. A feature_type the spec does not list is accepted when its
 *   geometry is a valid Point or LineString (the service may add kinds).
 */
export const MAP_FEATURE_GEOMETRY: Record<string, 'Point' | 'LineString'> = {
	port: 'Point',
	current_vessel: 'Point',
	past_vessel_locations: 'LineString',
	estimated_full_legs: 'LineString',
	estimated_partial_leg: 'LineString',
};

export interface MapFeatureProblem {
	/** Position of the feature in `features` (0-based). */
	index: number;
	featureType?: string;
	rule: string;
}

export interface MapValidation {
	/** Set when the document itself is not a FeatureCollection (no feature can be kept). */
	collectionProblem?: string;
	problems: MapFeatureProblem[];
}

const show = (value: unknown): string => {
	const text = JSON.stringify(value);
	if (text === undefined) return String(value);
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** Why a position is not `[longitude, latitude]`, or undefined when it is one. */
export function positionProblem(position: unknown): string | undefined {
	if (!Array.isArray(position) || position.length !== 2) {
		return `a position must be exactly 2 numbers [longitude, latitude]; got ${show(position)}`;
	}
	const [lon, lat] = position as unknown[];
	if (
		typeof lon !== 'number' ||
		typeof lat !== 'number' ||
		!Number.isFinite(lon) ||
		!Number.isFinite(lat)
	) {
		return `a position must be exactly 2 numbers [longitude, latitude]; got ${show(position)}`;
	}
	if (lon < -180 || lon > 180)
		return `longitude must be between -180 and 180 (longitude comes first); got ${show(position)}`;
	if (lat < -90 || lat > 90)
		return `latitude must be between -90 and 90 (latitude comes second); got ${show(position)}`;
	return undefined;
}

function geometryProblem(geometry: unknown): string | undefined {
	if (!isObject(geometry)) return `geometry must be an object; got ${show(geometry)}`;
	const { type, coordinates } = geometry;
	if (type === 'Point') {
		const problem = positionProblem(coordinates);
		return problem ? `Point coordinates: ${problem}` : undefined;
	}
	if (type === 'LineString') {
		if (!Array.isArray(coordinates) || coordinates.length < 2) {
			return `LineString coordinates must hold at least 2 positions; got ${
				Array.isArray(coordinates) ? `${coordinates.length}` : show(coordinates)
			}`;
		}
		for (let i = 0; i < coordinates.length; i++) {
			const problem = positionProblem(coordinates[i]);
			if (problem) return `LineString position ${i}: ${problem}`;
		}
		return undefined;
	}
	return `geometry type must be Point or LineString; got ${show(type)}`;
}

/** The problem of one feature, or undefined when it follows the rules. */
export function featureProblem(
	feature: unknown,
): { featureType?: string; rule: string } | undefined {
	if (!isObject(feature)) return { rule: `a feature must be an object; got ${show(feature)}` };
	const properties = feature.properties;
	const featureType =
		isObject(properties) && typeof properties.feature_type === 'string'
			? properties.feature_type
			: undefined;
	if (feature.type !== 'Feature')
		return { featureType, rule: `type must be "Feature"; got ${show(feature.type)}` };
	if (!isObject(properties))
		return { featureType, rule: `properties must be an object; got ${show(properties)}` };
	if (!featureType)
		return { rule: `properties.feature_type is required; got ${show(properties.feature_type)}` };
	const problem = geometryProblem(feature.geometry);
	if (problem) return { featureType, rule: problem };
	const expected = MAP_FEATURE_GEOMETRY[featureType];
	const actual = (feature.geometry as IDataObject).type;
	if (expected && actual !== expected) {
		return {
			featureType,
			rule: `feature_type "${featureType}" must have a ${expected} geometry; got ${String(actual)}`,
		};
	}
	return undefined;
}

/** Every rule the map document breaks; empty `problems` and no `collectionProblem` means valid. */
export function validateMapFeatureCollection(document: unknown): MapValidation {
	if (!isObject(document))
		return {
			collectionProblem: `the map is not a JSON object; got ${show(document)}`,
			problems: [],
		};
	if (document.type !== 'FeatureCollection') {
		return {
			collectionProblem: `type must be "FeatureCollection"; got ${show(document.type)}`,
			problems: [],
		};
	}
	if (!Array.isArray(document.features)) {
		return {
			collectionProblem: `features must be an array; got ${show(document.features)}`,
			problems: [],
		};
	}
	const problems: MapFeatureProblem[] = [];
	document.features.forEach((feature, index) => {
		const problem = featureProblem(feature);
		if (problem) problems.push({ index, ...problem });
	});
	return { problems };
}

/** "feature 3 (current_vessel): Point coordinates: ..." */
export function describeMapProblem(problem: MapFeatureProblem): string {
	return `feature ${problem.index}${problem.featureType ? ` (${problem.featureType})` : ''}: ${problem.rule}`;
}
