import type { IDataObject } from 'n8n-workflow';

import type { Feature, Refusal } from '../domain/entitlements';
import {
	FEATURES,
	featureRefusal,
	planCanRead,
	planInWords,
	readRefusal,
	statusInWords,
	withFix,
} from '../domain/entitlements';
import type { CacheKey, Reading } from './accountCache';
import { ACCOUNT_TTL_MS, cachedReading, countCreated, freshEnoughToRefuse } from './accountCache';
import type { JsonApiDocument, ResourceObject } from './jsonApi';
import { attributesOf, identifiersOf, resourcesOf } from './jsonApi';
import { Records } from './records';
import { Resource } from './resource';

/** What `GET /me` says of a key: its account, plan, tracking slots and gated features. */
export interface AccountInfo {
	document: JsonApiDocument;
	credential: ResourceObject;
	account: IDataObject;
	accountId?: string;
	companyName?: string;
	plan?: string;
	trackingSlots: { limit: number; used: number; remaining: number } | null;
	/** Feature name -> status code (`available`, `requires_paid_plan`, ...), as the service sent them. */
	features: Record<string, string>;
}

/**
 * The answer to `GET /me`: `known` (the service answered), `absent` (404: a service that predates `/me`; the
 * nodes then check nothing, as before) or `unknown` (the service failed to answer; nothing is checked, the
 * operation itself gets the service's answer).
 */
export type AccountState =
	| { kind: 'known'; info: AccountInfo }
	| { kind: 'absent' }
	| { kind: 'unknown'; status: number };

/** Statuses of `GET /me` that leave the checks out instead of failing the operation. */
const NOT_CHECKED = [403, 404, 500, 502, 503, 504];

const asNumber = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** The facts of a `/me` document (the credential, its included account). */
export function accountInfoOf(document: JsonApiDocument): AccountInfo {
	const [credential] = resourcesOf(document);
	const [accountRef] = credential ? identifiersOf(credential, 'account') : [];
	const included = Array.isArray(document.included) ? (document.included as ResourceObject[]) : [];
	const accountRecord =
		included.find((r) => r?.type === 'account' && (!accountRef || r.id === accountRef.id)) ??
		undefined;
	const account = accountRecord ? attributesOf(accountRecord) : {};
	const rawFeatures = (credential ? attributesOf(credential).features : undefined) as
		| Record<string, { status?: unknown } | undefined>
		| undefined;
	const features: Record<string, string> = {};
	for (const [name, value] of Object.entries(rawFeatures ?? {})) {
		if (value && typeof value.status === 'string') features[name] = value.status;
	}
	const slots = account.tracking_slots as IDataObject | null | undefined;
	return {
		document,
		credential: credential ?? { id: '', type: 'credential' },
		account,
		accountId: accountRecord ? String(accountRecord.id) : accountRef?.id,
		companyName: typeof account.company_name === 'string' ? account.company_name : undefined,
		plan: typeof account.plan === 'string' ? account.plan : undefined,
		trackingSlots:
			slots && typeof slots === 'object'
				? {
						limit: asNumber(slots.limit),
						used: asNumber(slots.used),
						remaining: asNumber(slots.remaining),
					}
				: null,
		features,
	};
}

export interface CheckOptions {
	/** Put the fix in the message too: a trigger's activation error shows only the message. */
	fixInMessage?: boolean;
}

/** Tracking slots left for the key: the account's remaining ones less those created since `/me` was read. */
export interface SlotsLeft {
	limit: number;
	used: number;
	left: number;
	/** Of `used`: the requests created with this key since `/me` was read (Terminal49's count lacks them). */
	created: number;
}

/**
 * The account behind the credential (`GET /me`), read at most once per execution and cached per key
 * (accountCache.ts), and the checks operations and triggers make before they send anything: a feature the
 * account lacks, a plan that cannot list, tracking slots running out.
 */
export class Account extends Resource {
	private async cacheKey(): Promise<CacheKey> {
		const { keyId } = await this.api.connection();
		const execution = (this.api.ctx as { getExecutionId?: () => unknown }).getExecutionId?.();
		return { keyId, executionId: typeof execution === 'string' ? execution : undefined };
	}

	/** `GET /me` as it is: known, absent (404) or unknown (the service failed). */
	private async read(): Promise<AccountState> {
		const response = await this.api.response({
			method: 'GET',
			path: '/me',
			acceptStatuses: NOT_CHECKED,
		});
		if (response.statusCode === 404) return { kind: 'absent' };
		if (response.statusCode >= 300) return { kind: 'unknown', status: response.statusCode };
		return { kind: 'known', info: accountInfoOf(response.body) };
	}

	private async reading(maxAge: number): Promise<Reading<AccountState>> {
		return await cachedReading(await this.cacheKey(), async () => await this.read(), maxAge);
	}

