// Rules n8n's repository already has for community nodes (n8n-io/n8n,
// packages/@n8n/eslint-plugin-community-nodes/src/rules) but no published version of
// @n8n/eslint-plugin-community-nodes carries yet (0.32.0 is the newest on npm). Written here from their
// documented behaviour so the package is checked against them now; drop each one once the published plugin
// has it. Used by scripts/scan.mjs on the package's sources.
//
//   require-mit-license       package.json "license" is exactly "MIT"
//   valid-codex-categories    codex categories / subcategories from n8n's taxonomy (inline codex and *.node.json)
//   no-codex-subcategories    no codex "subcategories" (reserved for nodes built with @n8n/ai-node-sdk)
//   no-ai-codex-category      no "AI" codex category (same reservation)
//   icon-contrast             every SVG icon reaches WCAG contrast 1.5:1 on its theme's background
//                             (light: #ffffff; dark: #2b2b2b, n8n's --color--neutral-850)
//   require-continue-on-fail  an execute() method calls this.continueOnFail() in its own body
//   ...and the newer ones read on 2026-12-07, each with its commit: upstream-rules-newer.mjs
import fs from 'node:fs';
import path from 'node:path';

import {
	classProperty,
	implementsInterface,
	isTopLevelObject,
	keyName,
	propertyOf,
	stringOf,
} from './ast.mjs';
import { newerRules } from './upstream-rules-newer.mjs';

const KNOWN_CATEGORIES = new Set([
	'AI',
	'Analytics',
	'Communication',
	'Core Nodes',
	'Data & Storage',
	'Developer Tools',
	'Development',
	'ECM',
	'Finance & Accounting',
	'HITL',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
]);
const KNOWN_SUBCATEGORIES = new Set([
	'Data Transformation',
	'Files',
	'Flow',
	'Helpers',
	'Other Trigger Nodes',
	'Human in the Loop',
	'Agents',
	'Chains',
	'Document Loaders',
	'Embeddings',
	'Language Models',
	'Memory',
	'Miscellaneous',
	'Model Context Protocol',
	'Output Parsers',
	'Rerankers',
	'Retrievers',
	'Root Nodes',
	'Text Splitters',
	'Tools',
	'Vector Stores',
]);
export const MIN_ICON_CONTRAST = 1.5;
const BACKGROUNDS = { light: '#ffffff', dark: '#2b2b2b' };

// ---- require-mit-license ------------------------------------------------------------------------------

const requireMitLicense = {
	meta: {
		type: 'problem',
		schema: [],
		docs: { description: 'package.json must declare the MIT license' },
	},
	create(context) {
		if (!context.filename.endsWith('package.json')) return {};
		return {
			ObjectExpression(node) {
				if (!isTopLevelObject(node)) return;
				const license = propertyOf(node, 'license');
				if (!license)
					context.report({
						node,
						message: 'package.json has no "license" field: it must be "MIT".',
					});
				else if (stringOf(license.value) !== 'MIT')
					context.report({ node: license.value, message: 'The "license" field must be "MIT".' });
			},
		};
	},
};

// ---- codex rules ------------------------------------------------------------------------------------

/** Calls `check(codexObject)` for a *.node.json file's top-level object and for inline `codex: {...}` in *.node.ts. */
function codexVisitor(context, check) {
	const file = context.filename;
	if (file.endsWith('.node.json')) {
		return { ObjectExpression: (node) => isTopLevelObject(node) && check(node) };
	}
	if (!file.endsWith('.node.ts')) return {};
	return {
		Property: (node) =>
			keyName(node) === 'codex' && node.value.type === 'ObjectExpression' && check(node.value),
	};
}

