import type { IDataObject } from 'n8n-workflow';

import type { InsightOptions } from '../domain/containerInsights';
import { addContainerInsights } from '../domain/containerInsights';
import type { Tariff } from '../domain/tariffs';
import { tariffsNeedShipment } from '../domain/tariffs';
import { DEFAULT_IMMINENT_DAYS } from '../domain/urgency';
import type { DeadlineRule, LfdSource } from '../domain/deadlines';
import { DEFAULT_WATCHED_DEADLINE, selectsLfd } from '../domain/deadlines';
import {
	assertContainerNumber,
	assertId,
	assertNotEmpty,
	wrongCheckDigit,
} from '../errors/validation';
import type { HonouredFilter, ListOptions, Take } from './api';
import type { JsonApiDocument, ResourceObject } from './jsonApi';
import { attributesOf, itemsOf, recordsOf, resourcesOf } from './jsonApi';
import type { ContainerFilters, ContainerSort } from './listSpec';
import { hasFilters } from './listSpec';
import { containerMatcher, includesFor } from './listFilters';
import {
	containerOrder,
	mergedOrder,
	NEWEST_FIRST,
	sourceDaysOf,
	sourceOrder,
	watchedDays,
} from './listOrder';
import type { SourceList } from './listQuery';
import { containerQuery, readsLfdFields } from './listQuery';
import type { Serializer } from './lfdSelection';
import { forgetSerializer, knownSerializer, noteContainers } from './lfdSelection';
import type { Locator } from './locator';
import type { Listed } from './records';
import { Records } from './records';
import { includeQuery, Resource, segment } from './resource';

/**
 * Pages read for a container number when the service ignored `filter[number]` (100 requests: the newest
 * 10,000 containers at 100 a page, 5,000 where the service holds 50 a page) before saying so rather than
 * spending more of the rate limit.
 */
const MAX_NUMBER_PAGES = 100;
/** Container numbers read in one request by forInvoices: a page of containers holds 50 at most. */
const INVOICE_BATCH = 50;

/** The includes asked for, with the shipment where a tariff of one line or port must be matched. */
function withTariffIncludes(include: string[], tariffs: readonly Tariff[] | undefined): string[] {
	return tariffsNeedShipment(tariffs) && !include.includes('shipment')
		? [...include, 'shipment']
		: [...include];
}

/** Simplified containers carry the derived pickup fields (ready_for_pickup, active_holds, ...). */
export const withInsights = (item: IDataObject) => addContainerInsights(item);

/** Containers: `/containers` and the container's own actions. */
export class Containers extends Resource {
	/**
	 * The container ID the user chose. A number (ISO 6346, check digit included; one tracked with a
	 * non-standard check digit is chosen By ID) is looked up with `filter[number]`; the service documents
	 * that filter but may drop it silently, so the number is matched on the records and, when the first one is
	 * another container, the list is read on until it is found.
	 */
	async idOf(locator: Locator): Promise<string> {
		if (locator.mode !== 'number') {
			return assertId(this.node, 'Container ID', locator.value, this.itemIndex);
		}
		const number = assertContainerNumber(
			this.node,
			'Container Number',
			assertNotEmpty(this.node, 'Container Number', locator.value, this.itemIndex),
			this.itemIndex,
			true,
			'choose a container tracked with a non-standard check digit By ID',
		);
		const same = (record: ResourceObject) => attributesOf(record).number === number;
		const first = resourcesOf(
			await this.api.document({
				method: 'GET',
				path: '/containers',
				qs: { 'filter[number]': number, 'page[size]': 1 },
			}),
		);
		let match = first.find(same);
		const notTracked = () =>
			this.fail(
				`No container "${number}" is tracked in this Terminal49 account`,
				'Check the number, or create a tracking request for it first (Tracking Request > Create).',
				`No container "${number}" is tracked in this Terminal49 account: check the number with the customer, or offer to start tracking it.`,
			);
		if (match) return String(match.id);
		if (first.length === 0) return notTracked();
		// Another container came back: the service dropped the filter. Read the list (newest first) for it.
		let pages = 0;
		let read = 0;
		for await (const page of this.api.pages({
			method: 'GET',
			path: '/containers',
			qs: { 'filter[number]': number },
		})) {
			const records = resourcesOf(page);
			read += records.length;
			match = records.find(same);
			if (match) return String(match.id);
			if (++pages >= MAX_NUMBER_PAGES) {
				return this.fail(
					`Container "${number}" is not among the ${read} newest containers of this Terminal49 account, and the service ignored the number filter, so it was not looked up further`,
					'Choose the container By ID (Shipment > Get lists the IDs of its containers), so that no more of your rate limit is spent reading the list.',
				);
			}
		}
		return notTracked();
	}

