/**
 * `GET /containers` and `GET /shipments` as the live service answers them now (Terminal49/API
 * docs/api-docs/api-reference/list-filters.mdx, Oct 2026): the documented filters the node sends and a
 * share of the rest, `sort`, and the traps — unknown keys ignored, `eta_changed_*=false` acting as true,
 * `has_holds=false` / `has_fees=false` matching only an explicitly empty array (pending holds are holds).
 * Dates are compared as the stored date (the UTC date of the instant); `today` and `N.days.ago` are the
 * server's (UTC) day. The engine works on views (plain facts of a record), so the same filters run on the
 * sandbox's records and on recorded live documents (test/helpers/replayServer.ts).
 */

export interface ContainerView {
	id: string;
	number: string;
	createdAt: number | null;
	updatedAt: number | null;
	status: string;
	holds: Array<{ name?: unknown; status?: unknown }> | null;
	fees: Array<{ type?: unknown; amount?: unknown }> | null;
	/** Instants (ms) or null. */
	pickupLfd: number | null;
	lfdLine: number | null;
	lfdTerminal: number | null;
	lfdRail: number | null;
	podArrivedAt: number | null;
	podDischargedAt: number | null;
	pickedUpAt: number | null;
	deliveredAt: number | null;
	emptyReturnedAt: number | null;
	/** Actual arrival at the port of discharge, else the estimate (the container's, else its shipment's). */
	arrival: number | null;
	lastStatusRefreshAt: number | null;
	refNumbers: string[];
	/** Party IDs by role: the container's own roles (pickup dray carrier) and its shipment's. */
	parties: Map<string, string[]>;
	shipment: ShipmentView;
}

export interface ShipmentView {
	id: string;
	/** The bill of lading number. */
	number: string;
	/** The numbers `number` finds: the bill of lading and the booking numbers it was tracked by. */
	numbers: string[];
	createdAt: number | null;
	podAtaAt: number | null;
	podEtaAt: number | null;
	podCode: string | null;
	polCode: string | null;
	destinationCode: string | null;
	scac: string | null;
	podTerminalId: string | null;
	trackingStoppedAt: number | null;
	tags: string[];
	refNumbers: string[];
	/** The customer party, or null (then the creating account is the customer). */
	customerId: string | null;
	/** When the line last changed the ETA at the port of discharge meaningfully, or null. */
	etaChangedAt: number | null;
	containerNumbers: string[];
	/** Party IDs by role on the shipment (a tracking request's roles are copied to it). */
	parties: Map<string, string[]>;
}

/** The account the sandbox's keys belong to (a shipment without a customer party matches it). */
export interface QueryContext {
	now: number;
	accountId: string;
}

const DAY_MS = 86_400_000;
const CLOSED = ['picked_up', 'delivered', 'empty_returned'];

/** `filter[key]`, `filter[key][]` and `filter[key][sub]` values, by key. */
export interface FilterParams {
	values: Map<string, string[]>;
	/** Keys given as arrays (`filter[key][]`): their values combine with AND. */
	arrays: Set<string>;
	/** `filter[key][sub]` values, e.g. `filter[parties][shipper]`. */
	nested: Map<string, Map<string, string[]>>;
}

export function filterParams(pairs: Array<[string, string]>): FilterParams {
	const params: FilterParams = { values: new Map(), arrays: new Set(), nested: new Map() };
	for (const [name, value] of pairs) {
		const m = /^filter\[([a-z0-9_]+)\](?:\[([a-z0-9_]*)\])?(?:\[\])?$/.exec(name);
		if (!m) continue;
		const [, key, sub] = m;
		if (sub) {
			const inner = params.nested.get(key) ?? new Map<string, string[]>();
			inner.set(sub, [...(inner.get(sub) ?? []), value]);
			params.nested.set(key, inner);
			continue;
		}
		if (sub === '') params.arrays.add(key);
		params.values.set(key, [...(params.values.get(key) ?? []), value]);
	}
	return params;
}

// ---- Value grammars ----

type Test<T> = (value: T) => boolean;
const all =
	<T>(tests: Array<Test<T>>): Test<T> =>
	(value) =>
		tests.every((test) => test(value));