const builtWithAiSdk = (context) => {
	const file = context.filename.replace(/\.node\.json$/, '.node.ts');
	const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	return /['"]@n8n\/ai-node-sdk['"]/.test(source);
};

const validCodexCategories = {
	meta: {
		type: 'problem',
		schema: [],
		docs: { description: "codex categories and subcategories are from n8n's taxonomy" },
	},
	create(context) {
		return codexVisitor(context, (codex) => {
			const categories = propertyOf(codex, 'categories');
			for (const element of categories?.value.type === 'ArrayExpression'
				? categories.value.elements
				: []) {
				const value = stringOf(element);
				if (value !== null && !KNOWN_CATEGORIES.has(value)) {
					context.report({
						node: element,
						message: `Codex category "${value}" is not in n8n's taxonomy (${[...KNOWN_CATEGORIES].join(', ')}).`,
					});
				}
			}
			const subcategories = propertyOf(codex, 'subcategories');
			if (!subcategories) return;
			if (subcategories.value.type !== 'ObjectExpression') {
				context.report({
					node: subcategories.value,
					message: 'codex.subcategories must map category names to arrays.',
				});
				return;
			}
			for (const entry of subcategories.value.properties) {
				const category = keyName(entry);
				if (category !== null && !KNOWN_CATEGORIES.has(category))
					context.report({ node: entry.key, message: `"${category}" is not a codex category.` });
				for (const element of entry.value?.type === 'ArrayExpression' ? entry.value.elements : []) {
					const value = stringOf(element);
					if (value !== null && !KNOWN_SUBCATEGORIES.has(value))
						context.report({
							node: element,
							message: `Codex subcategory "${value}" is not in n8n's taxonomy.`,
						});
				}
			}
		});
	},
};

const noCodexSubcategories = {
	meta: {
		type: 'problem',
		schema: [],
		docs: { description: 'codex subcategories are reserved for @n8n/ai-node-sdk nodes' },
	},
	create(context) {
		if (builtWithAiSdk(context)) return {};
		return codexVisitor(context, (codex) => {
			const subcategories = propertyOf(codex, 'subcategories');
			if (subcategories)
				context.report({
					node: subcategories,
					message: 'codex.subcategories is only for nodes built with @n8n/ai-node-sdk.',
				});
		});
	},
};

const noAiCodexCategory = {
	meta: {
		type: 'problem',
		schema: [],
		docs: { description: 'the AI codex category is reserved for @n8n/ai-node-sdk nodes' },
	},
	create(context) {
		if (builtWithAiSdk(context)) return {};
		return codexVisitor(context, (codex) => {
			const categories = propertyOf(codex, 'categories');
			for (const element of categories?.value.type === 'ArrayExpression'
				? categories.value.elements
				: []) {
				if (stringOf(element) === 'AI')
					context.report({
						node: element,
						message: 'The "AI" codex category is only for nodes built with @n8n/ai-node-sdk.',
					});
			}
		});
	},
};

// ---- icon-contrast ----------------------------------------------------------------------------------

const channel = (value) => {
	const c = value / 255;
	return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrast(a, b) {
	const [x, y] = [luminance(a), luminance(b)];
	return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const NAMED = { black: [0, 0, 0], white: [255, 255, 255] };
/** `#rgb`, `#rrggbb` (with or without alpha), `rgb()`/`rgba()`, black, white; null for anything else or nearly transparent. */
export function parseColor(raw) {
	const value = raw.trim().toLowerCase();
	if (NAMED[value]) return NAMED[value];
	const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
	if (hex) {
		const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
		const part = (i) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
		if (full.length === 8 && part(3) < 26) return null;
		return [part(0), part(1), part(2)];
	}
	const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(value);
	return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/**
 * The best contrast any painted colour of an SVG reaches against `background` (the icon is legible when one
 * of its colours stands out), or null when it cannot be judged (an embedded image, a gradient without stops).
 */
export function iconContrast(svg, background) {
	if (/<image\b/i.test(svg)) return null;
	const colours = [];
	let hasFill = false;
	let hasStop = false;
	let hasUrl = false;
	for (const match of svg.matchAll(
		/\b(fill|stroke|stop-color)\s*(?:=\s*"([^"]*)"|=\s*'([^']*)'|:\s*([^;"'}]+))/gi,
	)) {
		const kind = match[1].toLowerCase();
		let value = (match[2] ?? match[3] ?? match[4] ?? '').trim().toLowerCase();
		if (['none', 'transparent', 'inherit', ''].includes(value)) continue;
		if (value === 'currentcolor') value = 'black';
		const fallback = /^var\(\s*--[\w-]+\s*,\s*(.+)\)$/.exec(value);
		if (fallback) value = fallback[1].trim();
		else if (value.startsWith('var(')) value = 'black';
		if (kind === 'fill') hasFill = true;
		if (kind === 'stop-color') hasStop = true;
		if (value.startsWith('url(')) hasUrl = true;
		colours.push(value);
	}
	if (hasUrl && !hasStop) return null;
	const parsed = colours.map(parseColor).filter(Boolean);
	if (parsed.length === 0) {
		if (hasFill) return null;
		parsed.push(NAMED.black); // unpainted shapes are black
	}
	const bg = parseColor(background);
	return Math.max(...parsed.map((colour) => contrast(colour, bg)));
}

const iconContrastRule = {
	meta: {
		type: 'suggestion',
		schema: [],
		docs: { description: `SVG icons reach ${MIN_ICON_CONTRAST}:1 contrast on their theme` },
	},
	create(context) {
		const file = context.filename;
		if (!file.endsWith('.node.ts') && !file.endsWith('.credentials.ts')) return {};
		const check = (node, themes) => {
			const icon = stringOf(node);
			if (!icon?.startsWith('file:') || !icon.endsWith('.svg')) return;
			const svgPath = path.join(path.dirname(file), icon.slice('file:'.length));
			if (!fs.existsSync(svgPath)) return;
			const svg = fs.readFileSync(svgPath, 'utf8');
			for (const theme of themes) {
				const ratio = iconContrast(svg, BACKGROUNDS[theme]);
				if (ratio !== null && ratio < MIN_ICON_CONTRAST) {
					context.report({
						node,
						message: `Icon "${icon}" reaches ${ratio.toFixed(2)}:1 on the ${theme} theme (${BACKGROUNDS[theme]}); the minimum is ${MIN_ICON_CONTRAST}:1.`,
					});
				}
			}
		};
		const checkIcon = (value) => {
			if (value?.type === 'ObjectExpression') {
				const light = propertyOf(value, 'light');
				const dark = propertyOf(value, 'dark');
				if (light) check(light.value, ['light']);
				if (dark) check(dark.value, ['dark']);
			} else if (value) {
				check(value, ['light', 'dark']);
			}
		};
		return {
			ClassDeclaration(node) {
				if (implementsInterface(node, 'INodeType')) {
					const description = classProperty(node, 'description')?.value;
					checkIcon(propertyOf(description, 'icon')?.value);
				} else if (implementsInterface(node, 'ICredentialType')) {
					checkIcon(classProperty(node, 'icon')?.value);
				}
			},
		};
	},
};

// ---- require-continue-on-fail ------------------------------------------------------------------------

const SKIPPED_KEYS = new Set(['parent', 'loc', 'range', 'tokens', 'comments']);
function callsContinueOnFail(node) {
	if (
		node.type === 'CallExpression' &&
		node.callee.type === 'MemberExpression' &&
		node.callee.object.type === 'ThisExpression' &&
		node.callee.property.type === 'Identifier' &&
		node.callee.property.name === 'continueOnFail'
	) {
		return true;
	}
	for (const [key, child] of Object.entries(node)) {
		if (SKIPPED_KEYS.has(key)) continue;
		const children = Array.isArray(child) ? child : [child];
		if (
			children.some(
				(c) => c && typeof c === 'object' && typeof c.type === 'string' && callsContinueOnFail(c),
			)
		)
			return true;
	}
	return false;
}

const requireContinueOnFail = {
	meta: {
		type: 'problem',
		schema: [],
		docs: { description: 'execute() handles this.continueOnFail() itself' },
	},
	create(context) {
		return {
			ClassDeclaration(node) {
				if (!implementsInterface(node, 'INodeType')) return;
				for (const member of node.body.body) {
					if (
						member.type !== 'MethodDefinition' ||
						member.key.type !== 'Identifier' ||
						member.key.name !== 'execute'
					)
						continue;
					if (member.value.body && !callsContinueOnFail(member.value.body)) {
						context.report({
							node: member.key,
							message:
								'execute() must handle this.continueOnFail(): process the items in a try/catch and check this.continueOnFail() in the catch block.',
						});
					}
				}
			},
		};
	},
};

export const upstreamRules = {
	meta: { name: 'upstream-community-rules' },
	rules: {
		'require-mit-license': requireMitLicense,
		'valid-codex-categories': validCodexCategories,
		'no-codex-subcategories': noCodexSubcategories,
		'no-ai-codex-category': noAiCodexCategory,
		'icon-contrast': iconContrastRule,
		'require-continue-on-fail': requireContinueOnFail,
		...newerRules,
	},
};

/** Every rule of the plugin, as errors (the scan fails on any finding). */
export const upstreamRuleConfig = Object.fromEntries(
	Object.keys(upstreamRules.rules).map((name) => [`upstream/${name}`, 'error']),
);
