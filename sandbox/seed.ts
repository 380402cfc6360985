/**
 * Seeding: fills the store with the deterministic data of a seed and an epoch (parties, custom field
 * definitions, random shipments from the generator, tracking requests, the fixtures, documents). Same seed +
 * same epoch => identical ids, numbers, statuses and dates.
 */
import { FIXTURES, fixtureInfo, fixturesFor, DEMURRAGE_FIXTURE_COUNT } from './fixtures';
import { buildShipment } from './generator';
import {
	CUSTOMER_NAMES,
	PORTS_BY_CODE,
	SHIPPING_LINES_BY_SCAC,
	SUPPORTED_LINES,
	stableId,
} from './reference-data';
import type { Store } from './store';
import { milestoneIndex } from './timeline';
import type { ContainerRec, ShipmentRec, TrackingRequestRec } from './types';
import { DAY_MS, HOUR_MS, Rng, hashString } from './util';

/**
 * Move a fixture's plan (container and shipment) so that milestone `short` happened at `at`; the milestones
 * not reached yet stay ahead of `now` (estimates), 6 hours after it at the earliest.
 */
function retime(s: ShipmentRec, c: ContainerRec, short: string, at: number, now: number): void {
	const delta = at - c.times[milestoneIndex(s.milestones, short)];
	const next = c.stage + 1;
	const ahead =
		next < c.times.length ? Math.max(0, now + 6 * HOUR_MS - (c.times[next] + delta)) : 0;
	const shift = (k: number) => delta + (k >= next ? ahead : 0);
	for (const times of [c.times, s.times])
		for (let k = 0; k < times.length; k++) times[k] += shift(k);
	s.podOriginalEta += shift(milestoneIndex(s.milestones, 'vessel_arrived'));
}

export function seedTrackingRequest(
	store: Store,
	s: ShipmentRec,
	id: string,
	type: TrackingRequestRec['requestType'] = 'bill_of_lading',
): TrackingRequestRec {
	const c = store.containers.get(s.containerIds[0]);
	return store.trackingRequests.add({
		id,
		requestNumber: type === 'container' && c ? c.number : s.blNumber,
		requestType: type,
		scac: s.scac,
		autoDetect: false,
		refNumbers: s.refNumbers.slice(),
		shipmentTags: s.tags.slice(),
		status: s.lineTrackingStoppedAt ? 'tracking_stopped' : 'created',
		failedReason: null,
		createdAt: s.createdAt - 5 * 60 * 1000,
		updatedAt: s.createdAt,
		shipmentId: s.id,
		customerId: s.customerId,
		isRetrying: false,
		retryCount: null,
		createdBy: null,
	});
}

/**
 * Remove `count` containers of the oldest shipments (the last containers of each first), and the shipments
 * left without one with their tracking requests.
 */
function dropOldestContainers(store: Store, count: number): void {
	for (const s of store.shipments.all().slice()) {
		if (count <= 0) return;
		while (count > 0 && s.containerIds.length) {
			const c = store.containers.get(s.containerIds.pop())!;
			store.containers.remove(c.id);
			store.containersByNumber.delete(c.number);
			count--;
		}
		if (s.containerIds.length) continue;
		for (const t of store.trackingRequestsFor(s.id)) store.trackingRequests.remove(t.id);
		store.shipments.remove(s.id);
		store.shipmentsByNumber.delete(s.blNumber);
	}
}

