/** Built-in API keys, their plans, and the Authorization header check. */
import { HttpError, TITLES } from './jsonapi';
import type { DeadlineShape, Plan } from './types';

export const KEYS: Record<string, Plan> = {
	sandbox_paid: 'paid',
	sandbox_free: 'free',
	sandbox_basic: 'basic',
	sandbox_lite: 'lite',
	sandbox_paid_legacy: 'paid',
	sandbox_paid_selected: 'paid',
};

/**
 * Keys of an account whose container serializer does not follow the `deadlineShape` option: one sandbox then
 * serves both generations (pod-deadlines.ts).
 */
export const PINNED_DEADLINE_SHAPES: Record<string, DeadlineShape> = {
	sandbox_paid_legacy: 'legacy',
	sandbox_paid_selected: 'selected',
};

/**
 * Features an account must have enabled. `sandbox_paid` has all of them; `sandbox_basic` (paid, no add-ons)
 * only the data-out API (webhooks); `sandbox_lite` none of them.
 */
export type Feature = 'routing_data' | 'rail_lfd' | 'refresh' | 'widget' | 'data_out_api';

export const FEATURE_DETAILS: Record<Feature, string> = {
	routing_data: 'Routing Data feature is not enabled for this account',
	rail_lfd: 'Rail LFD feature is not enabled for this account',
	refresh:
		'Container Refresh feature is not enabled for this account. Please contact support@terminal49.com',
	widget: 'Tracking Widget feature is not enabled for this account',
	data_out_api: 'Data Out API feature is not enabled for this account',
};

const PLAN_FEATURES: Record<Plan, readonly Feature[]> = {
	paid: ['routing_data', 'rail_lfd', 'refresh', 'widget', 'data_out_api'],
	basic: ['data_out_api'],
	lite: [],
	free: [],
};

export function planHas(plan: Plan, feature: Feature): boolean {
	return PLAN_FEATURES[plan].includes(feature);
}

const UNVERIFIED =
	'The API key could not be verified. Send the header `Authorization: Token <API_KEY>` (prefix Token, no quotes, no extra whitespace) with an active key.';
export const RESTRICTED_PLAN =
	'Your account is on the restricted free plan: only creating tracking requests is permitted without a paid plan (POST /v2/tracking_requests). Contact support@terminal49.com to upgrade.';

function unauthorized(detail: string): HttpError {
	return new HttpError(401, [{ status: '401', title: TITLES[401], detail }]);
}

/**
 * Resolve the key from the raw header. Only `Token <key>` with an exact built-in key is accepted;
 * Bearer, quotes, extra spaces, unknown or truncated keys are 401.
 */
export function authenticate(
	header: string | undefined,
	keys: Record<string, Plan> = KEYS,
): { key: string; plan: Plan } {
	const m = /^Token ([^\s"']+)$/.exec(header ?? '');
	if (!m || !Object.prototype.hasOwnProperty.call(keys, m[1])) throw unauthorized(UNVERIFIED);
	return { key: m[1], plan: keys[m[1]] };
}

/** The built-in key named by a header, for the request log (never the raw value of an unknown key). */
export function knownKey(
	header: string | undefined,
	keys: Record<string, Plan> = KEYS,
): string | null {
	const m = /^Token ([^\s"']+)$/.exec(header ?? '');
	return m && Object.prototype.hasOwnProperty.call(keys, m[1]) ? m[1] : null;
}

export function restrictedPlan(): HttpError {
	return unauthorized(RESTRICTED_PLAN);
}

export function featureDisabled(feature: Feature): HttpError {
	return new HttpError(403, [
		{ status: '403', title: TITLES[403], detail: FEATURE_DETAILS[feature] },
	]);
}
