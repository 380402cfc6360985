/**
 * An invoice line as a Data Table row or an extractor's JSON has it (the columns Check D&D Invoice reads by default):
 * a terminal's demurrage line (no SCAC: its own last free day) at one rate, 150 USD a day, with every element 46 CFR
 * 541.6 requires. The tests give the container's own facts (read from the sandbox's raw record) and their overrides.
 */
import { between } from './days';

export interface LineFacts {
	containerNumber: string;
	billOfLading: string;
	port: string;
	discharged: string;
	available: string;
	lfd: string;
	chargedFrom: string;
	chargedTo: string;
	invoiceDate: string;
}

export const DAILY_RATE = 150;

/** The line; its amount and total are the days charged (the overrides' where they move them) at the rate. */
export function terminalInvoiceLine(f: LineFacts, overrides: Record<string, unknown> = {}) {
	const from = String(overrides.charged_from ?? f.chargedFrom);
	const to = String(overrides.charged_to ?? f.chargedTo);
	const amount = between(from, to) * DAILY_RATE;
	return {
		invoice_number: 'TRM-1',
		invoice_date: f.invoiceDate,
		due_date: f.invoiceDate,
		billing_party: 'Example Terminal',
		bill_of_lading: f.billOfLading,
		container_number: f.containerNumber,
		port_of_discharge: f.port,
		charge_type: 'demurrage',
		free_days: between(f.discharged, f.lfd),
		free_time_start: f.discharged,
		free_time_end: f.lfd,
		availability_date: f.available,
		charged_from: from,
		charged_to: to,
		rule: 'Terminal schedule, item 12',
		rates: `1+: ${DAILY_RATE}`,
		amount,
		currency: 'USD',
		invoice_total: amount,
		contact: 'billing@terminal.example',
		dispute_url: 'https://terminal.example/dnd/disputes',
		dispute_timeframes: '30 days to request; answered within 30 days',
		basis_of_liability: 'Consignee on the bill of lading',
		certification_fmc_rules: 'yes',
		certification_performance: 'yes',
		...overrides,
	};
}