/** Fill the store: parties, custom field definitions, documents, shipments, containers, fixtures. */
export function seedStore(
	store: Store,
	containers: number,
	epoch: number,
	perShipment?: number,
): void {
	const rng = store.rng;
	for (let i = 0; i < CUSTOMER_NAMES.length; i++) {
		store.parties.add({
			id: stableId('party', CUSTOMER_NAMES[i]),
			companyName: CUSTOMER_NAMES[i],
			createdAt: epoch - (90 - i) * DAY_MS,
		});
	}
	const po = store.customFieldDefinitions.add({
		id: stableId('cfd', 'po_number'),
		entityType: 'Shipment',
		apiSlug: 'po_number',
		displayName: 'PO Number',
		dataType: 'short_text',
		referenceType: null,
		validation: null,
		defaultFormat: null,
		defaultValue: null,
		createdAt: epoch - 80 * DAY_MS,
	});
	const prio = store.customFieldDefinitions.add({
		id: stableId('cfd', 'priority'),
		entityType: 'Container',
		apiSlug: 'priority',
		displayName: 'Priority',
		dataType: 'enum',
		referenceType: null,
		validation: null,
		defaultFormat: null,
		defaultValue: 'normal',
		createdAt: epoch - 79 * DAY_MS,
	});
	store.customFieldDefinitions.add({
		id: stableId('cfd', 'broker_ref'),
		entityType: 'TrackingRequest',
		apiSlug: 'broker_ref',
		displayName: 'Broker reference',
		dataType: 'short_text',
		referenceType: null,
		validation: null,
		defaultFormat: null,
		defaultValue: null,
		createdAt: epoch - 78 * DAY_MS,
	});
	['low', 'normal', 'high'].forEach((v, i) =>
		store.customFieldOptions.add({
			id: stableId('cfo', v),
			definitionId: prio.id,
			label: v[0].toUpperCase() + v.slice(1),
			value: v,
			position: i + 1,
			createdAt: epoch - 79 * DAY_MS,
		}),
	);

	const fixtures = fixturesFor(containers);
	// The POD-deadline fixtures (issue 29) take the place of the oldest random containers: the random data
	// is generated as it was before they came, then that many of its oldest containers are dropped, so the
	// rest of a sandbox of any size keeps its data.
	const podFixtures = Math.max(0, fixtures.length - DEMURRAGE_FIXTURE_COUNT);
	let remaining = containers - fixtures.length + podFixtures;
	// Random shipments first (older), fixtures last (newest, so they lead page 1 of every list).
	const specs: Array<{ count: number }> = [];
	while (remaining > 0) {
		const count = Math.min(remaining, perShipment ?? rng.int(1, 4));
		specs.push({ count });
		remaining -= count;
	}
	const span = 60 * DAY_MS;
	specs.forEach((sp, i) => {
		const createdAt =
			epoch - span + Math.floor((span - 2 * HOUR_MS) * (i / Math.max(1, specs.length)));
		const line = rng.pick(SUPPORTED_LINES);
		const s = buildShipment(
			store,
			rng,
			{
				scac: line.scac,
				containerCount: sp.count,
				createdAt,
				customerId: rng.chance(0.5) ? rng.pick(store.parties.all()).id : null,
			},
			epoch,
		);
		if (rng.chance(0.05)) {
			s.lineTrackingStoppedAt = createdAt + 20 * DAY_MS;
			s.lineTrackingStoppedReason = rng.pick([
				'all_containers_terminated',
				'past_arrival_window',
				'cancelled_by_user',
			]);
		}
		seedTrackingRequest(
			store,
			s,
			rng.uuid(),
			rng.chance(0.15) && sp.count === 1 ? 'container' : 'bill_of_lading',
		);
	});
	dropOldestContainers(store, podFixtures);
	if (specs.length) {
		// A few requests that did not produce a shipment.
		const line = SHIPPING_LINES_BY_SCAC.get('MSCU')!;
		const stuck: Array<[string, TrackingRequestRec['status'], string | null]> = [
			[`AWAIT${rng.digits(7)}`, 'awaiting_manifest', null],
			[`${line.bolPrefix}${rng.digits(9)}`, 'failed', 'not_found'],
			['MSCU1234560', 'failed', 'invalid_number'],
		];
		stuck.forEach(([num, status, reason], i) => {
			store.trackingRequests.add({
				id: rng.uuid(),
				requestNumber: num,
				requestType: reason === 'invalid_number' ? 'container' : 'bill_of_lading',
				scac: 'MSCU',
				autoDetect: false,
				refNumbers: [],
				shipmentTags: [],
				status,
				failedReason: reason,
				createdAt: epoch - (3 - i) * HOUR_MS,
				updatedAt: epoch - (3 - i) * HOUR_MS + 60000,
				shipmentId: null,
				customerId: null,
				isRetrying: status === 'awaiting_manifest',
				retryCount: status === 'awaiting_manifest' ? 1 : null,
				createdBy: null,
			});
		});
	}
	// The POD-deadline fixtures are seeded first (older), so the first DEMURRAGE_FIXTURE_COUNT keep their
	// creation times and lead every list as before.
	const first = fixtures.slice(0, DEMURRAGE_FIXTURE_COUNT);
	const later = fixtures.slice(DEMURRAGE_FIXTURE_COUNT);
	[...later, ...first].forEach((f) => {
		const i = FIXTURES.indexOf(f);
		const info = fixtureInfo()[i];
		const createdAt =
			i < DEMURRAGE_FIXTURE_COUNT
				? epoch - (first.length - i) * 10 * 60 * 1000
				: epoch - (first.length + later.length - (i - DEMURRAGE_FIXTURE_COUNT)) * 10 * 60 * 1000;
		const fixtureRng = new Rng(hashString(`fixture:${f.key}`));
		const s = buildShipment(
			store,
			fixtureRng,
			{
				id: info.shipmentId,
				scac: f.scac,
				blNumber: f.bl,
				polCode: f.pol,
				tsCode: f.ts,
				podFirms: f.podFirms,
				metroCode: f.metro,
				containerNumbers: [f.container],
				containerIds: [info.containerId],
				stage: f.stage,
				vesselImo: f.vessel,
				createdAt,
				customerId: store.parties.all()[0]?.id ?? null,
				refNumbers: [`FIXTURE-${f.key.toUpperCase()}`],
				tags: ['fixture'],
			},
			epoch,
		);
		const c = store.containers.get(info.containerId)!;
		if (f.timing) retime(s, c, f.timing[0], epoch + f.timing[1], epoch);
		f.apply(c, epoch, PORTS_BY_CODE.get(s.podCode)!.timeZone, s);
		seedTrackingRequest(store, s, info.trackingRequestId);
	});
	// Custom field values, a document and an email submission on the new_booking fixture (without fixtures:
	// the newest shipment).
	const firstShipment =
		store.shipments.get(stableId('fixture-shipment', 'new_booking')) ??
		store.shipments.all()[store.shipments.size - 1];
	if (firstShipment) {
		store.customFields.add({
			id: stableId('cf', 'po'),
			definitionId: po.id,
			apiSlug: 'po_number',
			entityType: 'shipment',
			entityId: firstShipment.id,
			value: 'PO-4949',
			createdAt: epoch - HOUR_MS,
		});
		const email = store.emailSubmissions.add({
			id: stableId('email', '1'),
			subject: `Arrival notice ${firstShipment.blNumber}`,
			body: 'Please find the arrival notice attached.',
			from: ['notices@carrier.example'],
			to: ['docs@sandbox.example'],
			cc: [],
			sentAt: epoch - 2 * HOUR_MS,
			messageId: '<an-4949@carrier.example>',
			documentIds: [],
			createdAt: epoch - 2 * HOUR_MS,
			updatedAt: epoch - 2 * HOUR_MS,
		});
		const doc = store.documents.add({
			id: stableId('document', '1'),
			name: 'Arrival notice',
			documentType: 'arrival_notice',
			documentTypeManual: null,
			classificationNotes: null,
			source: 'email',
			fileName: 'arrival-notice.pdf',
			fileContentType: 'application/pdf',
			fileSizeBytes: 48213,
			contentHash: 'seed-1',
			shipmentIds: [firstShipment.id],
			containerIds: firstShipment.containerIds.slice(),
			emailSubmissionId: email.id,
			extractedDataManual: null,
			rotation: 0,
			createdAt: epoch - 2 * HOUR_MS,
			updatedAt: epoch - 2 * HOUR_MS,
		});
		email.documentIds.push(doc.id);
		store.documents.add({
			id: stableId('document', '2'),
			name: 'Bill of lading',
			documentType: 'bill_of_lading',
			documentTypeManual: null,
			classificationNotes: null,
			source: 'api',
			fileName: 'bol.pdf',
			fileContentType: 'application/pdf',
			fileSizeBytes: 10240,
			contentHash: 'seed-2',
			shipmentIds: [firstShipment.id],
			containerIds: [],
			emailSubmissionId: null,
			extractedDataManual: null,
			rotation: 0,
			createdAt: epoch - HOUR_MS,
			updatedAt: epoch - HOUR_MS,
		});
	}
}
