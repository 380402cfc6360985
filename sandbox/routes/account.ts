/**
 * `GET /me`: the credential (an API key), its account, the plan, tracking slots and the gated features,
 * in the shape of Terminal49's SDK fixture `me.get.api-key.json`. Every valid key may call it, the free
 * plan included; `meEndpoint: false` switches it off (404, as a service that predates it).
 */
import type { Route } from '../router';
import { ACCOUNT_ID } from '../account-resources';
import type { Store } from '../store';
import type { Plan } from '../types';
import { uuidFromKey } from '../util';

/** `features.<name>.status` of `GET /me`. */
export type FeatureStatus =
	| 'available'
	| 'requires_paid_plan'
	| 'requires_user_credential'
	| 'not_enabled';

export const ME_FEATURES = [
	'data_out_api',
	'custom_fields',
	'routing_data',
	'rail_data',
	'stop_tracking',
	'trade_intel',
] as const;

type MeFeature = (typeof ME_FEATURES)[number];

/** What each plan of the sandbox's keys may use (the free plan as Terminal49's SDK fixture has it). */
const FEATURES: Record<Plan, Record<MeFeature, FeatureStatus>> = {
	paid: {
		data_out_api: 'available',
		custom_fields: 'available',
		routing_data: 'available',
		rail_data: 'available',
		stop_tracking: 'available',
		trade_intel: 'available',
	},
	basic: {
		data_out_api: 'available',
		custom_fields: 'available',
		routing_data: 'not_enabled',
		rail_data: 'not_enabled',
		stop_tracking: 'available',
		trade_intel: 'not_enabled',
	},
	lite: {
		data_out_api: 'not_enabled',
		custom_fields: 'available',
		routing_data: 'not_enabled',
		rail_data: 'not_enabled',
		stop_tracking: 'available',
		trade_intel: 'not_enabled',
	},
	free: {
		data_out_api: 'requires_paid_plan',
		custom_fields: 'requires_user_credential',
		routing_data: 'not_enabled',
		rail_data: 'not_enabled',
		stop_tracking: 'requires_paid_plan',
		trade_intel: 'not_enabled',
	},
};

/**
 * Tracking slots in use: each container of a shipment still tracked, and each tracking request still
 * waiting for its shipment (pending or awaiting its manifest), one slot each.
 */
export function trackingSlotsUsed(store: Store): number {
	let used = 0;
	for (const shipment of store.shipments.all()) {
		if (shipment.lineTrackingStoppedAt === null) used += shipment.containerIds.length;
	}
	for (const request of store.trackingRequests.all()) {
		if (request.status === 'pending' || request.status === 'awaiting_manifest') used++;
	}
	return used;
}

export const accountRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/me',
		free: true,
		enabled: (app) => app.options.meEndpoint !== false,
		handler: (ctx) => {
			const limit = ctx.app.options.trackingSlots?.[ctx.plan] ?? null;
			const used = trackingSlotsUsed(ctx.app.store);
			return {
				status: 200,
				headers: { 'Cache-Control': 'no-store' },
				body: {
					data: {
						id: uuidFromKey(`credential:${ctx.key}`),
						type: 'credential',
						attributes: {
							kind: 'api_key',
							channel: 'api',
							name: `Sandbox key (${ctx.plan} plan)`,
							features: Object.fromEntries(
								ME_FEATURES.map((feature) => [feature, { status: FEATURES[ctx.plan][feature] }]),
							),
						},
						relationships: {
							account: { data: { id: ACCOUNT_ID, type: 'account' } },
							user: { data: null },
						},
					},
					included: [
						{
							id: ACCOUNT_ID,
							type: 'account',
							attributes: {
								company_name: 'Sandbox Logistics',
								company_type: 'freight_forwarder',
								scac: null,
								abbr_name: 'SBX',
								city: 'Oakland',
								state_abbr: 'CA',
								country: 'United States',
								plan: ctx.plan === 'free' ? 'free_plan' : 'customer',
								tracking_slots:
									limit === null ? null : { limit, used, remaining: Math.max(0, limit - used) },
							},
						},
					],
				},
			};
		},
	},
];
