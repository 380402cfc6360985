/**
 * The container state machine: a container moves milestone by milestone along its shipment's plan
 * (timeline.ts), the terminal updates its data (holds, fees, last free days, availability, appointment), and
 * the carrier moves the ETA of a shipment at sea. Every change is compared before and after in each container
 * serializer and sends the events it makes (notifications.ts): the milestone, `container.updated` with its
 * changeset, the LFD, appointment and availability events. The first value of a moved LFD is kept
 * (pod-deadlines.ts).
 */
import type { SandboxCore } from './core';
import type { Notifications } from './notifications';
import {
	DEADLINE_SHAPES,
	isCalendarDate,
	keepOriginals,
	lfdState,
	podDeadlines,
	visibleLineLfd,
} from './pod-deadlines';
import { METRO_BY_CODE, PORTS_BY_CODE, TERMINALS_BY_ID, TERMINALS_BY_PORT } from './reference-data';
import { T, milestoneEventId, milestoneIndex, transportEvents } from './timeline';
import type { ContainerRec, DeadlineShape, Fee, Hold, ShipmentRec } from './types';
import { DAY_MS, deepEqual, lfdInstant, parseTime } from './util';

/** A change of a container's terminal data (`PATCH /_sandbox/containers/:id`, `Sandbox.updateContainer`). */
export interface ContainerPatch {
	holds_at_pod_terminal?: Hold[];
	holds?: Hold[];
	fees_at_pod_terminal?: Fee[];
	fees?: Fee[];
	pickup_lfd_line?: string | null;
	pickup_lfd_terminal?: string | null;
	pickup_lfd_rail?: string | null;
	/** The line's calculated last free day, a date `YYYY-MM-DD` in the terminal's calendar, or null. */
	pickup_lfd_line_calculated?: string | null;
	/** The facility's last free day was entered by hand (selection `facility_manual`). */
	pickup_lfd_terminal_manual?: boolean;
	/** The carrier withholds its last free day from the account (`pod.line` all null). */
	line_lfd_withheld?: boolean;
	import_deadlines?: {
		pickup_lfd_line?: string | null;
		pickup_lfd_terminal?: string | null;
		pickup_lfd_rail?: string | null;
	};
	available_for_pickup?: boolean;
	pickup_appointment_at?: string | null;
	location_at_pod_terminal?: string | null;
	current_status?: string | null;
}

export class ContainerStateMachine {
	constructor(
		private readonly core: SandboxCore,
		private readonly notifications: Notifications,
	) {}

	/** Move a container to its next milestone; emits the container.transport.* event. */
	advanceContainer(c: ContainerRec): { event: string } | null {
		const s = this.core.store.shipmentOf(c);
		if (c.stage >= s.milestones.length - 1) return null;
		const now = Date.now();
		const next = c.stage + 1;
		const name = s.milestones[next];
		const shift = Math.max(0, now - c.times[next]);
		c.times[next] = now;
		c.recordedAt[next] = now;
		for (let k = next + 1; k < c.times.length; k++) c.times[k] += shift;
		const short = name.slice(T.length);
		this.changeContainer(
			c,
			() => {
				c.stage = next;
				c.statusOverride = null;
				if (short === 'vessel_discharged') {
					c.availabilityKnown = true;
					c.availableForPickup = false;
					// The terminal reports its last free day (not one entered by hand).
					c.lfdTerminal = lfdInstant(now + 4 * DAY_MS, PORTS_BY_CODE.get(s.podCode)!.timeZone);
					c.lfdTerminalManual = false;
					c.locationAtPodTerminal = 'Discharged';
				}
				if (short === 'rail_unloaded')
					c.lfdRail = lfdInstant(now + 2 * DAY_MS, this.metroFor(s)?.timeZone);
				if (short === 'available') {
					c.availableForPickup = !c.holds.some((h) => h.status === 'hold');
					c.locationAtPodTerminal = 'Yard Grounded';
				}
				if (short === 'full_out') {
					c.availableForPickup = false;
					c.holds = [];
					c.pickupAppointmentAt = null;
					c.locationAtPodTerminal = `Delivered ${new Date(now).toISOString().slice(0, 10)}`;
				}
				if (
					short !== 'empty_in' &&
					short !== 'delivered' &&
					next >= milestoneIndex(s.milestones, 'vessel_discharged')
				)
					c.terminalCheckedAt = now;
			},
			{ milestone: { index: next, name } },
		);
		// The ocean leg is shared by all containers of the shipment.
		if (next <= milestoneIndex(s.milestones, 'vessel_discharged') && s.stage < next) {
			s.stage = next;
			s.times[next] = now;
			for (let k = next + 1; k < s.times.length; k++) s.times[k] += shift;
		}
		return { event: name };
	}

