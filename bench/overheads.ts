/**
 * Section 4: per-call overheads of the package code and its size.
 * - Simplify + derived fields for one page of 100 containers (with the included shipments), µs; the same
 *   page simplified without them, and the difference: what the derived fields cost (each the median of five
 *   alternating rounds, so a busy machine slows both alike).
 * - The same with D&D tariffs set (a demurrage and a detention tariff for any line, two of one line, a combined
 *   one of one port), what the charge clocks, the return deadline and the costs add (issue 41's budget: all the
 *   derived fields still under 1 ms per 100 containers).
 * - Filters + derived fields for the same page, as Container Get Many judges a page with filters: each
 *   record's flat item with the urgency fields, then every item filter at once (status, hold, LFD band,
 *   terminal data, closed, urgent, port, line), µs.
 * - Signature check of a 10 KB delivery body, µs.
 * - `require` time of the built node and credential modules in a fresh Node process, ms (median of 7).
 * - Packed tarball size (KB) and runtime dependency count.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import { median, round } from './lib';

const ROOT = path.resolve(__dirname, '..');

/**
 * The package's modules as n8n loads them: the built JavaScript of dist/ (bench/run.ts builds it before this
 * section runs), not the TypeScript sources through tsx, whose module shims (a getter call for every imported
 * name) cost as much as the work timed here. Figures before 2026-12-06 were taken through tsx.
 */
function builtModules() {
	const built = <T>(module: string): T =>
		require(path.join(ROOT, 'dist', 'nodes', 'Terminal49', module)) as T;
	return {
		...built<typeof import('../nodes/Terminal49/client/containers')>('client/containers'),
		...built<typeof import('../nodes/Terminal49/domain/containerInsights')>(
			'domain/containerInsights',
		),
		...built<typeof import('../nodes/Terminal49/parameters/tariffs')>('parameters/tariffs'),
		...built<typeof import('../nodes/Terminal49/client/listFilters')>('client/listFilters'),
		...built<typeof import('../nodes/Terminal49/client/jsonApi')>('client/jsonApi'),
		...built<typeof import('../nodes/Terminal49/trigger/signature')>('trigger/signature'),
	};
}

function timePerCall(fn: () => unknown, minMs = 1000): number {
	for (let i = 0; i < 50; i++) fn(); // warm up
	let calls = 0;
	const start = process.hrtime.bigint();
	let elapsed = 0n;
	do {
		for (let i = 0; i < 20; i++) fn();
		calls += 20;
		elapsed = process.hrtime.bigint() - start;
	} while (elapsed < BigInt(minMs) * 1_000_000n);
	return Number(elapsed) / 1000 / calls; // µs
}

export interface Overheads {
	simplifyOnlyPer100Us: number;
	simplifyPer100Us: number;
	derivedPer100Us: number;
	/** The same on a page of the newer container serializer (the LFD Terminal49 selects). */
	selectedDerivedPer100Us: number;
	/** The derived fields with D&D tariffs set (the charge clocks, the return deadline, the costs). */
	tariffDerivedPer100Us: number;
	filtersPer100Us: number;
	signaturePer10KBUs: number;
	requireMs: number;
	requireRuns: number[];
	tarballKB: number;
	tarballFile: string;
	runtimeDependencies: number;
	peerDependencies: string[];
}

