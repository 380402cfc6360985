/**
 * Deterministic seed data and the shipment factory (also used when a tracking request succeeds).
 * Same seed + same epoch => identical ids, numbers, statuses and dates.
 */
import {
	ASIA_POL_CODES,
	CUSTOMER_NAMES,
	EUROPE_POL_CODES,
	METRO_AREAS,
	METRO_BY_CODE,
	PORTS_BY_CODE,
	SHIPPING_LINES_BY_SCAC,
	SUPPORTED_LINES,
	TERMINALS,
	TERMINALS_BY_FIRMS,
	VESSELS,
	WEST_COAST,
	stableId,
} from './reference-data';
import type { Store } from './store';
import { buildMilestones, milestoneIndex, planTimes } from './timeline';
import type { ContainerRec, Fee, Hold, ShipmentRec, TrackingRequestRec } from './types';
import { DAY_MS, HOUR_MS, Rng, hashString, iso, lfdInstant, withCheckDigit } from './util';

export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const;

export interface ShipmentSpec {
	id?: string;
	scac: string;
	blNumber?: string;
	polCode?: string;
	tsCode?: string | null;
	podFirms?: string;
	metroCode?: string | null;
	vesselImo?: string;
	containerCount?: number;
	containerIds?: string[];
	containerNumbers?: string[];
	/** Milestone name (short, e.g. 'vessel_departed') the shipment has reached, or -1 for none. */
	stage?: string | number;
	createdAt: number;
	customerId?: string | null;
	refNumbers?: string[];
	tags?: string[];
	/** Leave terminal data (holds/fees/LFD) to the caller. */
	bareTerminalData?: boolean;
}

export function blNumberFor(scac: string, rng: Rng): string {
	const line = SHIPPING_LINES_BY_SCAC.get(scac);
	const prefix = line?.bolPrefix ?? scac;
	return `${prefix}${rng.digits(9)}`;
}

export function containerNumberFor(scac: string, rng: Rng): string {
	const line = SHIPPING_LINES_BY_SCAC.get(scac);
	const prefixes =
		line && line.containerPrefixes.length
			? line.containerPrefixes
			: ['TGHU', 'TCNU', 'FCIU', 'SEGU'];
	return withCheckDigit(rng.pick(prefixes) + rng.digits(6));
}