	/**
	 * What a change compares, in one serializer's shape: the terminal data the changeset of
	 * `container.updated` names (the older serializer's `pickup_lfd`, the newer one's `import_deadlines`) and
	 * the last free days behind the LFD events.
	 */
	private terminalSnapshot(c: ContainerRec, shape: DeadlineShape): Record<string, unknown> {
		// what the terminal reports, not what the serializer shows of it (a hidden LFD did not change)
		const ser = this.core.serializer('paid', shape, false).container(c).attributes!;
		const common = {
			holds_at_pod_terminal: ser.holds_at_pod_terminal,
			fees_at_pod_terminal: ser.fees_at_pod_terminal,
			pickup_appointment_at: ser.pickup_appointment_at,
			available_for_pickup: ser.available_for_pickup,
		};
		if (shape === 'legacy')
			return {
				...common,
				pickup_lfd: ser.pickup_lfd,
				lfd: ser.pickup_lfd,
				lfd_line: visibleLineLfd(c),
				lfd_terminal: c.lfdTerminal,
				lfd_rail: c.lfdRail,
			};
		const deadlines = ser.import_deadlines as { pickup_lfd_rail: string | null };
		const pod = podDeadlines(c);
		return {
			...common,
			import_deadlines: ser.import_deadlines,
			lfd: pod.unified.current_value,
			lfd_line: pod.line.current,
			lfd_terminal: pod.facility.current,
			lfd_rail: deadlines.pickup_lfd_rail,
		};
	}

	/**
	 * Run a mutation and emit what changed: the milestone event (if any), container.updated with a
	 * changeset {field: [old, new]}, container.pickup_lfd.changed and the per-source LFD events,
	 * container.pickup_appointment.changed, container.transport.available / not_available. Each webhook gets
	 * them as its account's serializer sees the change (changesets and LFD events differ between the two);
	 * the container's transport events record the LFD events of the `deadlineShape` option. Answers the
	 * changeset in the option's shape.
	 */
	changeContainer(
		c: ContainerRec,
		mutate: () => void,
		opts: { milestone?: { index: number; name: string } } = {},
	): Record<string, [unknown, unknown]> {
		const before = new Map(
			DEADLINE_SHAPES.map((shape) => [shape, this.terminalSnapshot(c, shape)]),
		);
		const lfdBefore = lfdState(c);
		mutate();
		keepOriginals(c, lfdBefore);
		c.updatedAt = Date.now();
		const after = new Map(DEADLINE_SHAPES.map((shape) => [shape, this.terminalSnapshot(c, shape)]));
		const s = this.core.store.shipmentOf(c);
		if (opts.milestone) {
			const te = transportEvents(s, c).find(
				(e) => e.id === milestoneEventId(c.id, opts.milestone!.index),
			)!;
			this.notifications.emitTransportEvent(te);
		}
		const changesets = new Map<DeadlineShape, Record<string, [unknown, unknown]>>();
		for (const shape of DEADLINE_SHAPES) {
			const [b, a] = [before.get(shape)!, after.get(shape)!];
			const changeset: Record<string, [unknown, unknown]> = {};
			for (const f of [
				'holds_at_pod_terminal',
				'fees_at_pod_terminal',
				shape === 'legacy' ? 'pickup_lfd' : 'import_deadlines',
				'pickup_appointment_at',
				'available_for_pickup',
			]) {
				if (!deepEqual(b[f], a[f])) changeset[f] = [b[f], a[f]];
			}
			changesets.set(shape, changeset);
			if (Object.keys(changeset).length)
				this.notifications.emitContainerUpdated(c, changeset, [shape]);
		}
		// The LFD events: the selected (or coalesced) day, then each source, in the shapes where it changed.
		for (const [field, event] of [
			['lfd', 'container.pickup_lfd.changed'],
			['lfd_line', 'container.pickup_lfd_line.changed'],
			['lfd_terminal', 'container.pickup_lfd_terminal.changed'],
			['lfd_rail', 'container.pickup_lfd_rail.changed'],
		] as const) {
			const shapes = DEADLINE_SHAPES.filter(
				(shape) => !deepEqual(before.get(shape)![field], after.get(shape)![field]),
			);
			if (shapes.length)
				this.notifications.emitTransportEvent(
					this.notifications.extraEvent(c, event, shapes.includes(this.core.options.deadlineShape)),
					shapes,
				);
		}
		const [b, a] = [before.get('legacy')!, after.get('legacy')!];
		if (!deepEqual(b.pickup_appointment_at, a.pickup_appointment_at))
			this.notifications.emitExtra(c, 'container.pickup_appointment.changed');
		// Availability flips from terminal updates also arrive as transport events (milestones carry their own).
		if (
			b.available_for_pickup !== a.available_for_pickup &&
			!opts.milestone &&
			c.availabilityKnown
		) {
			this.notifications.emitExtra(
				c,
				a.available_for_pickup ? T + 'available' : T + 'not_available',
			);
		}
		return changesets.get(this.core.options.deadlineShape)!;
	}

