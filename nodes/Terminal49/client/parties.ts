import { assertId } from '../errors/validation';
import type { Take } from './api';
import type { ResourceObject } from './jsonApi';
import { attributesOf } from './jsonApi';
import type { Locator } from './locator';
import type { Records } from './records';
import { Resource, segment } from './resource';

/** Parties read for a search of the list (an account has a few hundred at most). */
const MAX_SEARCHED = 1000;

/** Parties (companies: customers, brokers, carriers, ...): `/parties`. */
export class Parties extends Resource {
	/** The party ID the user chose (From List or By ID; both are IDs). */
	idOf(locator: Locator): string {
		return assertId(this.node, 'Party', locator.value, this.itemIndex);
	}

	async get(id: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: `/parties/${segment(id)}` });
	}

	async list(take: Take): Promise<Records> {
		return await this.api.list({ method: 'GET', path: '/parties' }, take);
	}

	/**
	 * The parties whose company name contains `text` (case-insensitive), or every party: `GET /parties?query=`
	 * (Terminal49's parties guide), checked here too, as a service that ignores `query` sends them all.
	 */
	async search(text: string): Promise<ResourceObject[]> {
		const search = text.trim().toLowerCase();
		const records = await this.api.records(
			{ method: 'GET', path: '/parties', qs: search ? { query: text.trim() } : {} },
			{ limit: MAX_SEARCHED },
		);
		return records.filter(
			(record) =>
				!search ||
				String(attributesOf(record).company_name ?? '')
					.toLowerCase()
					.includes(search),
		);
	}

	async create(companyName: string): Promise<Records> {
		return await this.api.save('POST', '/parties', {
			type: 'party',
			attributes: { company_name: companyName },
		});
	}

	async update(id: string, companyName: string): Promise<Records> {
		return await this.api.save('PATCH', `/parties/${segment(id)}`, {
			type: 'party',
			attributes: { company_name: companyName },
		});
	}
}