/** Build a shipment and its containers and add them to the store. */
export function buildShipment(
	store: Store,
	rng: Rng,
	spec: ShipmentSpec,
	now: number,
): ShipmentRec {
	const terminal = spec.podFirms ? TERMINALS_BY_FIRMS.get(spec.podFirms)! : rng.pick(TERMINALS);
	const podCode = terminal.portCode;
	const polCode =
		spec.polCode ??
		(WEST_COAST.has(podCode) || rng.chance(0.7)
			? rng.pick(ASIA_POL_CODES)
			: rng.pick(EUROPE_POL_CODES));
	const tsCode =
		spec.tsCode !== undefined
			? spec.tsCode
			: rng.chance(0.25)
				? EUROPE_POL_CODES.includes(polCode)
					? 'PAMIT'
					: rng.pick(['SGSIN', 'KRPUS', 'HKHKG'].filter((c) => c !== polCode))
				: null;
	const metroCode =
		spec.metroCode !== undefined
			? spec.metroCode
			: rng.chance(0.25)
				? rng.pick(METRO_AREAS).code
				: null;
	const vesselsOfLine = VESSELS.filter((v) => v.scac === spec.scac);
	const vessel = spec.vesselImo
		? VESSELS.find((v) => v.imo === spec.vesselImo)!
		: rng.pick(vesselsOfLine.length ? vesselsOfLine : VESSELS);
	const milestones = buildMilestones(!!tsCode, !!metroCode);

	// Stage: where the shipment is now. Times are planned so that `now` falls after it and before the next.
	let stage: number;
	if (spec.stage === undefined) stage = rng.int(-1, milestones.length - 1);
	else if (typeof spec.stage === 'number') stage = Math.min(spec.stage, milestones.length - 1);
	else stage = milestoneIndex(milestones, spec.stage);
	const draft = planTimes(milestones, 0, podCode, rng);
	let t0: number;
	if (stage < 0) t0 = now + rng.int(12, 72) * HOUR_MS;
	else {
		const gapToNext = stage + 1 < draft.length ? draft[stage + 1] - draft[stage] : 3 * DAY_MS;
		t0 = now - draft[stage] - Math.floor(gapToNext * (0.1 + 0.6 * rng.next()));
	}
	const times = draft.map((x) => x + t0);
	const blNumber = spec.blNumber ?? blNumberFor(spec.scac, rng);
	const shipment: ShipmentRec = {
		id: spec.id ?? rng.uuid(),
		blNumber,
		normalizedNumber: blNumber.replace(/^[A-Z]{4}/, ''),
		refNumbers: spec.refNumbers ?? (rng.chance(0.4) ? [`PO-${rng.digits(6)}`] : []),
		tags: spec.tags ?? (rng.chance(0.2) ? [rng.pick(['priority', 'hazmat', 'retail', 'q4'])] : []),
		createdAt: spec.createdAt,
		scac: spec.scac,
		polCode,
		tsCode,
		podCode,
		terminalId: terminal.id,
		metroCode,
		vesselImo: vessel.imo,
		voyageNumber: `${rng.int(100, 999)}${rng.pick(['E', 'W', 'N', 'S'])}`,
		customerId: spec.customerId ?? null,
		milestones,
		times,
		stage,
		podOriginalEta: times[milestoneIndex(milestones, 'vessel_arrived')] - rng.int(0, 3) * DAY_MS,
		containerIds: [],
		lineTrackingStoppedAt: null,
		lineTrackingStoppedReason: null,
		lineTrackingLastAttemptedAt: Math.min(now, spec.createdAt + HOUR_MS),
		etaChangedAt: null,
	};
	// About 1 in 5 shipments still at sea had their ETA moved by the line in the 4 days before `now` (from
	// the id's hash, so the rest of the seeded data is unchanged): the list filters `eta_changed_*`.
	const etaHash = hashString(`eta:${shipment.id}`);
	if (stage < milestoneIndex(milestones, 'vessel_arrived') && etaHash % 5 === 0)
		shipment.etaChangedAt = now - ((etaHash >>> 3) % (96 * 60)) * 60_000;
	store.addShipment(shipment);

	const count = spec.containerNumbers?.length ?? spec.containerCount ?? rng.int(1, 4);
	for (let i = 0; i < count; i++) {
		let number = spec.containerNumbers?.[i] ?? containerNumberFor(spec.scac, rng);
		while (!spec.containerNumbers && store.containersByNumber.has(number))
			number = containerNumberFor(spec.scac, rng);
		const dischargeIdx = milestoneIndex(milestones, 'vessel_discharged');
		// Containers of one shipment share the ocean leg; after discharge each moves on its own.
		const cStage = stage > dischargeIdx && i > 0 ? rng.int(dischargeIdx, stage) : stage;
		const cTimes = times.slice();
		if (cStage < stage) {
			const shift = Math.max(0, now - cTimes[cStage + 1]) + rng.int(2, 30) * HOUR_MS;
			for (let k = cStage + 1; k < cTimes.length; k++) cTimes[k] += shift;
		}
		const c: ContainerRec = {
			id: spec.containerIds?.[i] ?? rng.uuid(),
			number,
			shipmentId: shipment.id,
			createdAt: spec.createdAt,
			equipmentType: rng.pick([
				'dry',
				'dry',
				'dry',
				'dry',
				'reefer',
				'open top',
				'flat rack',
				'tank',
			]),
			equipmentLength: rng.pick([20, 40, 40, 40, 45]),
			equipmentHeight: rng.pick(['standard', 'high_cube', 'high_cube']),
			weightLbs: rng.chance(0.7) ? rng.int(8000, 52000) : null,
			sealNumber: rng.chance(0.7) ? rng.digits(9) : null,
			refNumbers: [],
			stage: cStage,
			times: cTimes,
			holds: [],
			fees: [],
			lfdLine: null,
			lfdTerminal: null,
			lfdRail: null,
			availableForPickup: false,
			availabilityKnown: false,
			pickupAppointmentAt: null,
			locationAtPodTerminal: null,
			terminalCheckedAt: null,
			statusOverride: null,
			podRailCarrier: metroCode ? METRO_BY_CODE.get(metroCode)!.railCarrier : null,
			extraEvents: [],
			recordedAt: {},
			updatedAt: spec.createdAt,
		};
		if (!spec.bareTerminalData) seedTerminalData(shipment, c, rng, now);
		store.addContainer(c);
		shipment.containerIds.push(c.id);
	}
	return shipment;
}

