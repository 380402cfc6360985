/**
 * Every relative link of the project's markdown (README.md, docs/, CHANGELOG.md, bench/RESULTS.md, ...) resolves:
 * the file or folder exists, and a `#fragment` names a heading of the target page (GitHub's anchors). Links to
 * other sites are not followed (no network here).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SKIP = new Set([
	'node_modules',
	'.git',
	'.cache',
	'.n8n-run',
	'dist',
	'coverage',
	'fixtures',
]);

function markdownFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		if (SKIP.has(name)) return [];
		const full = join(dir, name);
		if (statSync(full).isDirectory()) return markdownFiles(full);
		return name.endsWith('.md') ? [full] : [];
	});
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const counts = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*```/.test(line)) fenced = !fenced;
		const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const text = heading[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
		const base = text
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const seen = counts.get(base) ?? 0;
		counts.set(base, seen + 1);
		anchors.add(seen === 0 ? base : `${base}-${seen}`);
	}
	return anchors;
}

/** `[text](target)` and `![alt](target)` outside code, with their line numbers. */
function linksOf(markdown: string): Array<{ target: string; line: number }> {
	const links: Array<{ target: string; line: number }> = [];
	let fenced = false;
	markdown.split('\n').forEach((text, index) => {
		if (/^\s*```/.test(text)) fenced = !fenced;
		if (fenced) return;
		const withoutCode = text.replace(/`[^`]*`/g, '');
		for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
			links.push({ target: match[1], line: index + 1 });
	});
	return links;
}

const files = markdownFiles(ROOT);

test('the markdown files are found (README, docs, changelog, benchmark results)', () => {
	const names = files.map((file) => relative(ROOT, file));
	expect(names).toEqual(
		expect.arrayContaining([
			'README.md',
			'CHANGELOG.md',
			'bench/RESULTS.md',
			'docs/trigger.md',
			'docs/openapi-coverage.md',
		]),
	);
});

test.each(files.map((file) => [relative(ROOT, file), file]))(
	'%s: every relative link resolves',
	(_name, file) => {
		const markdown = readFileSync(file, 'utf8');
		const broken: string[] = [];
		for (const { target, line } of linksOf(markdown)) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
			const [pathPart, fragment] = target.split('#');
			const destination = pathPart ? resolve(dirname(file), decodeURI(pathPart)) : file;
			if (!existsSync(destination)) {
				broken.push(`line ${line}: ${target} (no such file)`);
				continue;
			}
			if (
				fragment &&
				destination.endsWith('.md') &&
				!anchorsOf(readFileSync(destination, 'utf8')).has(fragment)
			) {
				broken.push(`line ${line}: ${target} (no heading with that anchor)`);
			}
		}
		expect(broken).toEqual([]);
	},
);

test('anchors follow GitHub', () => {
	expect([
		...anchorsOf(
			'# A b\n## 1. LFD reminder (`lfd-reminder.json`)\n## A b\n```\n# not a heading\n```',
		),
	]).toEqual(['a-b', '1-lfd-reminder-lfd-reminderjson', 'a-b-1']);
});
