import type { IDataObject } from 'n8n-workflow';

import type { PartyRole } from '../domain/partyRoles';
import { CONTAINER_ROLE, PARTY_ROLES } from '../domain/partyRoles';
import { describeServiceErrors, serviceErrors } from '../transport/errors';
import type { Take } from './api';
import type { RecordRef } from './customFields';
import { RECORD_PATHS } from './customFields';
import type { JsonApiDocument, ResourceObject } from './jsonApi';
import { attributesOf, identifiersOf, indexIncluded, itemOf, resourcesOf } from './jsonApi';
import { Records } from './records';
import { deleted, Resource, segment } from './resource';

const RECORD_NAMES = {
	tracking_request: 'tracking request',
	shipment: 'shipment',
	container: 'container',
};

/** The node's names of the assign body's fields, for the errors that point at one. */
const ASSIGN_FIELDS: Record<string, string> = { role: 'Role', party: 'Party' };

const isTaken = (body: unknown) =>
	serviceErrors(body).some(
		(error) => error.code === 'taken' || /already been taken/i.test(String(error.detail ?? '')),
	);

/**
 * Party roles of a shipment, container or tracking request: `/{records}/{id}/party_roles[/{role_id}]`. A role
 * links one party to one record; roles are additive (a shipment may have two consignees).
 */
export class PartyRoles extends Resource {
	private path(record: RecordRef, roleId?: string) {
		const base = `/${RECORD_PATHS[record.type]}/${segment(record.id)}/party_roles`;
		return roleId === undefined ? base : `${base}/${segment(roleId)}`;
	}

	/** Refuses, before any request, a role the record cannot take. */
	assertRole(record: RecordRef, role: string): PartyRole {
		if (!(PARTY_ROLES as readonly string[]).includes(role)) {
			return this.fail(
				`Invalid Role "${role}": use one of ${PARTY_ROLES.join(', ')}`,
				`Fix the value of "Role" in item ${this.itemIndex + 1}.`,
			);
		}
		if (record.type === 'container' && role !== CONTAINER_ROLE) {
			return this.fail(
				`A container takes only the Pickup Dray Carrier role, not "${role}"`,
				'Terminal49 would answer "Role is not allowed for Cargo". Give the role to the shipment of the container instead (Record Type: Shipment).',
			);
		}
		return role as PartyRole;
	}

	/** `GET .../party_roles`: each role with its party (from `included`); only those of `role` when given. */
	async list(record: RecordRef, take: Take, role?: PartyRole): Promise<Records> {
		return await this.api.list(
			{ method: 'GET', path: this.path(record) },
			{
				...take,
				where: role ? (r) => attributesOf(r).role === role : undefined,
			},
		);
	}

	/**
	 * `POST .../party_roles`: `partyId` in `role` on the record, marked `already_assigned: false`. A party that
	 * has the role already (Terminal49 answers 422 "Party has already been taken") gives back that role,
	 * marked `already_assigned: true`, never an error: the record is as asked.
	 */
	async assign(record: RecordRef, partyId: string, role: PartyRole): Promise<Records> {
		const post = {
			method: 'POST' as const,
			path: this.path(record),
			body: {
				data: {
					type: 'party_role',
					attributes: { role },
					relationships: { party: { data: { id: partyId, type: 'party' } } },
				},
			},
			fields: ASSIGN_FIELDS,
		};
		const response = await this.api.response({ ...post, acceptStatuses: [401, 422] });
		if (response.statusCode === 401) {
			const said = describeServiceErrors(serviceErrors(response.body));
			// A key the service cannot verify (or a free-plan key) is the transport's 401; a foreign party is not.
			if (!/part(y|ies)/i.test(said)) throw this.api.error(post, 401, response.body);
			return this.fail(
				`Terminal49 refused party ${partyId} (401): it belongs to another account`,
				`Pick a party of your own account (the Party list, or Party > Get Many). Terminal49 said: ${said}`,
			);
		}
		if (response.statusCode !== 422) return this.items(response.body, false);
		if (!isTaken(response.body)) throw this.api.error(post, 422, response.body);
		const found = await this.find(record, partyId, role);
		if (!found) throw this.api.error(post, 422, response.body);
		return this.items(found, true);
	}

	/** `DELETE .../party_roles/{role_id}` (Terminal49 answers 204). */
	async remove(record: RecordRef, roleId: string): Promise<IDataObject[]> {
		await this.api.delete(this.path(record, roleId));
		return deleted(roleId);
	}

	/** Removes the role `role` of `partyId` from the record; an error when it has no such role. */
	async removeParty(record: RecordRef, partyId: string, role: PartyRole): Promise<IDataObject[]> {
		const found = await this.find(record, partyId, role);
		const [roleRecord] = found ? resourcesOf(found) : [];
		if (!roleRecord) {
			return this.fail(
				`Party ${partyId} is not ${role} of ${RECORD_NAMES[record.type]} ${record.id}`,
				'Nothing was removed. Party Role > Get Many lists the roles of the record.',
			);
		}
		await this.api.delete(this.path(record, roleRecord.id));
		return deleted(roleRecord.id, { role, party_id: partyId });
	}

	/** The role of `partyId` in `role` on the record (with its party), read from the record's roles. */
	private async find(
		record: RecordRef,
		partyId: string,
		role: string,
	): Promise<JsonApiDocument | undefined> {
		for await (const page of this.api.pages({ method: 'GET', path: this.path(record) })) {
			const match = resourcesOf(page).find(
				(r) => attributesOf(r).role === role && identifiersOf(r, 'party')[0]?.id === partyId,
			);
			if (match) return { data: match, included: page.included ?? [] };
		}
		return undefined;
	}

	/** The role (its flat item with its party; the document as sent), marked `already_assigned`. */
	private items(document: JsonApiDocument, already: boolean): Records {
		const index = indexIncluded(document.included);
		return new Records(
			resourcesOf(document).map((record: ResourceObject) => ({
				...itemOf(record, index),
				already_assigned: already,
			})),
			() => [{ ...document, already_assigned: already }],
		);
	}
}

export type { PartyRole } from '../domain/partyRoles';
