/**
 * What an account may use, in words: the gated features `GET /me` reports, their statuses, the plans, and
 * the error a refused operation gets before it is sent (what Terminal49 would answer, what the plan lacks,
 * where to get it). Pure: the client reads `/me` (client/account.ts) and hands the facts here.
 */

/** The features `GET /me` reports (`data.attributes.features`); the service may add more. */
export type Feature =
	| 'data_out_api'
	| 'custom_fields'
	| 'routing_data'
	| 'rail_data'
	| 'stop_tracking'
	| 'trade_intel';

interface FeatureFacts {
	/** Its name in Terminal49's words. */
	name: string;
	/** What it gives, for a user who does not know the name. */
	gives: string;
	/**
	 * The detail of Terminal49's 403 when it is not enabled: Routing Data's is documented (Terminal49's
	 * entitlements page); the others follow its pattern.
	 */
	refusal?: string;
}

export const FEATURES: Record<Feature, FeatureFacts> = {
	data_out_api: { name: 'Data Out API', gives: 'webhooks: Terminal49 sending events to n8n' },
	custom_fields: { name: 'Custom Fields', gives: 'custom field definitions and values' },
	routing_data: {
		name: 'Routing Data',
		gives: 'container maps, routes and vessel positions',
		refusal: 'Routing data feature is not enabled for this account',
	},
	rail_data: { name: 'Rail Data', gives: 'rail last free days and rail events' },
	stop_tracking: { name: 'Stop Tracking', gives: 'stopping the tracking of a shipment' },
	trade_intel: {
		name: 'Trade Intelligence',
		gives: 'US import bill of lading research, a separate Terminal49 product',
	},
};

/** A feature's status in plain words ("available", "needs a paid plan", ...); an unknown one as sent. */
export function statusInWords(status: string): string {
	switch (status) {
		case 'available':
			return 'available';
		case 'requires_paid_plan':
			return 'needs a paid plan';
		case 'requires_user_credential':
			return 'needs a user credential';
		case 'not_enabled':
			return 'not enabled for this account';
		default:
			return status.replace(/_/g, ' ');
	}
}

/** `plan` of the account (`free_plan | in_trial | customer | locked | churned`) in words. */
export function planInWords(plan: string | undefined): string {
	switch (plan) {
		case 'free_plan':
			return 'free plan';
		case 'in_trial':
			return 'trial';
		case 'customer':
			return 'paid plan';
		case 'locked':
			return 'locked (billing)';
		case 'churned':
			return 'ended';
		default:
			return plan ? plan.replace(/_/g, ' ') : 'unknown plan';
	}
}

/**
 * Whether a key of this plan may read (list) anything. The free plan (and an ended subscription, which falls
 * back to it) can only create tracking requests; a locked account's keys are paused altogether.
 */
export function planCanRead(plan: string | undefined): boolean {
	return plan !== 'free_plan' && plan !== 'churned' && plan !== 'locked';
}