	/**
	 * The containers of a number, exactly, with `include` (flat items with their derived fields; none when it
	 * is not tracked): one request with `filter[number]`, checked on the records; a service that dropped the
	 * filter (another container came back) gets the bounded look-up of idOf.
	 */
	async byNumber(
		number: string,
		include: string[],
		insights: InsightOptions = {},
	): Promise<IDataObject[]> {
		// counted from before the request: what comes back is at least this current (as_of)
		const read = { ...insights, now: insights.now ?? new Date() };
		const document = await this.api.document({
			method: 'GET',
			path: '/containers',
			qs: {
				'filter[number]': number,
				...includeQuery(withTariffIncludes(include, insights.tariffs)),
				'page[size]': 5,
			},
		});
		const same = itemsOf(document, (item) => addContainerInsights(item, undefined, read)).filter(
			(item) => item.number === number,
		);
		if (same.length || resourcesOf(document).length === 0) return same;
		return (await this.get(await this.idOf({ mode: 'number', value: number }), include, insights))
			.items;
	}

	/**
	 * The records of many containers at once, as an invoice check reads them (Invoice > Check D&D Invoice): each
	 * with its shipment, POD terminal and transport events (the availability the terminal recorded), by number.
	 * `filter[number]` takes several numbers, comma-separated (commas OR: Terminal49's filter reference), so one
	 * request reads a page of up to 50 containers (a page holds no more). The records are matched on their
	 * numbers; a service that dropped the filter (another container came back) gets the one-number look-up of
	 * byNumber for each number it did not answer. A number absent from the answer is not tracked.
	 */
	async forInvoices(
		numbers: readonly string[],
		insights: InsightOptions = {},
	): Promise<Map<string, IDataObject>> {
		const found = new Map<string, IDataObject>();
		const include = ['shipment', 'pod_terminal', 'transport_events'];
		const read = { ...insights, now: insights.now ?? new Date() };
		const unique = [...new Set(numbers)];
		for (let start = 0; start < unique.length; start += INVOICE_BATCH) {
			const batch = unique.slice(start, start + INVOICE_BATCH);
			const wanted = new Set(batch);
			let ignored = false;
			for await (const page of this.api.pages({
				method: 'GET',
				path: '/containers',
				qs: {
					'filter[number]': batch.join(','),
					...includeQuery(withTariffIncludes(include, insights.tariffs)),
					'page[size]': INVOICE_BATCH,
				},
			})) {
				for (const item of itemsOf(page, (flat) => addContainerInsights(flat, undefined, read))) {
					const number = String(item.number ?? '');
					if (wanted.has(number)) found.set(number, item);
					else ignored = true;
				}
				if (ignored) break;
			}
			if (!ignored) continue;
			for (const number of batch) {
				// a number whose check digit is wrong is no tracked container (its line says so), not an error
				if (found.has(number) || wrongCheckDigit(number)) continue;
				const [container] = await this.byNumber(number, include, insights);
				if (container) found.set(number, container);
			}
		}
		return found;
	}

