import type { ChangeFacts } from '../../nodes/Terminal49/domain/changeFacts';

/**
 * The facts of a change that shows nothing: every key present, false / null / []. Written out by hand (not
 * taken from the module) so the tests state the shape they expect.
 */
export const NOTHING: ChangeFacts = {
	facts: [],
	holds_released: [],
	holds_added: [],
	became_ready_for_pickup: false,
	no_longer_ready_for_pickup: false,
	became_blocked: false,
	lfd_moved: false,
	lfd_from: null,
	lfd_to: null,
	lfd_source: null,
	lfd_days_moved: null,
	lfd_original: null,
	lfd_days_from_original: null,
	earliest_lfd_moved: false,
	earliest_lfd_from: null,
	earliest_lfd_to: null,
	earliest_lfd_source: null,
	earliest_lfd_days_moved: null,
	fees_appeared: false,
	fees_changed: false,
	fee_posted: false,
	fees_posted: [],
	costs_started: false,
	appointment_changed: false,
	appointment_set: false,
	appointment_moved: false,
	appointment_from: null,
	appointment_to: null,
	eta_moved: false,
	eta_from: null,
	eta_to: null,
	eta_days_moved: null,
	eta_original: null,
	eta_days_from_original: null,
};