function randomHolds(rng: Rng): Hold[] {
	const holds: Hold[] = [];
	if (rng.chance(0.5))
		holds.push({
			name: 'customs',
			status: 'hold',
			description: rng.pick(['CBP hold', 'Customs exam required', null]),
		});
	if (rng.chance(0.4))
		holds.push({
			name: 'freight',
			status: rng.pick(['hold', 'pending'] as const),
			description: null,
		});
	if (rng.chance(0.15))
		holds.push({
			name: rng.pick(['USDA', 'VACIS', 'TMF'] as const),
			status: 'hold',
			description: null,
		});
	if (rng.chance(0.1))
		holds.push({
			name: 'other',
			status: 'pending',
			description: 'DOWN - Broken Machine Over Pile',
		});
	if (!holds.length) holds.push({ name: 'customs', status: 'hold', description: null });
	return holds;
}

function randomFees(rng: Rng): Fee[] {
	const fees: Fee[] = [];
	if (rng.chance(0.6))
		fees.push({
			type: 'demurrage',
			amount: rng.pick([0, 150, 300, 450, 725]),
			currency_code: 'USD',
		});
	if (rng.chance(0.3))
		fees.push({ type: 'exam', amount: rng.pick([0, 250, 350]), currency_code: 'USD' });
	if (rng.chance(0.2)) fees.push({ type: 'extended_dwell_time', amount: 0, currency_code: 'USD' });
	if (!fees.length) fees.push({ type: 'other', amount: 0, currency_code: 'USD' });
	if (rng.chance(0.5))
		fees.push({
			type: 'total',
			amount: fees.reduce((s, f) => s + f.amount, 0),
			currency_code: 'USD',
		});
	return fees;
}

/** Holds, fees, LFDs and availability consistent with the container's stage. */
export function seedTerminalData(
	shipment: ShipmentRec,
	c: ContainerRec,
	rng: Rng,
	now: number,
): void {
	const m = shipment.milestones;
	const discharge = milestoneIndex(m, 'vessel_discharged');
	const available = milestoneIndex(m, 'available');
	const fullOut = milestoneIndex(m, 'full_out');
	const railUnloaded = milestoneIndex(m, 'rail_unloaded');
	if (c.stage < discharge) return;
	c.availabilityKnown = true;
	c.terminalCheckedAt = now - rng.int(5, 180) * 60 * 1000;
	// About 1 in 8 open containers (never a fixture) at a terminal not checked for 8 to 27 days: stale
	// terminal data. From the id's hash, so the rest of the seeded data is unchanged.
	const staleHash = hashString(`stale:${c.id}`);
	if (staleHash % 8 === 0 && !shipment.tags.includes('fixture'))
		c.terminalCheckedAt = now - (8 + ((staleHash >>> 3) % 20)) * DAY_MS;
	const dischargedAt = c.times[discharge];
	const podTz = PORTS_BY_CODE.get(shipment.podCode)!.timeZone;
	c.lfdTerminal = lfdInstant(dischargedAt + 4 * DAY_MS, podTz);
	if (rng.chance(0.5)) c.lfdLine = lfdInstant(dischargedAt + rng.int(3, 8) * DAY_MS, podTz);
	if (railUnloaded >= 0 && c.stage >= railUnloaded)
		c.lfdRail = lfdInstant(
			c.times[railUnloaded] + 2 * DAY_MS,
			METRO_BY_CODE.get(shipment.metroCode!)!.timeZone,
		);
	if (c.stage >= fullOut) {
		// The terminal is checked until the container leaves it, not after: picked up over a week ago, its
		// terminal data is stale (as in the live records, whose old pickup_lfd stays).
		c.terminalCheckedAt = Math.min(
			c.terminalCheckedAt,
			c.times[fullOut] + (1 + (hashString(`checked:${c.id}`) % 6)) * HOUR_MS,
		);
		c.availableForPickup = false;
		c.locationAtPodTerminal = `Delivered ${new Date(c.times[fullOut]).toISOString().slice(0, 10)}`;
		return;
	}
	const ready = c.stage >= available;
	c.locationAtPodTerminal = ready
		? `Yard Grounded (G${rng.digits(5)}B${rng.int(1, 4)})`
		: 'On vessel / discharged';
	if (rng.chance(ready ? 0.15 : 0.45)) c.holds = randomHolds(rng);
	if (rng.chance(0.3)) c.fees = randomFees(rng);
	c.availableForPickup = ready && !c.holds.some((h) => h.status === 'hold');
	if (ready && rng.chance(0.3)) c.pickupAppointmentAt = now + rng.int(4, 72) * HOUR_MS;
}