/** An account's tracking slots as Tracking Request > Create counts them (client/account.ts slotsLeft). */
export interface SlotCount {
	limit: number;
	/** In use, `created` included. */
	used: number;
	left: number;
	/** Created with the key since Terminal49 last reported the count (`GET /me`). */
	created: number;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The tracking slots left, in plain numbers: `3 of your 10 Terminal49 tracking slots are left (7 in use)`,
 * with the requests created since Terminal49 counted (`…(10 in use, 2 of them created since Terminal49 last
 * counted)`). An account over its limit has 0 left, not a negative number.
 */
export function slotsInWords({ limit, used, left, created }: SlotCount): string {
	const shown = Math.max(0, left);
	const since = created > 0 ? `, ${created} of them created since Terminal49 last counted` : '';
	return `${shown} of your ${limit} Terminal49 tracking ${plural(limit, 'slot', 'slots')} ${plural(shown, 'is', 'are')} left (${used} in use${since})`;
}

export const BILLING_URL = 'https://app.terminal49.com/settings/billing';
export const DEVELOPERS_URL = 'https://app.terminal49.com/developers';

/** Terminal49's own answer to a free-plan key on anything but creating tracking requests. */
export const FREE_PLAN_REFUSAL =
	'You do not have permissions for using the API, except for creating tracking requests. All other permissions require a paid plan.';

/** The account an error names: `Acme Logistics (free plan)`. */
export interface AccountFacts {
	companyName?: string;
	plan?: string;
}

const accountLabel = (account: AccountFacts) =>
	`${account.companyName ? `"${account.companyName}"` : 'this account'} (${planInWords(account.plan)})`;

const CHECKED =
	'Checked with GET /me before anything else was sent to Terminal49 (it costs one request per execution).';

export interface Refusal {
	message: string;
	description: string;
	/** The fix alone (a trigger's activation error shows only its message: withFix puts it there). */
	fix: string;
	/**
	 * One sentence an AI agent can relay (the node as a tool): an entitlement boundary of the account, not a
	 * wrong number.
	 */
	agent: string;
}

/** What an AI agent tells of a feature the account lacks: the plan's limit, not the number's fault. */
const agentRefusal = (name: string, gives: string, fix: string) =>
	`This Terminal49 account's plan does not include ${name} (${gives}), so this cannot be answered here; the number itself is fine, and ${fix}.`;

const PAID_PLAN_FIX = `Upgrade the plan at ${BILLING_URL}, or start the 7-day API trial on ${DEVELOPERS_URL}`;

/** The refusal with its fix in the message, for where n8n shows the message alone (a trigger's activation). */
export const withFix = (refusal: Refusal): Refusal => ({
	...refusal,
	message: `${refusal.message}. ${refusal.fix}`,
});

/** The error of an operation that needs `feature` when the account's status for it is `status`. */
export function featureRefusal(
	feature: Feature,
	status: string,
	operation: string,
	account: AccountFacts,
): Refusal {
	const { name, gives } = FEATURES[feature];
	const refused = FEATURES[feature].refusal ?? `${name} feature is not enabled for this account`;
	const whose = accountLabel(account);
	switch (status) {
		case 'requires_paid_plan':
			return {
				message: `${operation} needs the ${name} feature, which needs a paid plan`,
				description: `${name} (${gives}) is not part of the plan of ${whose}. ${PAID_PLAN_FIX}. ${CHECKED}`,
				fix: PAID_PLAN_FIX,
				agent: agentRefusal(name, gives, 'the account owner can upgrade to a paid plan'),
			};
		case 'requires_user_credential':
			return {
				message: `${operation} needs the ${name} feature, which needs a user credential, not an API key`,
				description: `Terminal49 gives ${name} (${gives}) of ${whose} to signed-in users, not to API keys. Use it in the Terminal49 app (https://app.terminal49.com), or ask support@terminal49.com to enable it for API keys. ${CHECKED}`,
				fix: 'Use it in the Terminal49 app, or ask support@terminal49.com to enable it for API keys',
				agent: `Terminal49 gives ${name} (${gives}) to people signed in to its app, not to this integration's API key, so this cannot be answered here; the number itself is fine, and it can be seen in the Terminal49 app.`,
			};
		case 'not_enabled':
			return {
				message: `${operation} needs the ${name} feature: "${refused}"`,
				description: `${name} (${gives}) is an add-on ${whose} does not have; Terminal49 would answer 403 "${refused}". Ask sales@terminal49.com to enable it, or remove this operation. ${CHECKED}`,
				fix: `Ask sales@terminal49.com to enable ${name} for the account`,
				agent: agentRefusal(
					name,
					gives,
					'the account owner can ask sales@terminal49.com to enable it',
				),
			};
		default:
			return {
				message: `${operation} needs the ${name} feature, which is ${statusInWords(status)} for this account`,
				description: `Terminal49 reports the status of ${name} (${gives}) for ${whose} as "${status}". Ask support@terminal49.com how to enable it. ${CHECKED}`,
				fix: `Ask support@terminal49.com how to enable ${name}`,
				agent: agentRefusal(
					name,
					gives,
					'the account owner can ask support@terminal49.com to enable it',
				),
			};
	}
}

/** The error of an operation that reads (lists) when the plan cannot. */
export function readRefusal(operation: string, account: AccountFacts): Refusal {
	const whose = accountLabel(account);
	if (account.plan === 'locked') {
		return {
			message: `${operation} cannot run: the API access of this Terminal49 account is paused (billing locked)`,
			description: `Terminal49 pauses the API keys of ${whose} while its billing is locked. Settle it at ${BILLING_URL}: paying restores API access. ${CHECKED}`,
			fix: `Settle the bill at ${BILLING_URL}; paying restores API access`,
			agent:
				"This Terminal49 account's API access is paused for billing, so nothing can be looked up now; the account owner needs to settle the bill.",
		};
	}
	return {
		message: `${operation} needs a paid plan: this Terminal49 key is on the free plan, which can only create tracking requests`,
		description: `Terminal49 would answer: "${FREE_PLAN_REFUSAL}" Upgrade the plan of ${whose} at ${BILLING_URL}, or start the 7-day API trial on ${DEVELOPERS_URL}. Tracking Request > Create works with this key. ${CHECKED}`,
		fix: PAID_PLAN_FIX,
		agent:
			'This Terminal49 account is on the free plan, which can start tracking numbers but not look containers up, so this cannot be answered here; the account owner can upgrade to a paid plan.',
	};
}
