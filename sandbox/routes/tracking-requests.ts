/** /tracking_requests: create (pending, carrier answers later), list with filters, get, update, infer_number. */
import {
	attributesOf,
	checkType,
	dataOf,
	error,
	invalid,
	stringArray,
	type Json,
} from '../jsonapi';
import { classifyNumber, inferCarrier, normalizeNumber } from '../number-rules';
import { SHIPPING_LINES_BY_SCAC, UNSUPPORTED_SCACS, isTrackable } from '../reference-data';
import type { Ctx, Route } from '../router';
import type { TrackingRequestRec } from '../types';
import { isValidContainerNumber, parseTime } from '../util';
import { bool, list, must, newestFirst, single, str } from './common';
import { PLAIN_JSON_PRODUCES } from '../negotiation';

const REQUEST_TYPES = ['bill_of_lading', 'booking_number', 'container'];
/** The values openapi.json documents for `filter[status]`; others are refused (400) rather than guessed at. */
const FILTER_STATUSES = ['created', 'pending', 'failed'];

function validateScac(scac: string | undefined, requestType: string): void {
	if (!scac) return;
	const upper = scac.toUpperCase();
	if (
		UNSUPPORTED_SCACS[upper] ||
		(SHIPPING_LINES_BY_SCAC.get(upper) && !isTrackable(SHIPPING_LINES_BY_SCAC.get(upper)!))
	) {
		const name = UNSUPPORTED_SCACS[upper] ?? SHIPPING_LINES_BY_SCAC.get(upper)!.name;
		throw invalid(
			'/data/attributes/scac',
			`Scac '${scac}' is not supported. We do not currently integrate with ${name}`,
			'blank',
		);
	}
	const line = SHIPPING_LINES_BY_SCAC.get(upper);
	if (!line) throw invalid('/data/attributes/scac', `Scac '${scac}' is not recognized`, 'blank');
	if (requestType === 'container' && /no container numbers/i.test(line.notes)) {
		throw invalid(
			'/data/attributes/request_type',
			`${line.name} does not support tracking by container number`,
			'invalid',
		);
	}
}

/** `initial_custom_fields {shipment: [{api_slug, value}], containers: [{api_slug, value, number?}]}`: slugs must exist. */
function validateInitialCustomFields(
	ctx: Ctx,
	value: unknown,
): TrackingRequestRec['initialCustomFields'] {
	if (value === undefined || value === null) return undefined;
	const base = '/data/attributes/initial_custom_fields';
	if (typeof value !== 'object' || Array.isArray(value))
		throw invalid(
			base,
			'Initial custom fields must be an object with shipment and containers arrays',
		);
	const out: NonNullable<TrackingRequestRec['initialCustomFields']> = {
		shipment: [],
		containers: [],
	};
	for (const [group, entity] of [
		['shipment', 'Shipment'],
		['containers', 'Container'],
	] as const) {
		const list = (value as Json)[group];
		if (list === undefined || list === null) continue;
		if (!Array.isArray(list)) throw invalid(`${base}/${group}`, `${group} must be an array`);
		list.forEach((item, i) => {
			const it = item as Json;
			if (!it || typeof it.api_slug !== 'string' || !('value' in it))
				throw invalid(
					`${base}/${group}/${i}`,
					'Each custom field needs api_slug and value',
					'blank',
				);
			if (
				!ctx.app.store.customFieldDefinitions.find(
					(d) => d.apiSlug === it.api_slug && d.entityType === entity,
				)
			) {
				throw invalid(
					`${base}/${group}/${i}/api_slug`,
					`No custom field definition ${String(it.api_slug)} for ${entity}`,
					'not_found',
				);
			}
			out[group].push({
				api_slug: it.api_slug as string,
				value: it.value,
				...(typeof it.number === 'string' ? { number: it.number.toUpperCase() } : {}),
			});
		});
	}
	return out;
}

