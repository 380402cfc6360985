/** Custom field definitions and options, custom fields (global and per entity). */
import { attributesOf, checkType, dataOf, invalid, type Json } from '../jsonapi';
import type { Ctx, Reply, Route } from '../router';
import type { CustomFieldDefinitionRec, CustomFieldRec } from '../types';
import { doc, empty, list, must, selfLinks, str } from './common';

const DATA_TYPES = [
	'short_text',
	'number',
	'date',
	'datetime',
	'boolean',
	'enum',
	'enum_multi',
	'reference',
];
const ENTITY_TYPES: Record<CustomFieldRec['entityType'], CustomFieldDefinitionRec['entityType']> = {
	shipment: 'Shipment',
	container: 'Container',
	tracking_request: 'TrackingRequest',
};

function validateValue(ctx: Ctx, def: CustomFieldDefinitionRec, value: unknown): unknown {
	const bad = (why: string) =>
		invalid('/data/attributes/value', `Value ${why} for ${def.apiSlug} (${def.dataType})`);
	if (value === null) return null;
	const options = ctx.app.store.customFieldOptions
		.all()
		.filter((o) => o.definitionId === def.id)
		.map((o) => o.value);
	switch (def.dataType) {
		case 'number':
			if (typeof value !== 'number') throw bad('must be a number');
			return value;
		case 'boolean':
			if (typeof value !== 'boolean') throw bad('must be true or false');
			return value;
		case 'date':
		case 'datetime':
			if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
				throw bad('must be an ISO 8601 date');
			return value;
		case 'enum':
			if (typeof value !== 'string' || (options.length && !options.includes(value)))
				throw bad(`must be one of ${options.join(', ')}`);
			return value;
		case 'enum_multi':
			if (
				!Array.isArray(value) ||
				value.some((v) => typeof v !== 'string' || (options.length && !options.includes(v)))
			)
				throw bad(`must be an array of ${options.join(', ')}`);
			return value;
		case 'short_text':
			if (typeof value !== 'string') throw bad('must be a string');
			return value;
		default:
			return value;
	}
}

function entityExists(ctx: Ctx, type: CustomFieldRec['entityType'], id: string): boolean {
	const s = ctx.app.store;
	return type === 'shipment'
		? s.shipments.has(id)
		: type === 'container'
			? s.containers.has(id)
			: s.trackingRequests.has(id);
}

function createField(ctx: Ctx, entityType: CustomFieldRec['entityType'], entityId: string): Reply {
	checkType(ctx.body, 'custom_field');
	const a = attributesOf(ctx.body);
	const slug = str(a, 'api_slug', { required: true })!;
	if (!('value' in a)) throw invalid('/data/attributes/value', "Value can't be blank", 'blank');
	const def = ctx.app.store.customFieldDefinitions.find(
		(d) => d.apiSlug === slug && d.entityType === ENTITY_TYPES[entityType],
	);
	if (!def)
		throw invalid(
			'/data/attributes/api_slug',
			`No custom field definition ${slug} for ${ENTITY_TYPES[entityType]}`,
			'not_found',
		);
	if (ctx.app.store.customFields.find((f) => f.entityId === entityId && f.apiSlug === slug))
		throw invalid(
			'/data/attributes/api_slug',
			`Api slug ${slug} has already been set on this ${entityType}`,
			'taken',
		);
	const f = ctx.app.store.customFields.add({
		id: ctx.app.store.newId(),
		definitionId: def.id,
		apiSlug: slug,
		entityType,
		entityId,
		value: validateValue(ctx, def, a.value),
		createdAt: Date.now(),
	});
	return doc(201, ctx.ser.customField(f), selfLinks(ctx, `/custom_fields/${f.id}`));
}

function updateField(ctx: Ctx, f: CustomFieldRec): Reply {
	checkType(ctx.body, 'custom_field');
	const a = attributesOf(ctx.body);
	if (!('value' in a)) throw invalid('/data/attributes/value', "Value can't be blank", 'blank');
	f.value = validateValue(ctx, ctx.app.store.customFieldDefinitions.get(f.definitionId)!, a.value);
	return doc(200, ctx.ser.customField(f), selfLinks(ctx, `/custom_fields/${f.id}`));
}

/** The four routes of custom fields scoped to one entity type. */
function scopedRoutes(
	base: string,
	param: string,
	entityType: CustomFieldRec['entityType'],
): Route[] {
	const entity = (ctx: Ctx) => {
		const id = ctx.params[param];
		if (!entityExists(ctx, entityType, id)) must(undefined, entityType.replace('_', ' '));
		return id;
	};
	const field = (ctx: Ctx) =>
		must(
			ctx.app.store.customFields.find(
				(f) => f.entityId === entity(ctx) && f.apiSlug === ctx.params.api_slug,
			),
			'Custom field',
		);
	return [
		{
			method: 'GET',
			pattern: `/${base}/:${param}/custom_fields`,
			handler: (ctx) => {
				const id = entity(ctx);
				return list(
					ctx,
					ctx.app.store.customFields
						.all()
						.filter((f) => f.entityId === id)
						.reverse(),
					(f) => ctx.ser.customField(f),
				);
			},
		},
		{
			method: 'POST',
			pattern: `/${base}/:${param}/custom_fields`,
			handler: (ctx) => createField(ctx, entityType, entity(ctx)),
		},
		{
			method: 'PATCH',
			pattern: `/${base}/:${param}/custom_fields/:api_slug`,
			handler: (ctx) => updateField(ctx, field(ctx)),
		},
		{
			method: 'DELETE',
			pattern: `/${base}/:${param}/custom_fields/:api_slug`,
			handler: (ctx) => {
				ctx.app.store.customFields.remove(field(ctx).id);
				return empty(204);
			},
		},
	];
}