export interface FixtureInfo {
	key: string;
	description: string;
	containerId: string;
	containerNumber: string;
	shipmentId: string;
	billOfLading: string;
	trackingRequestId: string;
}

interface FixtureDef {
	key: string;
	description: string;
	scac: string;
	bl: string;
	container: string;
	pol: string;
	ts: string | null;
	podFirms: string;
	metro: string | null;
	stage: string | number;
	/** IMO of the vessel to the port of discharge (default: one of the line's, at random). */
	vessel?: string;
	/** When the milestone (short name) happened, in ms from the epoch (default: as planned). */
	timing?: [string, number];
	/** Terminal data and history of the fixture (`tz`: the port of discharge's time zone). */
	apply: (c: ContainerRec, now: number, tz: string, s: ShipmentRec) => void;
}

/** The calendar date `YYYY-MM-DD` of an instant in a time zone. */
function localDate(ms: number, timeZone: string): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(ms));
}

/** A fixture's terminal data: no holds, fees, LFDs or appointment unless given. */
function terminalData(c: ContainerRec, data: Partial<ContainerRec>): void {
	Object.assign(
		c,
		{
			holds: [],
			fees: [],
			lfdLine: null,
			lfdTerminal: null,
			lfdRail: null,
			pickupAppointmentAt: null,
		} satisfies Partial<ContainerRec>,
		data,
	);
}

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

