/**
 * Parties: the account's companies (shippers, consignees, customers, ...), which party roles and a tracking
 * request's customer name.
 */
import { attributesOf, checkType, invalid } from '../jsonapi';
import type { Route } from '../router';
import { doc, list, must, newestFirst, selfLinks, str } from './common';

export const partyRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/parties',
		handler: (ctx) => {
			// `query`: company names containing it (case-insensitive), as Terminal49's parties guide searches them.
			const query = ctx.query.query?.trim().toLowerCase();
			const all = ctx.app.store.parties.all();
			const items = query
				? all.filter((p) => p.companyName.toLowerCase().includes(query)).reverse()
				: newestFirst(all);
			return list(ctx, items, (p) => ctx.ser.party(p));
		},
	},
	{
		method: 'POST',
		pattern: '/parties',
		handler: (ctx) => {
			checkType(ctx.body, 'party');
			const name = str(attributesOf(ctx.body), 'company_name', { required: true })!;
			if (ctx.app.store.parties.find((p) => p.companyName.toLowerCase() === name.toLowerCase()))
				throw invalid(
					'/data/attributes/company_name',
					'Company name has already been taken',
					'taken',
				);
			const p = ctx.app.store.parties.add({
				id: ctx.app.store.newId(),
				companyName: name,
				createdAt: Date.now(),
			});
			return doc(201, ctx.ser.party(p), selfLinks(ctx, `/parties/${p.id}`));
		},
	},
	{
		method: 'GET',
		pattern: '/parties/:id',
		handler: (ctx) =>
			doc(
				200,
				ctx.ser.party(must(ctx.app.store.parties.get(ctx.params.id), 'Party')),
				selfLinks(ctx, ctx.path),
			),
	},
	{
		method: 'PATCH',
		pattern: '/parties/:id',
		handler: (ctx) => {
			const p = must(ctx.app.store.parties.get(ctx.params.id), 'Party');
			checkType(ctx.body, 'party');
			const name = str(attributesOf(ctx.body), 'company_name');
			if (name !== undefined) p.companyName = name;
			else if ('company_name' in attributesOf(ctx.body))
				throw invalid('/data/attributes/company_name', "Company name can't be blank", 'blank');
			return doc(200, ctx.ser.party(p), selfLinks(ctx, ctx.path));
		},
	},
];