	/**
	 * The reading a decision uses: the cached one, or, when it would refuse and was neither made by this
	 * execution nor just now, a new one (so an account changed a minute ago is judged as it is now).
	 */
	private async decide<T>(
		judge: (state: AccountState, reading: Reading<AccountState>) => T | undefined,
	): Promise<T | undefined> {
		const key = await this.cacheKey();
		let reading = await this.reading(ACCOUNT_TTL_MS);
		let verdict = judge(reading.value, reading);
		if (verdict !== undefined && !freshEnoughToRefuse(key, reading)) {
			reading = await this.reading(0);
			verdict = judge(reading.value, reading);
		}
		return verdict;
	}

	/** Account > Get: the account's facts in words; the `/me` document as sent. */
	async get(): Promise<Records> {
		const { value } = await this.reading(0);
		if (value.kind === 'absent') {
			return this.fail(
				'This Terminal49 service does not offer GET /me (404), so it cannot tell the account and plan',
				"Check that the credential's Base URL is Terminal49's API (https://api.terminal49.com/v2). A service without /me works with every other operation.",
			);
		}
		if (value.kind === 'unknown') {
			// The statuses left unchecked elsewhere are errors here: the operation is the account itself.
			throw this.api.error({ method: 'GET', path: '/me' }, value.status, {});
		}
		const { info } = value;
		const features = Object.fromEntries(
			Object.entries(info.features).map(([name, status]) => [name, statusInWords(status)]),
		);
		const inWords: IDataObject = {
			account_id: info.accountId ?? null,
			company_name: info.companyName ?? null,
			company_type: info.account.company_type ?? null,
			plan: info.plan ?? null,
			plan_name: planInWords(info.plan),
			can_read: planCanRead(info.plan),
			tracking_slots_limit: info.trackingSlots?.limit ?? null,
			tracking_slots_used: info.trackingSlots?.used ?? null,
			tracking_slots_remaining: info.trackingSlots?.remaining ?? null,
			features,
			feature_statuses: { ...info.features },
			missing_features: Object.entries(info.features)
				.filter(([, status]) => status !== 'available')
				.map(([name]) => FEATURES[name as Feature]?.name ?? name),
			key_name: attributesOf(info.credential).name ?? null,
			key_kind: attributesOf(info.credential).kind ?? null,
			key_channel: attributesOf(info.credential).channel ?? null,
			account: info.account,
		};
		return new Records([inWords], () => [info.document]);
	}

	/**
	 * `operation` ("Container > Get Map") needs `feature`: checked (require) just before the first request of
	 * this client, so that bad input still fails first, without a request.
	 */
	needsFeature(feature: Feature, operation: string, options: CheckOptions = {}): void {
		this.api.beforeFirstRequest(async () => await this.require(feature, operation, options));
	}

	/** `operation` reads lists, which a free-plan key cannot: checked just before the first request. */
	needsReading(operation: string, options: CheckOptions = {}): void {
		this.api.beforeFirstRequest(async () => await this.requireReading(operation, options));
	}

	private refuse(refusal: Refusal | undefined, options: CheckOptions): void {
		if (!refusal) return;
		const { message, description, agent } = options.fixInMessage ? withFix(refusal) : refusal;
		this.fail(message, description, agent);
	}

	/**
	 * Fails when the account lacks `feature` for `operation`. Nothing is checked when the service has no
	 * `/me`, did not answer it, or does not report the feature.
	 */
	async require(feature: Feature, operation: string, options: CheckOptions = {}): Promise<void> {
		const refusal = await this.decide((state) => {
			const status = state.kind === 'known' ? state.info.features[feature] : undefined;
			return status === undefined || status === 'available' || state.kind !== 'known'
				? undefined
				: featureRefusal(feature, status, operation, state.info);
		});
		this.refuse(refusal, options);
	}

	/** Fails when the key's plan cannot read lists (the free plan). */
	async requireReading(operation: string, options: CheckOptions = {}): Promise<void> {
		const refusal = await this.decide((state) =>
			state.kind === 'known' && !planCanRead(state.info.plan)
				? readRefusal(operation, state.info)
				: undefined,
		);
		this.refuse(refusal, options);
	}

	/**
	 * The tracking slots the key has left, counting those created since `/me` was read; undefined when the
	 * account has no limit or the service does not say. `confirm`: a shortage is confirmed with a fresh reading.
	 */
	async slotsLeft(confirm = false): Promise<SlotsLeft | undefined> {
		const judge = (state: AccountState, reading: Reading<AccountState>) => {
			const slots = state.kind === 'known' ? state.info.trackingSlots : null;
			if (!slots || !Number.isFinite(slots.remaining)) return undefined;
			return {
				limit: slots.limit,
				used: slots.used + reading.created,
				left: slots.remaining - reading.created,
				created: reading.created,
			};
		};
		if (!confirm) return judge(...(await this.stateAndReading()));
		const short = await this.decide((state, reading) => {
			const slots = judge(state, reading);
			return slots && slots.left < 1 ? slots : undefined;
		});
		return short ?? judge(...(await this.stateAndReading()));
	}

	private async stateAndReading(): Promise<[AccountState, Reading<AccountState>]> {
		const reading = await this.reading(ACCOUNT_TTL_MS);
		return [reading.value, reading];
	}

	/** A tracking request was created with this key: one slot fewer until `/me` is read again. */
	async countCreated(): Promise<void> {
		countCreated(await this.cacheKey());
	}
}
