import type { IDataObject } from 'n8n-workflow';

import type { InsightOptions } from '../domain/containerInsights';
import { assertNotEmpty, wrongCheckDigit } from '../errors/validation';
import type { Api } from './api';
import type { Containers } from './containers';
import type { ContainerFilters } from './listSpec';
import { Records } from './records';
import { Resource } from './resource';
import type { Shipments } from './shipments';
import { normalizeShipmentNumber } from './shipments';
import type { NewTrackingRequest, TrackingRequests } from './trackingRequests';

/** A container number's shape (owner code, category, serial and check digit), the check digit not checked. */
const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;
/** The start of a container number (a prefix search on container numbers). */
const CONTAINER_PREFIX = /^[A-Z]{3}[UJZ]?\d{0,6}$/;
/** A Terminal49 ID. */
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
/** A prefix shorter than this matches too much to be a search. */
const MIN_PREFIX = 4;

/** How the records a number found were found. */
export type FoundBy = 'id' | 'container_number' | 'shipment_number' | 'tracking_request' | 'prefix';

export interface Found {
	/** Flat container items (their shipment nested, derived fields added), shipments without containers, or tracking requests. */
	items: IDataObject[];
	by: FoundBy;
}

const containerIncludes = ['shipment', 'pod_terminal'];

/**
 * Finds what a person quotes: a container number, a bill of lading, booking or reference number, the start of
 * one, or a Terminal49 ID, each looked up the way the service offers it (exact first, then a prefix search),
 * and answered as containers (each with its shipment), so one call answers "where is it". A number not
 * tracked but requested answers with its tracking request (pending, awaiting the manifest, failed).
 */
export class Finder extends Resource {
	constructor(
		api: Api,
		private readonly containers: Containers,
		private readonly shipments: Shipments,
		private readonly trackingRequests: TrackingRequests,
	) {
		super(api);
	}

	/**
	 * `insights`: how the containers' urgency and costs are counted (the Find operation's options: its D&D
	 * tariffs), so that one call answers "what will it cost by Friday".
	 */
	async anyNumber(raw: unknown, limit: number, insights: InsightOptions = {}): Promise<Found> {
		const typed = assertNotEmpty(this.node, 'Number', raw, this.itemIndex);
		const number = normalizeShipmentNumber(typed);
		if (UUID.test(typed.trim())) {
			return {
				items: (await this.containers.get(typed.trim(), containerIncludes, insights)).items,
				by: 'id',
			};
		}
		const byContainer = CONTAINER_NUMBER.test(number);
		const exact = byContainer
			? await this.containers.byNumber(number, containerIncludes, insights)
			: await this.shipments.containersByNumber(number, insights);
		if (exact.length) {
			return {
				items: exact.slice(0, limit),
				by: byContainer ? 'container_number' : 'shipment_number',
			};
		}
		const requested = await this.trackingRequests.list(
			{ requestNumber: number, include: ['tracked_object'] },
			{ limit },
		);
		if (requested.items.length) return { items: requested.items, by: 'tracking_request' };
		if (!CONTAINER_NUMBER.test(number) && number.length >= MIN_PREFIX) {
			const started = await this.prefix(number, limit, insights);
			if (started.length) return { items: started, by: 'prefix' };
		}
		const typo = byContainer ? wrongCheckDigit(number) : undefined;
		if (typo) return this.mistyped(typed, typo);
		return this.fail(
			`Nothing tracked in this Terminal49 account matches "${typed}"`,
			'No container, bill of lading, booking or reference number is or starts with it, and no tracking request was made for it. Check the number, or create a tracking request for it (Tracking Request > Create).',
			`No container, bill of lading, booking or reference number "${typed}" is tracked in this Terminal49 account, and no tracking request was made for it: check the number with the customer, or offer to start tracking it.`,
		);
	}

	/**
	 * Nothing matches a number of a container number's shape whose ISO 6346 check digit is wrong: a likely typo,
	 * said with the digit it should have, and never offered for tracking (Tracking Request > Create refuses it).
	 * It was looked up all the same, since a bill of lading can have that shape (MSC's MEDU…).
	 */
	private mistyped(typed: string, digit: { expected: number; actual: string }): never {
		return this.fail(
			`Nothing tracked in this Terminal49 account matches "${typed}", and it is probably a mistyped container number: its ISO 6346 check digit should be ${digit.expected}, not ${digit.actual}`,
			'No container, bill of lading, booking or reference number is it, and no tracking request was made for it. Check the number for a typo: as a container number it cannot be tracked with this check digit.',
			`No container, bill of lading, booking or reference number "${typed}" is tracked in this Terminal49 account, and it is probably a mistyped container number: its last digit, the ISO 6346 check digit, should be ${digit.expected} for the letters and digits before it, not ${digit.actual}, so check the number with the customer.`,
		);
	}

	/** Containers whose number, or whose shipment's bill of lading or reference number, starts with `prefix`. */
	private async prefix(
		prefix: string,
		limit: number,
		insights: InsightOptions,
	): Promise<IDataObject[]> {
		const take = { limit };
		const list = async (where: ContainerFilters) =>
			(await this.containers.list({ include: containerIncludes, where, insights }, take)).items;
		if (CONTAINER_PREFIX.test(prefix)) {
			const byNumber = await list({ numberPrefix: prefix });
			if (byNumber.length) return byNumber;
		}
		const byShipment = await list({ shipmentNumberPrefix: prefix });
		if (byShipment.length) return byShipment;
		return await list({ shipmentRefNumberPrefix: prefix });
	}

	/**
	 * What Tracking Request > Create finds before it creates (so that a number is never tracked twice): an
	 * active request for the same number, else, for a container number, the container already tracked (with
	 * its shipment, under the number it was tracked by), as a tracking request marked `duplicate: true`;
	 * undefined when nothing is tracked, or when this key may not read (the free plan: the service judges).
	 */
	async alreadyTracked(request: NewTrackingRequest): Promise<Records | undefined> {
		const requested = await this.trackingRequests.activeFor(request);
		if (requested === undefined || requested.items.length) return requested;
		if (request.requestType !== 'container') return undefined;
		const [container] = (
			await this.containers.byNumber(request.requestNumber, ['shipment'])
		).filter((item) => {
			const shipment = item.shipment as IDataObject | undefined;
			return !!shipment && typeof shipment === 'object' && !shipment.line_tracking_stopped_at;
		});
		if (!container) return undefined;
		const shipment = container.shipment as IDataObject;
		return Records.made([
			{
				id: null,
				type: 'tracking_request',
				request_number: request.requestNumber,
				request_type: 'container',
				scac: shipment.shipping_line_scac ?? null,
				status: 'created',
				tracked_object: shipment,
				duplicate: true,
				already_tracked_as: `container ${request.requestNumber} of bill of lading ${String(shipment.bill_of_lading_number ?? shipment.id)}`,
			},
		]);
	}
}
