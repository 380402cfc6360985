/**
 * The shipment generator: a shipment and its containers (numbers, route, vessel, milestone plan, stage) and
 * terminal data consistent with their stage, deterministic from an Rng. The seeding (seed.ts) and the carrier's
 * new shipments (carrier.ts) use it.
 */
import {
	ASIA_POL_CODES,
	EUROPE_POL_CODES,
	METRO_AREAS,
	METRO_BY_CODE,
	PORTS_BY_CODE,
	SHIPPING_LINES_BY_SCAC,
	TERMINALS,
	TERMINALS_BY_FIRMS,
	VESSELS,
	WEST_COAST,
} from './reference-data';
import type { Store } from './store';
import { buildMilestones, milestoneIndex, planTimes } from './timeline';
import type { ContainerRec, Fee, Hold, ShipmentRec } from './types';
import { DAY_MS, HOUR_MS, Rng, hashString, lfdInstant, withCheckDigit } from './util';

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
		addContainer(store, rng, shipment, {
			id: spec.containerIds?.[i],
			number,
			stage: cStage,
			times: cTimes,
			createdAt: spec.createdAt,
			bareTerminalData: spec.bareTerminalData,
			now,
		});
	}
	return shipment;
}

/**
 * One container of `shipment` at `stage` of its plan, with its own copy of the plan's `times`, added to the
 * store and to the shipment (the seed's containers, and one the carrier adds to a tracked shipment later).
 */
export function addContainer(
	store: Store,
	rng: Rng,
	shipment: ShipmentRec,
	spec: {
		id?: string;
		number: string;
		stage: number;
		times: number[];
		createdAt: number;
		bareTerminalData?: boolean;
		now: number;
	},
): ContainerRec {
	const { now } = spec;
	const metroCode = shipment.metroCode;
	const c: ContainerRec = {
		id: spec.id ?? rng.uuid(),
		number: spec.number,
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
		stage: spec.stage,
		times: spec.times,
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
	return c;
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