	/** Apply a control-API patch to a container's terminal data. */
	patchContainer(c: ContainerRec, patch: ContainerPatch): Record<string, [unknown, unknown]> {
		const holds = patch.holds_at_pod_terminal ?? patch.holds;
		const fees = patch.fees_at_pod_terminal ?? patch.fees;
		const deadlines = { ...(patch.import_deadlines ?? {}) } as Record<
			string,
			string | null | undefined
		>;
		for (const k of ['pickup_lfd_line', 'pickup_lfd_terminal', 'pickup_lfd_rail'] as const)
			if (patch[k] !== undefined) deadlines[k] = patch[k];
		return this.changeContainer(c, () => {
			if (holds)
				c.holds = holds.map((h) => ({
					name: h.name,
					status: h.status,
					description: h.description ?? null,
				}));
			if (fees)
				c.fees = fees.map((f) => ({
					type: f.type,
					amount: Number(f.amount),
					currency_code: f.currency_code ?? 'USD',
				}));
			if (deadlines.pickup_lfd_line !== undefined) c.lfdLine = parseTime(deadlines.pickup_lfd_line);
			if (deadlines.pickup_lfd_terminal !== undefined)
				c.lfdTerminal = parseTime(deadlines.pickup_lfd_terminal);
			if (deadlines.pickup_lfd_rail !== undefined) c.lfdRail = parseTime(deadlines.pickup_lfd_rail);
			if (patch.pickup_lfd_line_calculated !== undefined)
				c.lfdLineCalculated = isCalendarDate(patch.pickup_lfd_line_calculated)
					? patch.pickup_lfd_line_calculated
					: null;
			if (patch.pickup_lfd_terminal_manual !== undefined)
				c.lfdTerminalManual = patch.pickup_lfd_terminal_manual;
			if (patch.line_lfd_withheld !== undefined) c.lfdLineWithheld = patch.line_lfd_withheld;
			if (patch.available_for_pickup !== undefined) {
				c.availableForPickup = patch.available_for_pickup;
				c.availabilityKnown = true;
			}
			if (patch.pickup_appointment_at !== undefined)
				c.pickupAppointmentAt = parseTime(patch.pickup_appointment_at);
			if (patch.location_at_pod_terminal !== undefined)
				c.locationAtPodTerminal = patch.location_at_pod_terminal;
			if (patch.current_status !== undefined) c.statusOverride = patch.current_status;
			c.terminalCheckedAt = Date.now();
		});
	}