const FIXTURES: FixtureDef[] = [
	{
		key: 'ready_for_pickup',
		description:
			'Discharged, available for pickup, no holds, no fees; pickup_lfd = terminal LFD in 3 days; pickup appointment tomorrow',
		scac: 'MSCU',
		bl: 'MEDUT4949001',
		container: withCheckDigit('MSCU494901'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y257',
		metro: null,
		stage: 'available',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [],
				availableForPickup: true,
				lfdLine: null,
				lfdTerminal: lfdInstant(now + 3 * DAY_MS, tz),
				lfdRail: null,
				locationAtPodTerminal: 'Yard Grounded (G40211B2)',
				pickupAppointmentAt: now + DAY_MS + 15 * HOUR_MS,
			}),
	},
	{
		key: 'customs_hold',
		description:
			'Discharged, not available: customs hold (status hold) and freight pending; exam fee, a 0 amount and a total',
		scac: 'MAEU',
		bl: 'MAEU494900002',
		container: withCheckDigit('MSKU494902'),
		pol: 'NLRTM',
		ts: null,
		podFirms: 'E425',
		metro: null,
		stage: 'vessel_discharged',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [
					{ name: 'customs', status: 'hold', description: 'Customs exam required' },
					{ name: 'freight', status: 'pending', description: null },
				],
				fees: [
					{ type: 'exam', amount: 350, currency_code: 'USD' },
					{ type: 'other', amount: 0, currency_code: 'USD' },
					{ type: 'total', amount: 350, currency_code: 'USD' },
				],
				availableForPickup: false,
				lfdLine: null,
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				lfdRail: null,
			}),
	},
	{
		key: 'past_lfd',
		description:
			'Available but past its last free day: pickup_lfd = line LFD 2 days ago (terminal LFD 3 days ago); demurrage accruing',
		scac: 'HLCU',
		bl: 'HLCUSS4949003',
		container: withCheckDigit('HLXU494903'),
		pol: 'DEHAM',
		ts: null,
		podFirms: 'L737',
		metro: null,
		stage: 'available',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [
					{ type: 'demurrage', amount: 450, currency_code: 'USD' },
					{ type: 'extended_dwell_time', amount: 0, currency_code: 'USD' },
					{ type: 'total', amount: 450, currency_code: 'USD' },
				],
				availableForPickup: true,
				lfdLine: lfdInstant(now - 2 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now - 3 * DAY_MS, tz),
				lfdRail: null,
			}),
	},
	{
		key: 'on_ship',
		description:
			'At sea after transshipment in Busan (map has a current vessel position and estimated legs)',
		scac: 'CMDU',
		bl: 'CMDUSHZ4949004',
		container: withCheckDigit('CMAU494904'),
		pol: 'CNSHA',
		ts: 'KRPUS',
		podFirms: 'Z952',
		metro: null,
		stage: 'transshipment_departed',
		apply: () => undefined,
	},
	{
		key: 'on_rail',
		description:
			'On rail to Chicago; line LFD (in 9 days) wins over the earlier terminal (1 day) and rail (6 days) LFDs',
		scac: 'ONEY',
		bl: 'ONEYTYOA4949005',
		container: withCheckDigit('ONEU494905'),
		pol: 'JPTYO',
		ts: null,
		podFirms: 'Y773',
		metro: 'USCHI',
		stage: 'rail_departed',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [],
				availableForPickup: false,
				lfdLine: lfdInstant(now + 9 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				lfdRail: lfdInstant(now + 6 * DAY_MS, 'America/Chicago'),
			}),
	},
	{
		key: 'new_booking',
		description:
			'Booked, not yet picked up empty (current_status new); advance it to walk the whole journey',
		scac: 'EGLV',
		bl: 'EISU494900006',
		container: withCheckDigit('EGHU494906'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Y738',
		metro: null,
		stage: -1,
		apply: () => undefined,
	},
	// Demurrage exposure (issue 24): the cases a coordinator acts on, each in Terminal49's fields.
	{
		key: 'terminal_lfd_first',
		description:
			"Discharged 2 days ago, available, no holds: terminal LFD tomorrow, line LFD in 7 days, so pickup_lfd (line first) is a week out while the earliest deadline is the terminal's, tomorrow",
		scac: 'COSU',
		bl: 'CCMJ494900007',
		container: withCheckDigit('CSNU494907'),
		pol: 'CNNGB',
		ts: null,
		podFirms: 'E416',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 7 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G17302B1)',
			}),
	},
	{
		key: 'rail_lfd_first',
		description:
			'Inland rail to Dallas, unloaded and available at the ramp, no holds: rail LFD tomorrow (Dallas time), line LFD in 4 days, terminal LFD in 6 days (Los Angeles time); pickup_lfd = line, earliest = rail',
		scac: 'OOLU',
		bl: 'OOLU494900008',
		container: withCheckDigit('OOLU494908'),
		pol: 'HKHKG',
		ts: null,
		podFirms: 'WAC8',
		metro: 'USDAL',
		stage: 'available',
		timing: ['available', -12 * HOUR_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 4 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 6 * DAY_MS, tz),
				lfdRail: lfdInstant(now + DAY_MS, METRO_BY_CODE.get('USDAL')!.timeZone),
			}),
	},
	{
		key: 'out_of_sync',
		description:
			'Discharged, available_for_pickup true while a customs hold (status hold) remains: the sources disagree (wait for the next update); line LFD in 2 days, terminal LFD in 4',
		scac: 'ZIMU',
		bl: 'ZIMU494900009',
		container: withCheckDigit('ZCSU494909'),
		pol: 'VNSGN',
		ts: null,
		podFirms: 'L005',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				holds: [{ name: 'customs', status: 'hold', description: 'CBP hold' }],
				availableForPickup: true,
				lfdLine: lfdInstant(now + 2 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 4 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G20517B3)',
			}),
	},
	{
		key: 'long_dwell',
		description:
			'Discharged 5 days ago and available since 4, no holds, not picked up (dwell of 3+ days); terminal LFD in 2 days',
		scac: 'YMLU',
		bl: 'YMLU494900010',
		container: withCheckDigit('YMMU494910'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y549',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -5 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G08841B2)',
			}),
	},
	{
		key: 'rolled',
		description:
			'Rolled at Kaohsiung: loaded on EVER GIVEN 9 days ago, discharged back there, loaded on EVER FORWARD 7 days later; at sea, pod_eta_at 7 days after pod_original_eta_at',
		scac: 'EGLV',
		bl: 'EISU494900011',
		container: withCheckDigit('EMCU494911'),
		pol: 'TWKHH',
		ts: null,
		podFirms: 'Y124',
		metro: null,
		stage: 'vessel_departed',
		vessel: '9850551',
		timing: ['vessel_departed', -2 * DAY_MS],
		apply: (c, _now, _tz, s) => {
			const loaded = c.times[milestoneIndex(s.milestones, 'vessel_loaded')];
			const roll = {
				vesselImo: '9811000',
				voyageNumber: '0417E',
				loadedAt: loaded - 7 * DAY_MS,
				dischargedAt: loaded - 7 * DAY_MS + 20 * HOUR_MS,
			};
			c.roll = roll;
			// Gated in before the first load.
			for (const k of [
				milestoneIndex(s.milestones, 'empty_out'),
				milestoneIndex(s.milestones, 'full_in'),
			])
				s.times[k] = c.times[k] -= 7 * DAY_MS;
			s.voyageNumber = '0424E';
			s.polOriginalEtd = roll.loadedAt + 12 * HOUR_MS;
			s.podOriginalEta = s.times[milestoneIndex(s.milestones, 'vessel_arrived')] - 7 * DAY_MS;
			s.etaChangedAt = roll.dischargedAt;
		},
	},
	{
		key: 'transshipped',
		description:
			'Transshipped in Singapore from TONGALA (voyage 512N) to MAERSK SYDNEY (voyage 519E); discharged in Houston yesterday, not yet released (not available, no holds); terminal LFD in 4 days',
		scac: 'MAEU',
		bl: 'MAEU494900012',
		container: withCheckDigit('MRKU494912'),
		pol: 'VNSGN',
		ts: 'SGSIN',
		podFirms: 'S787',
		metro: null,
		stage: 'vessel_discharged',
		vessel: '9289958',
		timing: ['vessel_discharged', -20 * HOUR_MS],
		apply: (c, now, tz, s) => {
			Object.assign(s, { polVesselImo: '9278105', polVoyageNumber: '512N', voyageNumber: '519E' });
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(now + 4 * DAY_MS, tz),
				locationAtPodTerminal: 'On vessel / discharged',
			});
		},
	},
	{
		key: 'empty_not_returned',
		description:
			'Picked up (full out) 5 days ago, empty not returned (empty_terminated_at null), current_status picked_up; its past terminal LFD stays',
		scac: 'WHLC',
		bl: 'WHLC494900013',
		container: withCheckDigit('WHSU494913'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Z693',
		metro: null,
		stage: 'full_out',
		timing: ['full_out', -5 * DAY_MS],
		apply: (c, _now, tz, s) => {
			const fullOut = c.times[milestoneIndex(s.milestones, 'full_out')];
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(fullOut + DAY_MS, tz),
				locationAtPodTerminal: `Delivered ${new Date(fullOut).toISOString().slice(0, 10)}`,
				// The terminal is checked until the container leaves it.
				terminalCheckedAt: fullOut + 2 * HOUR_MS,
			});
		},
	},
	{
		key: 'stale_terminal_data',
		description:
			'Discharged 11 days ago; terminal last checked 9 days ago (stale), when it reported a customs hold and a terminal LFD of tomorrow',
		scac: 'APLU',
		bl: 'APLU494900014',
		container: withCheckDigit('APZU494914'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y309',
		metro: null,
		stage: 'vessel_discharged',
		timing: ['vessel_discharged', -11 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				holds: [{ name: 'customs', status: 'hold', description: 'Customs exam required' }],
				availableForPickup: false,
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G33120B4)',
				terminalCheckedAt: now - 9 * DAY_MS,
			}),
	},
	// The POD last free day Terminal49 selects (issue 29), each case in the selected-deadline serializer's
	// fields (sandbox/pod-deadlines.ts); the older serializer shows the same records with its flat keys. Three
	// are due "today", the local day at the epoch, in three time zones (Los Angeles, New York, Chicago).
	{
		key: 'pod_facility_today',
		description:
			"Available at APM Terminals Los Angeles, no holds: facility LFD TODAY (the Los Angeles day at the epoch), line LFD tomorrow; pod.unified = the facility's, today, while pickup_lfd is the sentinel 2099-12-31: read pod.unified.current_value, never pickup_lfd (the older serializer's pickup_lfd is the line's, tomorrow)",
		scac: 'HLCU',
		bl: 'HLCUSS4949015',
		container: withCheckDigit('HLXU494915'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'W185',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -3 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + DAY_MS, tz),
				lfdTerminal: lfdInstant(now, tz),
				locationAtPodTerminal: 'Yard Grounded (G51120B1)',
			}),
	},
	{
		key: 'pod_line_earlier',
		description:
			"Available at GCT Bayonne (New York), no holds: line LFD tomorrow, facility LFD in 3 days; pod.unified = the facility's (in 3 days), so a client that takes the earliest source (tomorrow) is wrong: show pod.unified.current_value",
		scac: 'MAEU',
		bl: 'MAEU494900016',
		container: withCheckDigit('MSKU494916'),
		pol: 'NLRTM',
		ts: null,
		podFirms: 'E364',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 3 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G60214B2)',
			}),
	},
	{
		key: 'pod_line_withheld',
		description:
			"Available at GCT New York, no holds: the carrier withholds its LFD from this account (pod.line all null, no flat pickup_lfd_line, ssl_lfd null; the sandbox knows it: in 2 days), facility LFD TODAY (the New York day at the epoch); pod.unified = the facility's, today: a withheld source is unknown, not a reason to look elsewhere",
		scac: 'CMDU',
		bl: 'CMDUSHZ4949017',
		container: withCheckDigit('CMAU494917'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'E005',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 2 * DAY_MS, tz),
				lfdLineWithheld: true,
				lfdTerminal: lfdInstant(now, tz),
				locationAtPodTerminal: 'Yard Grounded (G70331B4)',
			}),
	},
	{
		key: 'pod_line_calculated',
		description:
			"Discharged at Bayport (Houston) a day before the epoch, not yet available, no holds: no facility or reported line LFD, only the line LFD Terminal49 calculated, a date (no time) that is TODAY in Houston's calendar (America/Chicago, at the epoch); pod.unified = that date, current_selection line_calculated: a day in the terminal's calendar, not an instant (the older serializer shows no LFD at all)",
		scac: 'COSU',
		bl: 'CCMJ494900018',
		container: withCheckDigit('CSNU494918'),
		pol: 'CNNGB',
		ts: null,
		podFirms: 'V136',
		metro: null,
		stage: 'vessel_discharged',
		timing: ['vessel_discharged', -DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: false,
				lfdLineCalculated: localDate(now, tz),
				locationAtPodTerminal: 'On vessel / discharged',
			}),
	},
	{
		key: 'pod_facility_manual',
		description:
			'Available at SSA Pier A (Long Beach), no holds: facility LFD in 2 days entered by hand (pod.facility.manual true, current_selection facility_manual), line LFD in 4 days; pod.unified = the manual facility day, in 2 days',
		scac: 'YMLU',
		bl: 'YMLU494900019',
		container: withCheckDigit('YMMU494919'),
		pol: 'TWKHH',
		ts: null,
		podFirms: 'Z978',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 4 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				lfdTerminalManual: true,
				locationAtPodTerminal: 'Yard Grounded (G80447B3)',
			}),
	},
	{
		key: 'pod_lfd_moved',
		description:
			'Available at Port Newark Container Terminal (New York), no holds, the facility reports no LFD: the line first gave tomorrow, then moved its LFD 2 days later, to in 3 days; pod.line.original tomorrow, current in 3 days; pod.unified original_value tomorrow, current_value in 3 days (both line): the LFD moved by +2 days',
		scac: 'MSCU',
		bl: 'MEDUT4949020',
		container: withCheckDigit('MSCU494920'),
		pol: 'BEANR',
		ts: null,
		podFirms: 'F577',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) => {
			const first = lfdInstant(now + DAY_MS, tz);
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 3 * DAY_MS, tz),
				lfdLineOriginal: first,
				lfdSelectedOriginal: { value: iso(first)!, selection: 'line' },
				locationAtPodTerminal: 'Yard Grounded (G90512B2)',
			});
		},
	},
	{
		key: 'pod_lfd_unknown',
		description:
			'Available at the New Orleans Terminal, no holds: no source reports a last free day (pod.line and pod.facility all null, pod.unified null, pickup_lfd the sentinel); the LFD is unknown ("not reported"): nothing falls back',
		scac: 'EGLV',
		bl: 'EISU494900021',
		container: withCheckDigit('EGHU494921'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Q795',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -DAY_MS],
		apply: (c) =>
			terminalData(c, {
				availableForPickup: true,
				locationAtPodTerminal: 'Yard Grounded (G10618B1)',
			}),
	},
	{
		key: 'pod_rail_ramp',
		description:
			"Inland rail: discharged at TraPac Los Angeles, by rail (BNSF) to Kansas City, unloaded and available at the ramp 6 h before the epoch, no holds: pod.unified = TraPac's facility LFD, 2 days ago (the port's, while the container sat there), the flat pickup_lfd_rail tomorrow (Kansas City, America/Chicago): at the ramp the rail LFD is the deadline, and neither stands in for the other",
		scac: 'ONEY',
		bl: 'ONEYTYOA4949022',
		container: withCheckDigit('ONEU494922'),
		pol: 'JPTYO',
		ts: null,
		podFirms: 'Y258',
		metro: 'USKCK',
		stage: 'available',
		timing: ['available', -6 * HOUR_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdTerminal: lfdInstant(now - 2 * DAY_MS, tz),
				lfdRail: lfdInstant(now + DAY_MS, METRO_BY_CODE.get('USKCK')!.timeZone),
			}),
	},
];