	/** `GET /containers/{id}`: the container (derived fields added, counted as `insights` says). */
	async get(id: string, include: string[], insights: InsightOptions = {}): Promise<Records> {
		const { keyId } = await this.api.connection();
		// counted from before the request: what comes back is at least this current (as_of)
		const read = { ...insights, now: insights.now ?? new Date() };
		return await this.api.items(
			{
				method: 'GET',
				path: `/containers/${segment(id)}`,
				qs: includeQuery(withTariffIncludes(include, insights.tariffs)),
			},
			(item) => {
				noteContainers(keyId, [item]);
				return addContainerInsights(item, undefined, read);
			},
		);
	}

	/**
	 * The container with what its journey needs: its shipment, POD terminal and pickup facility, and its
	 * transport events (`GET /containers/{id}/transport_events` with their location and vessel, oldest first),
	 * nested as `transport_events`, the derived fields (rolled, transshipped, ETA slipped) judged on them.
	 */
	async withJourney(id: string): Promise<IDataObject> {
		const [container] = (await this.get(id, ['shipment', 'pod_terminal', 'pickup_facility'])).items;
		const events = (await this.transportEvents(id, ['location', 'vessel'], {})).items;
		return addContainerInsights({ ...container, transport_events: events });
	}

	/** The container as the service sends it, with `include` resolved in `included` (the trigger's look-up). */
	async document(id: string, include: string[]): Promise<JsonApiDocument> {
		return await this.readDocument(`/containers/${segment(id)}`, include);
	}

	/**
	 * `GET /containers` with, for every filter and sort, the server-side equivalent Terminal49 documents
	 * (listQuery.ts: never narrower than what the node keeps), and every item judged again here on the
	 * node's own terms as each page is read (listFilters.ts): a service that applies a filter, applies it
	 * loosely or ignores it gives the same items in the same order; only the requests differ. The related
	 * records the filters need are included in the same requests. A sort with a Limit stops reading once the
	 * service's order is verified on what came back. Filters only the service can judge (Requires Attention,
	 * ETA Changed, Customer, Party) are confirmed: a service that ignored them fails the run instead of
	 * answering with the whole list. A range or Sort By Last Free Day on the earliest of the three LFDs is read
	 * one source at a time (bySource).
	 */
	async list(
		filters: {
			number?: string;
			include?: string[];
			where?: ContainerFilters;
			sort?: ContainerSort;
			/** How urgency and costs are counted (Deadline to Watch, Imminent Within, the D&D tariffs). */
			insights?: InsightOptions;
		},
		take: Take,
	): Promise<Records> {
		const where = filters.where ?? {};
		const insights = filters.insights ?? {};
		const include = withTariffIncludes(filters.include ?? [], insights.tariffs);
		for (const related of includesFor(where, filters.sort)) {
			if (!include.includes(related)) include.push(related);
		}
		const now = new Date();
		const { number } = filters;
		const { imminentDays } = insights;
		const watch = insights.watch ?? DEFAULT_WATCHED_DEADLINE;
		const { keyId } = await this.api.connection();
		const queryFor = (rule: DeadlineRule) =>
			containerQuery(where, {
				number,
				sort: filters.sort,
				imminentDays: imminentDays ?? DEFAULT_IMMINENT_DAYS,
				now,
				watch: rule,
				limited: take.limit !== undefined,
			});
		// The service's LFD fields only for an account seen on the older serializer lately (lfdSelection.ts)
		let rule: DeadlineRule = watch;
		let query = queryFor(watch);
		const onLegacyFields = readsLfdFields(query);
		const probed = onLegacyFields && knownSerializer(keyId) === undefined;
		if (onLegacyFields && (await this.serializer(keyId)) !== 'legacy') {
			rule = 'selected';
			query = queryFor(rule);
		}
		// A container of the newer serializer among those a legacy-field query sent: the account moved, and the
		// query may have dropped some of its containers; the list is read again without those fields. A query
		// that sent none at all may have dropped them all (a filter on the newer serializer's placeholder date):
		// the serializer is asked again, unless it was just now
		let selectedSeen = false;
		let seen = 0;
		const qs: IDataObject = { ...query.qs, ...includeQuery(include) };
		const options: ListOptions = {
			...take,
			verify: number ? (record) => attributesOf(record).number === number : undefined,
			decorate: (item) => {
				seen++;
				if (rule !== 'selected' && selectsLfd(item)) selectedSeen = true;
				noteContainers(keyId, [item]);
				return addContainerInsights(item, undefined, { ...insights, now, watch });
			},
			whereItem: hasFilters(where)
				? containerMatcher(
						where,
						(relationship) =>
							this.fail(
								`Terminal49 did not include the ${relationship === 'pod_terminal' ? 'POD terminal' : relationship} of a container, so the filter on it cannot be checked`,
								relationship === 'pod_terminal'
									? 'Choose the POD Terminal filter By ID (the pod_terminal ID of a container) instead of by FIRMS code.'
									: 'Filter on the port of discharge, shipping line, tracking or tags with Shipment > Get Many instead.',
							),
						now,
					)
				: undefined,
			order: containerOrder(filters.sort, rule),
			serviceOnly: this.confirmation(query, qs, 'containers'),
		};
		const request = { method: 'GET' as const, path: '/containers', qs };
		const records = !query.bySource
			? await this.api.list(request, options)
			: await this.listBySource(query.bySource, includeQuery(include), {
					...options,
					sorted: filters.sort === 'lfd',
					now,
				});
		if (rule !== 'selected' && onLegacyFields) {
			if (!selectedSeen && seen === 0 && !probed) {
				forgetSerializer(keyId);
				selectedSeen = (await this.serializer(keyId)) !== 'legacy';
			}
			if (selectedSeen) return await this.list(filters, take);
		}
		return records;
	}