export const customFieldRoutes: Route[] = [
	// Custom field definitions
	{
		method: 'GET',
		pattern: '/custom_field_definitions',
		handler: (ctx) => {
			const q = ctx.query;
			const items = ctx.app.store.customFieldDefinitions
				.all()
				.filter(
					(d) =>
						(!q['filter[entity_type]'] || d.entityType === q['filter[entity_type]']) &&
						(!q['filter[data_type]'] || d.dataType === q['filter[data_type]']) &&
						(!q['filter[display_name]'] ||
							d.displayName.toLowerCase().startsWith(q['filter[display_name]'].toLowerCase())),
				);
			return list(ctx, items.reverse(), (d) => ctx.ser.customFieldDefinition(d));
		},
	},
	{
		method: 'POST',
		pattern: '/custom_field_definitions',
		handler: (ctx) => {
			checkType(ctx.body, 'custom_field_definition');
			const a = attributesOf(ctx.body);
			const entityType = str(a, 'entity_type', { required: true })!;
			if (!['Shipment', 'Container'].includes(entityType))
				throw invalid(
					'/data/attributes/entity_type',
					'Entity type must be Shipment or Container',
					'inclusion',
				);
			const slug = str(a, 'api_slug', { required: true })!;
			if (!/^[a-z][a-z0-9_]*$/.test(slug))
				throw invalid(
					'/data/attributes/api_slug',
					'Api slug must be lowercase letters, digits and underscores',
				);
			if (
				ctx.app.store.customFieldDefinitions.find(
					(d) => d.apiSlug === slug && d.entityType === entityType,
				)
			)
				throw invalid('/data/attributes/api_slug', 'Api slug has already been taken', 'taken');
			const displayName = str(a, 'display_name', { required: true })!;
			const dataType = str(a, 'data_type', { required: true })!;
			if (!DATA_TYPES.includes(dataType))
				throw invalid(
					'/data/attributes/data_type',
					`Data type must be one of ${DATA_TYPES.join(', ')}`,
					'inclusion',
				);
			const d = ctx.app.store.customFieldDefinitions.add({
				id: ctx.app.store.newId(),
				entityType: entityType as CustomFieldDefinitionRec['entityType'],
				apiSlug: slug,
				displayName,
				dataType,
				referenceType: (a.reference_type as string | null) ?? null,
				validation: (a.validation as Json | null) ?? null,
				defaultFormat: (a.default_format as string | null) ?? null,
				defaultValue: a.default_value ?? null,
				createdAt: Date.now(),
			});
			return doc(
				201,
				ctx.ser.customFieldDefinition(d),
				selfLinks(ctx, `/custom_field_definitions/${d.id}`),
			);
		},
	},
	{
		method: 'GET',
		pattern: '/custom_field_definitions/:id',
		handler: (ctx) =>
			doc(
				200,
				ctx.ser.customFieldDefinition(
					must(ctx.app.store.customFieldDefinitions.get(ctx.params.id), 'Custom field definition'),
				),
				selfLinks(ctx, ctx.path),
			),
	},
	{
		method: 'PATCH',
		pattern: '/custom_field_definitions/:id',
		handler: (ctx) => {
			const d = must(
				ctx.app.store.customFieldDefinitions.get(ctx.params.id),
				'Custom field definition',
			);
			checkType(ctx.body, 'custom_field_definition');
			const a = attributesOf(ctx.body);
			const name = str(a, 'display_name');
			if (name !== undefined) d.displayName = name;
			if ('validation' in a) d.validation = (a.validation as Json | null) ?? null;
			if ('default_format' in a) d.defaultFormat = (a.default_format as string | null) ?? null;
			if ('default_value' in a) d.defaultValue = a.default_value ?? null;
			return doc(200, ctx.ser.customFieldDefinition(d), selfLinks(ctx, ctx.path));
		},
	},
	{
		method: 'DELETE',
		pattern: '/custom_field_definitions/:id',
		handler: (ctx) => {
			const d = must(
				ctx.app.store.customFieldDefinitions.get(ctx.params.id),
				'Custom field definition',
			);
			ctx.app.store.customFieldDefinitions.remove(d.id);
			for (const o of ctx.app.store.customFieldOptions.all().filter((x) => x.definitionId === d.id))
				ctx.app.store.customFieldOptions.remove(o.id);
			for (const f of ctx.app.store.customFields.all().filter((x) => x.definitionId === d.id))
				ctx.app.store.customFields.remove(f.id);
			return empty(200);
		},
	},

	// Options of a definition
	{
		method: 'GET',
		pattern: '/custom_field_definitions/:definition_id/options',
		handler: (ctx) => {
			const d = must(
				ctx.app.store.customFieldDefinitions.get(ctx.params.definition_id),
				'Custom field definition',
			);
			const items = ctx.app.store.customFieldOptions
				.all()
				.filter((o) => o.definitionId === d.id)
				.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
			return list(ctx, items, (o) => ctx.ser.customFieldOption(o));
		},
	},
	{
		method: 'POST',
		pattern: '/custom_field_definitions/:definition_id/options',
		handler: (ctx) => {
			const d = must(
				ctx.app.store.customFieldDefinitions.get(ctx.params.definition_id),
				'Custom field definition',
			);
			checkType(ctx.body, 'custom_field_option');
			const a = attributesOf(ctx.body);
			const label = str(a, 'label', { required: true })!;
			const value = str(a, 'value', { required: true })!;
			if (
				ctx.app.store.customFieldOptions.find((o) => o.definitionId === d.id && o.value === value)
			)
				throw invalid('/data/attributes/value', 'Value has already been taken', 'taken');
			const position = typeof a.position === 'number' ? a.position : null;
			const o = ctx.app.store.customFieldOptions.add({
				id: ctx.app.store.newId(),
				definitionId: d.id,
				label,
				value,
				position,
				createdAt: Date.now(),
			});
			return doc(
				201,
				ctx.ser.customFieldOption(o),
				selfLinks(ctx, `/custom_field_definitions/${d.id}/options/${o.id}`),
			);
		},
	},
	...(['GET', 'PATCH', 'DELETE'] as const).map(
		(method): Route => ({
			method,
			pattern: '/custom_field_definitions/:definition_id/options/:option_id',
			handler: (ctx) => {
				const o = must(
					ctx.app.store.customFieldOptions.find(
						(x) => x.id === ctx.params.option_id && x.definitionId === ctx.params.definition_id,
					),
					'Custom field option',
				);
				if (method === 'DELETE') {
					ctx.app.store.customFieldOptions.remove(o.id);
					return empty(200);
				}
				if (method === 'PATCH') {
					checkType(ctx.body, 'custom_field_option');
					const a = attributesOf(ctx.body);
					const label = str(a, 'label');
					if (label !== undefined) o.label = label;
					if ('position' in a) o.position = typeof a.position === 'number' ? a.position : null;
				}
				return doc(200, ctx.ser.customFieldOption(o), selfLinks(ctx, ctx.path));
			},
		}),
	),

	// Custom fields
	{
		method: 'GET',
		pattern: '/custom_fields',
		handler: (ctx) => {
			const q = ctx.query;
			const items = ctx.app.store.customFields
				.all()
				.filter(
					(f) =>
						(!q['filter[entity_type]'] ||
							f.entityType === q['filter[entity_type]'] ||
							ENTITY_TYPES[f.entityType] === q['filter[entity_type]']) &&
						(!q['filter[entity_id]'] || f.entityId === q['filter[entity_id]']) &&
						(!q['filter[definition_id]'] || f.definitionId === q['filter[definition_id]']),
				);
			return list(ctx, items.reverse(), (f) => ctx.ser.customField(f));
		},
	},
	{
		method: 'POST',
		pattern: '/custom_fields',
		handler: (ctx) => {
			const rel = ((dataOf(ctx.body).relationships as Json | undefined)?.entity as Json | undefined)
				?.data as Json | undefined;
			const type = rel?.type as CustomFieldRec['entityType'] | undefined;
			const id = rel?.id as string | undefined;
			if (!type || !id || !(type in ENTITY_TYPES))
				throw invalid(
					'/data/relationships/entity',
					'Entity must be a shipment or container {type, id}',
					'blank',
				);
			if (!entityExists(ctx, type, id))
				throw invalid('/data/relationships/entity/data/id', `${type} ${id} not found`, 'not_found');
			return createField(ctx, type, id);
		},
	},
	{
		method: 'GET',
		pattern: '/custom_fields/:id',
		handler: (ctx) =>
			doc(
				200,
				ctx.ser.customField(must(ctx.app.store.customFields.get(ctx.params.id), 'Custom field')),
				selfLinks(ctx, ctx.path),
			),
	},
	{
		method: 'PATCH',
		pattern: '/custom_fields/:id',
		handler: (ctx) =>
			updateField(ctx, must(ctx.app.store.customFields.get(ctx.params.id), 'Custom field')),
	},
	{
		method: 'DELETE',
		pattern: '/custom_fields/:id',
		handler: (ctx) => {
			must(ctx.app.store.customFields.get(ctx.params.id), 'Custom field');
			ctx.app.store.customFields.remove(ctx.params.id);
			return empty(200);
		},
	},
	...scopedRoutes('tracking_requests', 'tracking_request_id', 'tracking_request'),
	...scopedRoutes('shipments', 'shipment_id', 'shipment'),
	...scopedRoutes('containers', 'container_id', 'container'),
];