export const trackingRequestRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/tracking_requests',
		bucket: 'create_tracking_request',
		free: true,
		handler: (ctx) => {
			checkType(ctx.body, 'tracking_request');
			const a = attributesOf(ctx.body);
			const requestType = str(a, 'request_type', { required: true })!;
			if (!REQUEST_TYPES.includes(requestType))
				throw invalid(
					'/data/attributes/request_type',
					`Request type must be one of ${REQUEST_TYPES.join(', ')}`,
					'inclusion',
				);
			const requestNumber = str(a, 'request_number', { required: true })!.trim();
			const autoDetect = bool(a, 'auto_detect_vocc_scac') ?? false;
			const scacRaw = str(a, 'scac');
			if (!scacRaw && !autoDetect)
				throw invalid('/data/attributes/scac', "Scac can't be blank", 'blank');
			validateScac(scacRaw, requestType);
			const scac = scacRaw ? scacRaw.toUpperCase() : null;
			const refNumbers = stringArray(a.ref_numbers, '/data/attributes/ref_numbers');
			const tags = stringArray(a.shipment_tags, '/data/attributes/shipment_tags');
			const customer = (dataOf(ctx.body).relationships as Json | undefined)?.customer as
				| Json
				| undefined;
			const customerId = (customer?.data as Json | undefined)?.id as string | undefined;
			if (customerId && !ctx.app.store.parties.has(customerId))
				throw invalid('/data/relationships/customer', 'Customer not found', 'not_found');

			const initialCustomFields = validateInitialCustomFields(ctx, a.initial_custom_fields);
			const existing = ctx.app.findDuplicate(requestNumber, requestType, scac);
			if (existing) {
				throw error(
					422,
					`Tracking request already exists for ${existing.requestNumber} (${existing.scac ?? 'auto-detect'}): ${existing.id}`,
					{
						code: 'duplicate',
						source: { pointer: '/data/attributes/request_number' },
						meta: { tracking_request_id: existing.id, status: existing.status },
					},
				);
			}
			const tr = ctx.app.createTrackingRequest({
				requestNumber,
				requestType: requestType as TrackingRequestRec['requestType'],
				scac,
				autoDetect,
				refNumbers,
				shipmentTags: tags,
				customerId: customerId ?? null,
				createdBy: ctx.key,
				initialCustomFields,
			});
			return single(ctx, ctx.ser.trackingRequest(tr), { status: 201 });
		},
	},
	{
		method: 'GET',
		pattern: '/tracking_requests',
		handler: (ctx) => {
			const q = ctx.query;
			const text = q.q?.trim().toUpperCase();
			const number = q['filter[request_number]']?.trim().toUpperCase();
			const scac = q['filter[scac]']?.trim().toUpperCase();
			const status = q['filter[status]']?.trim();
			if (status && !FILTER_STATUSES.includes(status))
				throw error(400, `filter[status] must be one of ${FILTER_STATUSES.join(', ')}`, {
					source: { parameter: 'filter[status]' },
				});
			const range = (name: string) => {
				const raw = q[name];
				if (raw === undefined) return undefined;
				const t = parseTime(raw);
				if (t === null)
					throw error(400, `${name} must be an ISO 8601 date-time`, {
						source: { parameter: name },
					});
				return t;
			};
			const cs = range('filter[created_at][start]');
			const ce = range('filter[created_at][end]');
			const us = range('filter[updated_at][start]');
			const ue = range('filter[updated_at][end]');
			const filtered =
				text ||
				number ||
				scac ||
				status ||
				cs !== undefined ||
				ce !== undefined ||
				us !== undefined ||
				ue !== undefined;
			const all = ctx.app.store.trackingRequests.all();
			const items = filtered
				? all
						.filter((t) => {
							if (number && normalizeNumber(t.requestNumber) !== number) return false;
							if (scac && t.scac !== scac) return false;
							if (status && t.status !== status) return false;
							if (cs !== undefined && t.createdAt < cs) return false;
							if (ce !== undefined && t.createdAt > ce) return false;
							if (us !== undefined && t.updatedAt < us) return false;
							if (ue !== undefined && t.updatedAt > ue) return false;
							if (
								text &&
								!t.requestNumber.toUpperCase().includes(text) &&
								!t.refNumbers.some((r) => r.toUpperCase().includes(text))
							)
								return false;
							return true;
						})
						.reverse()
				: newestFirst(all);
			return list(ctx, items, (t) => ctx.ser.trackingRequest(t), {
				defaultInclude: ['tracked_object'],
			});
		},
	},
	{
		method: 'GET',
		pattern: '/tracking_requests/:id',
		handler: (ctx) => {
			const tr = must(ctx.app.store.trackingRequests.get(ctx.params.id), 'Tracking request');
			return single(ctx, ctx.ser.trackingRequest(tr), { defaultInclude: ['tracked_object'] });
		},
	},
	{
		method: 'PATCH',
		pattern: '/tracking_requests/:id',
		handler: (ctx) => {
			const tr = must(ctx.app.store.trackingRequests.get(ctx.params.id), 'Tracking request');
			checkType(ctx.body, 'tracking_request');
			const a = attributesOf(ctx.body);
			const ref = str(a, 'ref_number');
			if (ref !== undefined) tr.refNumbers = [ref];
			if (a.ref_numbers !== undefined)
				tr.refNumbers = stringArray(a.ref_numbers, '/data/attributes/ref_numbers');
			tr.updatedAt = Date.now();
			return single(ctx, ctx.ser.trackingRequest(tr));
		},
	},
	{
		method: 'POST',
		pattern: '/tracking_requests/infer_number',
		produces: PLAIN_JSON_PRODUCES,
		bucket: 'infer_number',
		handler: (ctx) => {
			const body = (ctx.body ?? {}) as Json;
			const nested = (body.data as Json | undefined)?.attributes as Json | undefined;
			const given = [body.number, (body.data as Json | undefined)?.number, nested?.number];
			const raw = given.find((x): x is string => typeof x === 'string');
			if (!raw || !raw.trim()) throw error(422, 'This reference number is not valid.');
			const number = normalizeNumber(raw);
			const type = classifyNumber(number);
			if (!type) throw error(422, 'This reference number is not valid.');
			const line = inferCarrier(number);
			const isContainer = type === 'container';
			const checkOk = isContainer ? isValidContainerNumber(number) : null;
			const selected = line
				? { scac: line.scac, name: line.name, confidence: isContainer ? 1 : 0.92 }
				: null;
			const candidates = line ? [selected!] : [];
			return {
				status: 200,
				body: {
					data: {
						id: `req_${ctx.app.store.newId()}`,
						type: 'infer_number_results',
						attributes: {
							number_type: type,
							validation: {
								is_valid: isContainer ? checkOk : true,
								type: isContainer ? 'container' : 'shipment',
								check_digit_passed: checkOk,
								parsed_number: number,
								reason: isContainer && !checkOk ? 'Check digit does not match (ISO 6346)' : null,
							},
							shipping_line: {
								decision: !line
									? 'no_prediction'
									: isContainer || line.bolPrefix === number.slice(0, 4)
										? 'auto_select'
										: 'needs_confirmation',
								selected,
								candidates,
							},
						},
					},
				},
			};
		},
	},
];