export async function measureOverheads(tarball: string): Promise<Overheads> {
	const {
		withInsights,
		addContainerInsights,
		readTariffs,
		containerMatcher,
		indexIncluded,
		itemOf,
		itemsOf,
		resourcesOf,
		sign,
		verifySignature,
	} = builtModules();
	// One real page of 100 containers with their shipments, as the sandbox serves it (its lists as the older
	// service served them: the current one holds 50 containers a page).
	// The same page from the newer container serializer too (import_deadlines.pod: the LFD Terminal49 selects).
	const sb = await startSandbox({ containers: 200, rateWindowMs: 1000, legacyLists: true });
	let page: IDataObject;
	let selectedPage: IDataObject;
	try {
		const read = async (apiKey: string) =>
			(await (
				await fetch(`${sb.baseUrl}/containers?page[size]=100&include=shipment`, {
					headers: { Authorization: `Token ${apiKey}` },
				})
			).json()) as IDataObject;
		page = await read(sb.keys.paidLegacy);
		selectedPage = await read(sb.keys.paidSelected);
	} finally {
		await sb.close();
	}
	for (const each of [page, selectedPage])
		if (!Array.isArray(each.data) || each.data.length !== 100)
			throw new Error('expected a page of 100 containers');

	// The records of the page that are kept must exist, or the figure would time an empty filter
	const matches = containerMatcher(
		{
			statuses: ['new', 'on_ship', 'available', 'not_available', 'grounded', 'on_rail'],
			activeHolds: ['any', 'customs'],
			lfdBands: ['overdue', 'today', 'imminent', 'later', 'none'],
			terminalData: 'fresh',
			excludeClosed: true,
			portOfDischarge: undefined,
			shippingLine: undefined,
		},
		() => {
			throw new Error('the page lacks an included record');
		},
	);
	const byPort = containerMatcher({ portOfDischarge: 'USLAX', shippingLine: 'MSCU' }, () => {
		throw new Error('the page lacks an included shipment');
	});
	const filterPage = () => {
		const index = indexIncluded(page.included);
		let kept = 0;
		for (const record of resourcesOf(page)) {
			const item = itemOf(record, index, withInsights);
			if (matches(item) || byPort(item)) kept++;
		}
		return kept;
	};
	if (filterPage() === 0) throw new Error('the filters kept no container of the page');
	// tariffs as a coordinator sets them: defaults for any line, two of one line, a combined one at one port
	const tariff = (extra: IDataObject) => ({
		reference: 'bench',
		freeDays: 4,
		freeTimeCount: 'working',
		holidays: '2026-12-25, 2027-01-01',
		rates: '1-4: 235, 5-9: 285, 10+: 335',
		currency: 'USD',
		...extra,
	});
	const tariffs = readTariffs({ name: 'bench' } as never, 0, {
		tariffs: {
			tariff: [
				tariff({ clock: 'demurrage' }),
				tariff({ clock: 'detention', freeTimeCount: 'calendar', rates: '1-3: 100, 4+: 175' }),
				tariff({ clock: 'demurrage', shippingLine: 'MSCU' }),
				tariff({ clock: 'detention', shippingLine: 'MSCU', rates: '1+: 150' }),
				tariff({ clock: 'combined', shippingLine: 'MAEU', port: 'USLAX', freeDays: 7 }),
			],
		},
	});
	const withTariffs = (item: IDataObject) => addContainerInsights(item, undefined, { tariffs });
	const priced = itemsOf(page, withTariffs);
	if (!priced.some((item) => typeof item.cost_so_far === 'number'))
		throw new Error('no container of the page was priced');
	const plainRuns: number[] = [];
	const tariffRuns: number[] = [];
	const derivedRuns: number[] = [];
	const filterRuns: number[] = [];
	const selectedPlainRuns: number[] = [];
	const selectedDerivedRuns: number[] = [];
	for (let round = 0; round < 5; round++) {
		plainRuns.push(timePerCall(() => itemsOf(page), 400));
		derivedRuns.push(timePerCall(() => itemsOf(page, withInsights), 400));
		tariffRuns.push(timePerCall(() => itemsOf(page, withTariffs), 400));
		filterRuns.push(timePerCall(filterPage, 400));
		selectedPlainRuns.push(timePerCall(() => itemsOf(selectedPage), 400));
		selectedDerivedRuns.push(timePerCall(() => itemsOf(selectedPage, withInsights), 400));
	}
	const simplifyOnlyPer100Us = median(plainRuns);
	const simplifyPer100Us = median(derivedRuns);
	const filtersPer100Us = median(filterRuns);
	const selectedDerivedPer100Us = median(selectedDerivedRuns) - median(selectedPlainRuns);

	const body = randomBytes(5 * 1024).toString('hex'); // 10 KB
	const secret = randomBytes(24).toString('hex');
	const signature = sign(body, secret);
	const raw = Buffer.from(body);
	if (!verifySignature(raw, signature, secret)) throw new Error('signature check failed');
	const signaturePer10KBUs = timePerCall(() => verifySignature(raw, signature, secret));

	// require() of the built modules, each time in a fresh process (n8n-workflow resolved from node_modules).
	const modules = [
		'dist/credentials/Terminal49Api.credentials.js',
		'dist/nodes/Terminal49/Terminal49.node.js',
		'dist/nodes/Terminal49/Terminal49Trigger.node.js',
	].filter((file) => fs.existsSync(path.join(ROOT, file)));
	const script = `
		require('n8n-workflow');
		const t = process.hrtime.bigint();
		for (const m of ${JSON.stringify(modules.map((m) => path.join(ROOT, m)))}) {
			const mod = require(m);
			for (const C of Object.values(mod)) if (typeof C === 'function') new C();
		}
		process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));
	`;
	const requireRuns: number[] = [];
	for (let i = 0; i < 7; i++) {
		requireRuns.push(
			Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })),
		);
	}

	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	return {
		simplifyOnlyPer100Us: round(simplifyOnlyPer100Us, 1),
		simplifyPer100Us: round(simplifyPer100Us, 1),
		derivedPer100Us: round(simplifyPer100Us - simplifyOnlyPer100Us, 1),
		selectedDerivedPer100Us: round(selectedDerivedPer100Us, 1),
		tariffDerivedPer100Us: round(median(tariffRuns) - simplifyOnlyPer100Us, 1),
		filtersPer100Us: round(filtersPer100Us, 1),
		signaturePer10KBUs: round(signaturePer10KBUs, 1),
		requireMs: round(median(requireRuns), 1),
		requireRuns: requireRuns.map((r) => round(r, 1)),
		tarballKB: round(fs.statSync(tarball).size / 1024, 1),
		tarballFile: path.basename(tarball),
		runtimeDependencies: Object.keys(pkg.dependencies ?? {}).length,
		peerDependencies: Object.keys(pkg.peerDependencies ?? {}),
	};
}