/** Exact strings: `a,b` OR, `=a`, `@exists`, `@not_exists`; several array values AND. */
function exact(values: string[], of: (x: string) => string = (x) => x): Test<string[]> {
	return all(
		values.map((value) => {
			const terms = value.split(',').map((t) => t.trim());
			return (have: string[]) =>
				terms.some((term) => {
					if (term === '@exists') return have.length > 0;
					if (term === '@not_exists') return have.length === 0;
					const want = of(term.replace(/^=/, ''));
					return have.some((h) => of(h) === want);
				});
		}),
	);
}

const stored = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `YYYY-MM-DD`, `today`, `N.days.ago`, `N.days.from_now` (the server's UTC day). */
function dateOf(literal: string, ctx: QueryContext): string | undefined {
	if (/^\d{4}-\d{2}-\d{2}$/.test(literal)) return literal;
	const today = Math.floor(ctx.now / DAY_MS);
	if (literal === 'today') return stored(today * DAY_MS);
	const m = /^(\d+)\.days?\.(ago|from_now)$/.exec(literal);
	if (!m) return undefined;
	const n = Number(m[1]) * (m[2] === 'ago' ? -1 : 1);
	return stored((today + n) * DAY_MS);
}

function compare(op: string, a: string | number, b: string | number): boolean {
	if (op === '>=') return a >= b;
	if (op === '<=') return a <= b;
	if (op === '>') return a > b;
	if (op === '<') return a < b;
	return a === b;
}

/** Date expressions on the stored date: `>=2026-10-01`, `a,b` OR, bounds as array values AND. */
function dates(values: string[], ctx: QueryContext): Test<number | null> {
	return all(
		values.map((expression) => {
			if (expression === '@exists') return (t) => t !== null;
			if (expression === '@not_exists') return (t) => t === null;
			const m = /^(>=|<=|>|<|=)?(.+)$/.exec(expression)!;
			const op = m[1] ?? '=';
			const days = m[2].split(',').map((literal) => dateOf(literal.trim(), ctx));
			// A malformed date never matches (the live service answers 400 or nothing).
			return (t) => t !== null && days.some((d) => d !== undefined && compare(op, stored(t), d));
		}),
	);
}

/** Timestamp expressions (ISO 8601 with an offset): `>=2026-10-01T00:00:00Z`. */
function instants(values: string[]): Test<number | null> {
	return all(
		values.map((expression) => {
			if (expression === '@exists') return (t) => t !== null;
			if (expression === '@not_exists') return (t) => t === null;
			const m = /^(>=|<=|>|<|=)?(.+)$/.exec(expression)!;
			const at = Date.parse(m[2]);
			return (t) => t !== null && !Number.isNaN(at) && compare(m[1] ?? '=', t, at);
		}),
	);
}

/** `~text` or `text`: case-insensitive prefix; `=text`: exact. */
function search(value: string): Test<string[]> {
	const exactly = value.startsWith('=');
	const text = value.replace(/^[~=]/, '').toUpperCase();
	return (have) =>
		have.some((h) => (exactly ? h.toUpperCase() === text : h.toUpperCase().startsWith(text)));
}

const truthy = (values: string[]) => values[values.length - 1] === 'true';

function tagTest(params: FilterParams, tagKeys: string[]): Test<string[]> | undefined {
	const key = tagKeys.find((k) => params.values.has(k));
	if (!key) return undefined;
	const names = params.values.get(key)!.flatMap((v) => v.split(',').map((t) => t.trim()));
	const every = truthy(params.values.get('tags_and') ?? ['false']);
	return (tags) =>
		every ? names.every((n) => tags.includes(n)) : names.some((n) => tags.includes(n));
}

/** The account's customer: the customer party, else the account that created the shipment. */
const customerOf = (s: ShipmentView, ctx: QueryContext) => s.customerId ?? ctx.accountId;

// ---- Containers ----

/** The sandbox's "requires attention": open, and its LFD past or within 2 days (server day). */
export function requiresAttention(c: ContainerView, ctx: QueryContext): boolean {
	if (CLOSED.includes(c.status) || c.pickupLfd === null) return false;
	return stored(c.pickupLfd) <= stored(ctx.now + 2 * DAY_MS);
}

const CONTAINER_DATES: Record<string, (c: ContainerView) => number | null> = {
	pickup_lfd: (c) => c.pickupLfd,
	pickup_lfd_line_on: (c) => c.lfdLine,
	pickup_lfd_terminal_on: (c) => c.lfdTerminal,
	pickup_lfd_rail_on: (c) => c.lfdRail,
	arrival: (c) => c.arrival,
	pod_arrived_at: (c) => c.podArrivedAt,
	pod_discharged_at: (c) => c.podDischargedAt,
	picked_up_at: (c) => c.pickedUpAt,
	delivered_at: (c) => c.deliveredAt,
	empty_returned_at: (c) => c.emptyReturnedAt,
	created_at: (c) => c.createdAt,
	updated_at: (c) => c.updatedAt,
};

const CONTAINER_STRINGS: Record<string, (c: ContainerView) => string[]> = {
	number: (c) => [c.number],
	pod_code: (c) => (c.shipment.podCode ? [c.shipment.podCode] : []),
	pol_code: (c) => (c.shipment.polCode ? [c.shipment.polCode] : []),
	destination_code: (c) => (c.shipment.destinationCode ? [c.shipment.destinationCode] : []),
	shipping_line_scac: (c) => (c.shipment.scac ? [c.shipment.scac] : []),
	pod_terminal_id: (c) => (c.shipment.podTerminalId ? [c.shipment.podTerminalId] : []),
};

const CONTAINER_SEARCHES: Record<string, (c: ContainerView) => string[]> = {
	search_by_number: (c) => [c.number],
	search_by_shipment_number: (c) => [c.shipment.number],
	search_by_ref_numbers: (c) => c.refNumbers,
	search_by_shipment_ref_numbers: (c) => c.shipment.refNumbers,
	search_by_ids: (c) => [c.number, c.shipment.number, ...c.refNumbers, ...c.shipment.refNumbers],
};

const nonEmpty = (list: unknown[] | null) => Array.isArray(list) && list.length > 0;
const explicitlyEmpty = (list: unknown[] | null) => Array.isArray(list) && list.length === 0;

/** The filters of one `GET /containers` request, as a test of a view (unknown keys are ignored). */
export function containerFilter(params: FilterParams, ctx: QueryContext): Test<ContainerView> {
	const tests: Array<Test<ContainerView>> = [];
	for (const [key, values] of params.values) {
		if (key in CONTAINER_STRINGS) {
			const test = exact(values, (x) => x.toUpperCase());
			tests.push((c) => test(CONTAINER_STRINGS[key](c)));
		} else if (key === 'current_status') {
			// Unknown values select nothing; comma-separated values OR, several array values AND
			const test = exact(values);
			tests.push((c) => test([c.status]));
		} else if (key in CONTAINER_DATES) {
			const test = dates(values, ctx);
			tests.push((c) => test(CONTAINER_DATES[key](c)));
		} else if (key in CONTAINER_SEARCHES) {
			const test = all(values.map(search));
			tests.push((c) => test(CONTAINER_SEARCHES[key](c)));
		} else if (key === 'has_holds' || key === 'has_fees') {
			const of = (c: ContainerView) => (key === 'has_holds' ? c.holds : c.fees);
			tests.push(truthy(values) ? (c) => nonEmpty(of(c)) : (c) => explicitlyEmpty(of(c)));
		} else if (key === 'has_fees_or_holds') {
			tests.push(
				truthy(values)
					? (c) => nonEmpty(c.holds) || nonEmpty(c.fees)
					: (c) => explicitlyEmpty(c.holds) && explicitlyEmpty(c.fees),
			);
		} else if (key === 'has_demurrage_fees') {
			const demurrage = (c: ContainerView) => (c.fees ?? []).some((f) => f.type === 'demurrage');
			tests.push(truthy(values) ? demurrage : (c) => c.fees !== null && !demurrage(c));
		} else if (key === 'requires_attention') {
			tests.push(
				truthy(values) ? (c) => requiresAttention(c, ctx) : (c) => !requiresAttention(c, ctx),
			);
		} else if (key === 'eta_changed_in_last_24h' || key === 'eta_changed_in_past_3_days') {
			// Both true and false apply the positive selector, as the live service does
			const since = ctx.now - (key === 'eta_changed_in_last_24h' ? 1 : 3) * DAY_MS;
			tests.push((c) => c.shipment.etaChangedAt !== null && c.shipment.etaChangedAt >= since);
		} else if (key === 'actively_tracked') {
			const active = truthy(values);
			tests.push((c) => (c.shipment.trackingStoppedAt === null) === active);
		} else if (key === 'customer_id') {
			const test = exact(values);
			tests.push((c) => test([customerOf(c.shipment, ctx)]));
		} else if (key === 'last_free_day_on' && values.length === 2) {
			const [from, to] = values.map((v) => dateOf(v, ctx));
			tests.push(
				(c) =>
					from !== undefined &&
					to !== undefined &&
					c.pickupLfd !== null &&
					stored(c.pickupLfd) >= from &&
					stored(c.pickupLfd) <= to &&
					['available', 'not_available', 'off_dock'].includes(c.status) &&
					c.shipment.trackingStoppedAt === null,
			);
		}
	}
	// filter[parties][role]=id (comma OR, @exists, @not_exists): the party in that role on the container or
	// its shipment; an unknown role matches nothing, as the live service ignores no role it knows
	for (const [role, ids] of params.nested.get('parties') ?? []) {
		const test = exact(ids);
		tests.push((c) => test(c.parties.get(role) ?? []));
	}
	const tags = tagTest(params, ['tags']);
	if (tags) tests.push((c) => tags(c.shipment.tags));
	return all(tests);
}

// ---- Shipments ----

const SHIPMENT_DATES: Record<string, (s: ShipmentView) => number | null> = {
	pod_ata_at: (s) => s.podAtaAt,
	pod_arrival: (s) => s.podAtaAt ?? s.podEtaAt,
};

/** The filters of one `GET /shipments` request (`q`, `number`, `tracking_stopped` also top-level). */
export function shipmentFilter(
	params: FilterParams,
	topLevel: Record<string, string>,
	ctx: QueryContext,
): Test<ShipmentView> {
	const tests: Array<Test<ShipmentView>> = [];
	const value = (key: string) =>
		params.values.get(key) ?? (key in topLevel ? [topLevel[key]] : undefined);
	const q = value('q');
	if (q) {
		const text = q[q.length - 1].trim().toUpperCase();
		tests.push((s) =>
			[s.number, ...s.refNumbers, ...s.containerNumbers].some((h) =>
				h.toUpperCase().startsWith(text),
			),
		);
	}
	const number = value('number');
	if (number) {
		// Shipment arrays mean OR; a scalar with commas is one literal number
		const wanted = new Set(number.map((n) => n.trim().toUpperCase()));
		tests.push((s) => s.numbers.some((n) => wanted.has(n.toUpperCase())));
	}
	const stopped = value('tracking_stopped');
	if (stopped) {
		const on = truthy(stopped);
		tests.push((s) => (s.trackingStoppedAt !== null) === on);
	}
	for (const [key, values] of params.values) {
		if (key in SHIPMENT_DATES) {
			const test = dates(values, ctx);
			tests.push((s) => test(SHIPMENT_DATES[key](s)));
		} else if (key === 'created_at') {
			const test = instants(values);
			tests.push((s) => test(s.createdAt));
		} else if (key === 'pod_eta_changed_at') {
			// Meaningful ETA changes of active, unarrived shipments only
			const test = instants(values);
			tests.push(
				(s) => s.trackingStoppedAt === null && s.podAtaAt === null && test(s.etaChangedAt),
			);
		} else if (key === 'actively_tracked') {
			const active = truthy(values);
			tests.push((s) => (s.trackingStoppedAt === null) === active);
		} else if (key === 'voyage_status') {
			const arrived = values[values.length - 1] === 'arrived';
			tests.push((s) => (s.podAtaAt !== null) === arrived);
		} else if (key === 'pod_code' || key === 'pol_code' || key === 'pod_terminal_id') {
			// Arrays mean OR for these shipment scopes
			const wanted = values.flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase());
			const of = (s: ShipmentView) =>
				(key === 'pod_code' ? s.podCode : key === 'pol_code' ? s.polCode : s.podTerminalId) ?? '';
			tests.push((s) => wanted.includes(of(s).toUpperCase()));
		} else if (key === 'customer_id') {
			const test = exact(values);
			tests.push((s) => test([customerOf(s, ctx)]));
		}
	}
	// filter[party_id]=id: the party in any role on the shipment (several IDs: any of them, the documented
	// default operator)
	const partyIds = [
		...(params.values.get('party_id') ?? []),
		...(params.nested.get('party_id')?.get('value') ?? []),
	].flatMap((v) => v.split(',').map((id) => id.trim()));
	if (partyIds.length) {
		const every = params.nested.get('party_id')?.get('operator')?.[0] === 'all';
		tests.push((s) => {
			const have = new Set([...s.parties.values()].flat());
			return every ? partyIds.every((id) => have.has(id)) : partyIds.some((id) => have.has(id));
		});
	}
	const tags = tagTest(params, ['tag', 'tags']);
	if (tags) tests.push((s) => tags(s.tags));
	return all(tests);
}