export const FIXTURE_COUNT = FIXTURES.length;

/**
 * The first fixtures (a journey: ready, on hold, past LFD, at sea, on rail, booked), seeded alone in a sandbox
 * of fewer than DEMURRAGE_FIXTURE_COUNT containers (as before the demurrage fixtures came), so small test
 * sandboxes keep their data.
 */
export const JOURNEY_FIXTURE_COUNT = 6;

/**
 * The journey and the demurrage fixtures (issue 24), seeded alone in a sandbox of fewer than FIXTURE_COUNT
 * containers (as before the POD-deadline fixtures of issue 29 came).
 */
export const DEMURRAGE_FIXTURE_COUNT = 14;

/** The fixtures a sandbox of `containers` containers holds: all, the first 14, the journey ones, or none. */
function fixturesFor(containers: number): FixtureDef[] {
	for (const count of [FIXTURES.length, DEMURRAGE_FIXTURE_COUNT, JOURNEY_FIXTURE_COUNT])
		if (containers >= count) return FIXTURES.slice(0, count);
	return [];
}

/** Fixture ids and numbers (stable across seeds). */
export function fixtureInfo(): FixtureInfo[] {
	return FIXTURES.map((f) => ({
		key: f.key,
		description: f.description,
		containerId: stableId('fixture-container', f.key),
		containerNumber: f.container,
		shipmentId: stableId('fixture-shipment', f.key),
		billOfLading: f.bl,
		trackingRequestId: stableId('fixture-tracking-request', f.key),
	}));
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
