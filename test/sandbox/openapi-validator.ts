/**
 * Validate response bodies against the response schemas of Terminal49's openapi.json.
 *
 *   const v = createOpenApiValidator();
 *   v.assertResponse('GET', '/v2/containers/123', 200, body); // throws with ajv errors when invalid
 *
 * The schema is found by method + path template (static segments win over `{params}`) + status; an
 * undocumented 4xx/5xx falls back to the JSON:API error document `{errors: [error]}`.
 *
 * A few corrections are applied to the public spec where it contradicts the live service and its own
 * examples (see KNOWN_SPEC_CORRECTIONS); everything else is validated as published.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_OPENAPI_PATH = path.join(__dirname, '..', 'fixtures', 'openapi.json');

type Json = Record<string, any>;

export const KNOWN_SPEC_CORRECTIONS = [
	'components.schemas.container.properties.type.enum is ["account"] (copy-paste slip): "container" is accepted too, as the service and the webhook examples send it.',
	'webhook_notification reference_object types: container_created_event and container_pod_terminal_changed_event are accepted, as in the webhook examples for container.created and container.pod_terminal_changed.',
	'tracking_request.attributes.scac may be null (a pending request with auto_detect_vocc_scac has no carrier yet).',
	'#/components/schemas/user is referenced but not defined: it is treated as any object.',
	'format "uri" accepts absolute paths ("/v2/shipments/…", as in every resource links.self of the examples) and unencoded [ ] in query strings ("?page[number]=2", as in the pagination links of the examples).',
	// Where the live service's documents (test/fixtures/real-responses) contradict the schemas:
	'port latitude and longitude may be decimal strings ("35.10162"): the live service sends them so (ports.get.json, the ports included in containers.events.json).',
	'relationship data the live service sends as null although the schema does not allow it: container pickup_facility (containers.get.base.json), tracking_request customer (tracking-requests.get.base.json), raw_event vessel (containers.raw-events.json), shipment line_tracking_stopped_by_user (shipments.get.base.json).',
	// Not from the live documents (none shows the case), from openapi contradicting itself or the sandbox's
	// reading of the live data:
	"GET /shipments and GET /shipments/{id} `included` may also hold metro_area and rail_terminal resources: the shipment schema's own destination and destination_terminal relationships name those types, but `included` lists only container, port and terminal.",
	"terminal relationships.port data may be null: an inland rail facility, which the live service gives as a `terminal` when it is a rail container's pickup_facility (containers.list.json), lies at no port.",
	'container pickup_lfd may be the date "2099-12-31" (not a date-time): the sentinel Terminal49\'s selected-deadline serializer sends in its place (API-DRIFT.md section 6; its contract fixtures, test/fixtures/pod-deadline-contract.json); the POD last free day is then import_deadlines.pod.unified, which openapi does not describe yet.',
	"GET /containers `included` may also hold terminal and transport_event resources: the live service's documented includes of a container list are shipment, pod_terminal, pickup_facility and transport_events (API-DRIFT.md section 2, from Terminal49's SDK), as GET /containers/{id} allows; openapi's list schema names shipments only.",
];

/** `properties.data` of a relationship of a component schema, made nullable. */
function nullableRelationship(s: Json, type: string, relationship: string): void {
	s[type].properties.relationships.properties[relationship].properties.data.nullable = true;
}

/** OpenAPI 3.0 `nullable` without `type` (e.g. custom_field_value) -> JSON Schema `anyOf [null, …]`. */
function translateNullable(node: any): void {
	if (Array.isArray(node)) return node.forEach(translateNullable);
	if (!node || typeof node !== 'object') return;
	for (const v of Object.values(node)) translateNullable(v);
	if (node.nullable === true && node.type === undefined && !node.$ref) {
		const rest = { ...node };
		delete rest.nullable;
		for (const k of Object.keys(node)) delete node[k];
		node.anyOf = [{ type: 'null' }, rest];
	}
}