	/**
	 * Whether the key's containers come from the older serializer: what the containers it read lately said,
	 * else the container the service lists first (its default order: the last refreshed; one request of one
	 * record, `GET /containers?page[size]=1`); undefined when that says nothing either (no container, or none
	 * with `import_deadlines`).
	 */
	private async serializer(keyId: string): Promise<Serializer | undefined> {
		const known = knownSerializer(keyId);
		if (known) return known;
		const first = await this.api.document({
			method: 'GET',
			path: '/containers',
			qs: { 'page[size]': 1 },
		});
		noteContainers(keyId, resourcesOf(first).map(attributesOf));
		return knownSerializer(keyId);
	}

	/**
	 * The earliest last free day read one source at a time: for each of the line, terminal and rail LFDs, the
	 * containers whose LFD of that source lies in the range (sorted by it for Sort By Last Free Day, a Limit
	 * stopping each list once its order is verified), merged (a container in several lists kept once), in the
	 * node's order. A container whose earliest LFD is in the range is in that source's list, so nothing is
	 * lost; the containers with no LFD (Sort By Last Free Day alone) are read only when the Limit is not full.
	 * A service that ignored a source filter sends its whole list: that list is then read to the end and
	 * judged here, and no other list is read (the requests of a single unfiltered read).
	 */
	private async listBySource(
		lists: SourceList[],
		include: IDataObject,
		options: ListOptions & { sorted: boolean; now: Date },
	): Promise<Records> {
		const { sorted, now, serviceOnly, ...rest } = options;
		const order = mergedOrder(options.order!);
		const kept = new Map<string, Listed>();
		let first = true;
		// Sort By Last Free Day with a Limit: the Limit's last so far, over the lists already read; a list may
		// stop at a record whose LFD of its source is after it (what comes later in that list is later still)
		const bound = () => {
			if (options.limit === undefined || kept.size < options.limit) return undefined;
			const best = [...kept.values()].sort((a, b) => order.compare(a.item, b.item));
			return watchedDays(best[options.limit - 1].item);
		};
		const pastBound = (source: LfdSource | 'coalesced') => {
			const limitDays = bound();
			const days = sourceDaysOf(source, now);
			return (last: IDataObject) => {
				const at = days(last);
				return limitDays !== undefined && (at === undefined || at > limitDays);
			};
		};
		for (const list of lists) {
			// the containers with no LFD come last: not needed once the Limit holds as many with one
			if (
				list.source === 'none' &&
				options.limit !== undefined &&
				lists.some((other) => other.source !== 'none') &&
				[...kept.values()].filter((entry) => watchedDays(entry.item) !== undefined).length >=
					options.limit
			)
				break;
			const honoured: HonouredFilter = {
				test: (record) => list.honours(attributesOf(record)),
				ignored: false,
			};
			const listed = await this.api.listed(
				{ method: 'GET', path: '/containers', qs: { ...list.qs, ...include } },
				{
					...rest,
					// each list sorted as asked of the service: by its source's LFD, or the user's order
					order: !sorted
						? order
						: list.source === 'none'
							? mergedOrder(NEWEST_FIRST)
							: sourceOrder(list.source, now),
					serviceOnly: first ? serviceOnly : undefined,
					honoured,
					enough: sorted && list.source !== 'none' ? pastBound(list.source) : undefined,
				},
			);
			first = false;
			for (const entry of listed) {
				const id = String(entry.item.id);
				if (!kept.has(id)) kept.set(id, entry);
			}
			if (honoured.ignored) break;
		}
		const merged = [...kept.values()].sort((a, b) => order.compare(a.item, b.item));
		return Records.listed(options.limit === undefined ? merged : merged.slice(0, options.limit));
	}