	/**
	 * Terminal49 invalidates the source event of the container's last milestone (a gate move reported by mistake,
	 * say): the milestone is no longer reached, its timestamp goes back to null (and the status it set goes back
	 * too), and `container.updated` carries `[previous, null]` for it (Terminal49's payload docs), in each
	 * account's serializer. The terminal's data (holds, fees, last free days) stays as the terminal reported it.
	 * Only the container's own milestones after discharge (the ocean leg is the shipment's); null otherwise.
	 */
	withdrawMilestone(c: ContainerRec): Record<string, [unknown, unknown]> | null {
		const s = this.core.store.shipmentOf(c);
		if (c.stage <= milestoneIndex(s.milestones, 'vessel_discharged')) return null;
		const attributes = () =>
			new Map(
				DEADLINE_SHAPES.map((shape) => [
					shape,
					this.core.serializer('paid', shape).container(c).attributes as Record<string, unknown>,
				]),
			);
		const before = attributes();
		delete c.recordedAt[c.stage];
		c.stage -= 1;
		c.statusOverride = null;
		c.updatedAt = Date.now();
		const after = attributes();
		const changesets = new Map<DeadlineShape, Record<string, [unknown, unknown]>>();
		for (const shape of DEADLINE_SHAPES) {
			const [b, a] = [before.get(shape)!, after.get(shape)!];
			const changeset: Record<string, [unknown, unknown]> = {};
			for (const field of Object.keys(b))
				if (
					(field.endsWith('_at') && b[field] !== null && a[field] === null) ||
					(field === 'current_status' && b[field] !== a[field])
				)
					changeset[field] = [b[field], a[field]];
			changesets.set(shape, changeset);
			if (Object.keys(changeset).length)
				this.notifications.emitContainerUpdated(c, changeset, [shape]);
		}
		return changesets.get(this.core.options.deadlineShape)!;
	}

	/**
	 * The carrier announces a new ETA at the port of discharge (control API): the shipment's arrival and the
	 * milestones after it move by the same amount (for it and its containers still before arrival), and
	 * `shipment.estimated.arrival` is emitted. Null (nothing changed) once the vessel has arrived.
	 */
	moveEstimatedArrival(s: ShipmentRec, eta: number): { from: number; to: number } | null {
		const i = milestoneIndex(s.milestones, 'vessel_arrived');
		if (i < 0 || s.stage >= i) return null;
		const from = s.times[i];
		const delta = eta - from;
		if (delta !== 0) s.etaChangedAt = Date.now();
		for (let k = i; k < s.times.length; k++) s.times[k] += delta;
		for (const c of this.core.store.containersOf(s)) {
			if (c.stage >= i) continue;
			for (let k = i; k < c.times.length; k++) c.times[k] += delta;
		}
		this.notifications.emitEstimatedArrival(s);
		return { from, to: s.times[i] };
	}

	/**
	 * The line moves the shipment's discharge to another terminal of the same port (the next one of the port's
	 * list): its containers' `pod_terminal` is that terminal, and `container.pod_terminal_changed` is sent for each.
	 * Answers the new terminal's id, or null when the port has no other terminal.
	 */
	movePodTerminal(s: ShipmentRec): string | null {
		const port = TERMINALS_BY_ID.get(s.terminalId)?.portCode;
		const terminals = port ? (TERMINALS_BY_PORT.get(port) ?? []) : [];
		if (terminals.length < 2) return null;
		const at = terminals.findIndex((t) => t.id === s.terminalId);
		s.terminalId = terminals[(at + 1) % terminals.length].id;
		for (const c of this.core.store.containersOf(s)) this.notifications.emitPodTerminalChanged(c);
		return s.terminalId;
	}

	metroFor(s: ShipmentRec) {
		return s.metroCode ? (METRO_BY_CODE.get(s.metroCode) ?? null) : null;
	}
}