// ---- Sort ----

type Key<T> = (item: T) => number | null;

const CONTAINER_SORTS: Record<string, Key<ContainerView>> = {
	...CONTAINER_DATES,
	last_status_refresh_at: (c) => c.lastStatusRefreshAt,
};

const SHIPMENT_SORTS: Record<string, Key<ShipmentView>> = {
	pod_arrival: (s) => s.podAtaAt ?? s.podEtaAt,
	tracking_stopped_at: (s) => s.trackingStoppedAt,
};

/** Ascending or descending by a key; a missing key always last. */
function byKey<T>(key: Key<T>, descending: boolean): (a: T, b: T) => number {
	return (a, b) => {
		const x = key(a);
		const y = key(b);
		if (x === null) return y === null ? 0 : 1;
		if (y === null) return -1;
		return descending ? y - x : x - y;
	};
}

/**
 * The order `sort` asks for over a newest-first list (ties keep it): containers up to three documented
 * fields (`-` descending; invalid tokens ignored; none valid: the default, last status refresh first) or
 * `attention_priority`; shipments one of `[-]created_at` (both newest first), `[-]pod_arrival`,
 * `[-]tracking_stopped_at` (else the default, newest first).
 */
export function containerOrder(
	sort: string | undefined,
	ctx: QueryContext,
): (a: ContainerView, b: ContainerView) => number {
	if (sort === 'attention_priority') {
		const rank = (c: ContainerView) => (requiresAttention(c, ctx) ? 0 : 1);
		return (a, b) => rank(a) - rank(b) || byKey(CONTAINER_SORTS.pickup_lfd, false)(a, b);
	}
	const orders = (sort ?? '')
		.split(',')
		.map((token) => token.trim())
		.filter((token) => token.replace(/^-/, '') in CONTAINER_SORTS)
		.slice(0, 3)
		.map((token) => byKey(CONTAINER_SORTS[token.replace(/^-/, '')], token.startsWith('-')));
	if (!orders.length) orders.push(byKey(CONTAINER_SORTS.last_status_refresh_at, true));
	return (a, b) => {
		for (const order of orders) {
			const result = order(a, b);
			if (result) return result;
		}
		return 0;
	};
}

export function shipmentOrder(
	sort: string | undefined,
): ((a: ShipmentView, b: ShipmentView) => number) | undefined {
	const token = (sort ?? '').trim();
	const field = token.replace(/^-/, '');
	if (field === 'created_at' || !(field in SHIPMENT_SORTS)) return undefined;
	return byKey(SHIPMENT_SORTS[field], token.startsWith('-'));
}

/** Pages of this many records at most: a larger `page[size]` is truncated. */
export const CONTAINER_PAGE_CAP = 50;
export const SHIPMENT_PAGE_CAP = 100;