function applyCorrections(spec: Json): Json {
	const s = spec.components.schemas;
	for (const coordinate of ['latitude', 'longitude']) {
		const prop = s.port.properties.attributes.properties[coordinate];
		s.port.properties.attributes.properties[coordinate] = {
			anyOf: [{ type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' }, prop],
		};
	}
	nullableRelationship(s, 'container', 'pickup_facility');
	nullableRelationship(s, 'tracking_request', 'customer');
	nullableRelationship(s, 'raw_event', 'vessel');
	nullableRelationship(s, 'shipment', 'line_tracking_stopped_by_user');
	nullableRelationship(s, 'terminal', 'port');
	for (const p of ['/shipments', '/shipments/{id}']) {
		const included =
			spec.paths[p].get.responses['200'].content['application/json'].schema.properties.included;
		included.items.anyOf.push(
			{ $ref: '#/components/schemas/metro_area' },
			{ $ref: '#/components/schemas/rail_terminal' },
		);
	}
	const containerList = spec.paths['/containers'].get.responses['200'].content['application/json'];
	containerList.schema.properties.included.items = {
		anyOf: [
			{ $ref: '#/components/schemas/shipment' },
			{ $ref: '#/components/schemas/terminal' },
			{ $ref: '#/components/schemas/transport_event' },
		],
	};
	translateNullable(spec.components);
	translateNullable(spec.paths);
	s.container.properties.type.enum = ['container', 'account'];
	const containerAttributes = s.container.properties.attributes.properties;
	containerAttributes.pickup_lfd = {
		anyOf: [{ type: 'string', const: '2099-12-31' }, containerAttributes.pickup_lfd],
	};
	s.webhook_notification.properties.relationships.properties.reference_object.properties.data.properties.type.enum.push(
		'container_created_event',
		'container_pod_terminal_changed_event',
	);
	s.tracking_request.properties.attributes.properties.scac.nullable = true;
	if (!s.user) s.user = { type: 'object' };
	return spec;
}

const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;

export interface ValidationResult {
	valid: boolean;
	/** e.g. "GET /containers/{id} 200", or null when the operation is not in the spec. */
	operation: string | null;
	/** True when the status is documented for the operation (false: generic error schema used). */
	documented: boolean;
	errors: string;
}

export class OpenApiValidator {
	readonly spec: Json;
	private readonly ajv: Ajv;
	private readonly cache = new Map<string, ValidateFunction>();
	private readonly templates: Array<{ template: string; segments: string[] }>;

	constructor(specPath = DEFAULT_OPENAPI_PATH) {
		this.spec = applyCorrections(JSON.parse(fs.readFileSync(specPath, 'utf8')));
		this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
		addFormats(this.ajv);
		this.ajv.addFormat('uri', {
			type: 'string',
			validate: (v: string) => ABSOLUTE_URI.test(v) || /^\/[^\s]*$/.test(v),
		});
		this.ajv.addSchema(this.spec, 'openapi');
		this.templates = Object.keys(this.spec.paths).map((t) => ({
			template: t,
			segments: t.split('/').filter(Boolean),
		}));
	}

	/** `/v2/containers/x?y` or a full URL -> the openapi path template (`/containers/{id}`). */
	templateFor(urlOrPath: string): string | null {
		let p = urlOrPath;
		if (/^https?:\/\//.test(p)) p = new URL(p).pathname;
		p = p.split('?')[0].replace(/^\/v2(?=\/|$)/, '');
		const parts = p.split('/').filter(Boolean);
		let best: { template: string; score: number } | null = null;
		for (const t of this.templates) {
			if (t.segments.length !== parts.length) continue;
			let score = 0;
			let ok = true;
			for (let i = 0; i < parts.length; i++) {
				const seg = t.segments[i];
				if (seg.startsWith('{')) continue;
				if (seg !== parts[i]) {
					ok = false;
					break;
				}
				score++;
			}
			if (ok && (!best || score > best.score)) best = { template: t.template, score };
		}
		return best?.template ?? null;
	}

	private validatorFor(
		method: string,
		template: string,
		status: number,
	): { fn: ValidateFunction | null; documented: boolean; expectsEmpty: boolean } {
		const op = this.spec.paths[template]?.[method.toLowerCase()];
		const responses: Json = op?.responses ?? {};
		const key =
			String(status) in responses ? String(status) : 'default' in responses ? 'default' : null;
		if (key) {
			const content = responses[key].content as Json | undefined;
			const mediaType = content ? Object.keys(content).find((m) => m.includes('json')) : undefined;
			if (!content || !mediaType) return { fn: null, documented: true, expectsEmpty: true };
			const pointer = [
				'paths',
				template,
				method.toLowerCase(),
				'responses',
				key,
				'content',
				mediaType,
				'schema',
			]
				.map((seg) => encodeURIComponent(seg.replace(/~/g, '~0').replace(/\//g, '~1')))
				.join('/');
			const cacheKey = `openapi#/${pointer}`;
			let fn = this.cache.get(cacheKey);
			if (!fn) {
				fn = this.ajv.compile({ $ref: cacheKey });
				this.cache.set(cacheKey, fn);
			}
			return { fn, documented: true, expectsEmpty: false };
		}
		if (status >= 400) {
			let fn = this.cache.get('error-document');
			if (!fn) {
				fn = this.ajv.compile({
					type: 'object',
					required: ['errors'],
					properties: {
						errors: {
							type: 'array',
							minItems: 1,
							items: { $ref: 'openapi#/components/schemas/error' },
						},
					},
				});
				this.cache.set('error-document', fn);
			}
			return { fn, documented: false, expectsEmpty: false };
		}
		return { fn: null, documented: false, expectsEmpty: false };
	}

	validate(method: string, urlOrPath: string, status: number, body: unknown): ValidationResult {
		const template = this.templateFor(urlOrPath);
		const opExists = !!template && !!this.spec.paths[template]?.[method.toLowerCase()];
		const operation = opExists ? `${method.toUpperCase()} ${template} ${status}` : null;
		if (!opExists) {
			if (status >= 400) {
				const { fn } = this.validatorFor('get', '/__none__', status);
				const valid = fn!(body) as boolean;
				return {
					valid,
					operation,
					documented: false,
					errors: valid ? '' : this.ajv.errorsText(fn!.errors, { separator: '\n' }),
				};
			}
			return {
				valid: false,
				operation,
				documented: false,
				errors: `no operation ${method} ${urlOrPath} in openapi.json`,
			};
		}
		const { fn, documented, expectsEmpty } = this.validatorFor(method, template!, status);
		if (expectsEmpty || !fn) {
			const empty = body === undefined || body === null || body === '';
			if (documented && expectsEmpty)
				return {
					valid: empty,
					operation,
					documented,
					errors: empty ? '' : 'expected an empty body',
				};
			return {
				valid: false,
				operation,
				documented,
				errors: `status ${status} is not documented for ${method} ${template}`,
			};
		}
		const valid = fn(body) as boolean;
		return {
			valid,
			operation,
			documented,
			errors: valid ? '' : this.ajv.errorsText(fn.errors, { separator: '\n', dataVar: 'body' }),
		};
	}

	/** Throw a readable error unless the body matches the documented response schema. */
	assertResponse(
		method: string,
		urlOrPath: string,
		status: number,
		body: unknown,
	): ValidationResult {
		const r = this.validate(method, urlOrPath, status, body);
		if (!r.valid) {
			const snippet = JSON.stringify(body)?.slice(0, 600);
			throw new Error(
				`Response does not match openapi.json (${r.operation ?? `${method} ${urlOrPath} ${status}`}):\n${r.errors}\nbody: ${snippet}`,
			);
		}
		return r;
	}
}

let shared: OpenApiValidator | null = null;

/** A shared validator over test/fixtures/openapi.json (compiling schemas once per test file). */
export function createOpenApiValidator(specPath?: string): OpenApiValidator {
	if (specPath) return new OpenApiValidator(specPath);
	shared ??= new OpenApiValidator();
	return shared;
}