	/** `PATCH /containers` (the path openapi.json gives; the id in the body). */
	async update(id: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save(
			'PATCH',
			'/containers',
			{ id, type: 'container', attributes },
			withInsights,
		);
	}

	/** `PATCH /containers/{id}/refresh` (its own rate bucket: 10 a minute). */
	async refresh(id: string): Promise<IDataObject> {
		return await this.api.document({
			method: 'PATCH',
			path: `/containers/${segment(id)}/refresh`,
			bucket: 'refresh',
		});
	}

	/** `GET /containers/{id}/map_geojson`: a GeoJSON FeatureCollection (application/json). */
	async map(id: string): Promise<JsonApiDocument> {
		return await this.api.document({
			method: 'GET',
			path: `/containers/${segment(id)}/map_geojson`,
		});
	}

	/**
	 * `GET /containers/{id}/transport_events`, oldest first. The service's order is not chronological
	 * (real responses list the legs newest first), so every page is read and the events are sorted by their
	 * timestamp (ties, and events without one, keep the service's order; those without one come last); a
	 * Limit then takes the oldest.
	 */
	async transportEvents(id: string, include: string[], take: Take): Promise<Records> {
		const events = await this.api.listed(
			{
				method: 'GET',
				path: `/containers/${segment(id)}/transport_events`,
				qs: includeQuery(include),
			},
			// every page (the oldest may be on any of them; a container's events usually fit one page of 100)
			{ limit: take.limit, readAll: true },
		);
		const timeOf = (event: Listed) => {
			const time = Date.parse(String(event.item.timestamp ?? ''));
			return Number.isNaN(time) ? Infinity : time;
		};
		const sorted = events
			.map((event, index) => ({ event, index, time: timeOf(event) }))
			.sort((a, b) => a.time - b.time || a.index - b.index)
			.map(({ event }) => event);
		return Records.listed(take.limit === undefined ? sorted : sorted.slice(0, take.limit));
	}

	/** `GET /containers/{id}/raw_events` (one document, not paginated): the first `limit` events. */
	async rawEvents(id: string, take: Take): Promise<Records> {
		const document = await this.api.document({
			method: 'GET',
			path: `/containers/${segment(id)}/raw_events`,
		});
		const limited =
			take.limit !== undefined && Array.isArray(document.data)
				? { ...document, data: document.data.slice(0, take.limit) }
				: document;
		return recordsOf(limited);
	}
}
