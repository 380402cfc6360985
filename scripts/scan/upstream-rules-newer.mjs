// Community-node rules n8n's repository has that @n8n/eslint-plugin-community-nodes 0.32.0 (the newest on npm)
// does not ship, read on 2026-12-07 in n8n-io/n8n, packages/@n8n/eslint-plugin-community-nodes/src/rules/<rule>.ts
// at the commit named beside each, and written here from that behaviour (none of n8n's code is copied). Used
// with the older ones (upstream-rules.mjs) by scripts/scan.mjs on the package's sources, so `npm run lint` fails
// on any finding. Drop each once the published plugin has it.
//
// Where n8n's rule reads only the literal description in a *.node.ts class, the check here reads every object
// literal under nodes/ too: this package builds its descriptions in actions/ and parameters/, which n8n's rule
// would never see, and verification reads the description n8n loads.
//
//   no-hardcoded-ids                   2aaf19f5  no string literal for a partner/account/tenant/customer/client id
//   node-execute-block                 eb6b58c7  every `new NodeOperationError` in a *.node.ts passes { itemIndex }
//   no-monorepo                        b2cb311b  package.json repository has no "directory"
//   node-file-conventions              3cfa3e6c  <Class>.node.ts; a *Trigger class's name ends, displayName has "Trigger"
//   hint-max-length                    73072236  a parameter's hint is at most 120 characters
//   no-duplicate-param-options         3fae80e7  no option name or value twice in one options/multiOptions parameter
//   no-asterisk-in-option-names        707a4280  no "*" in an option's name
//   community-package-json             e8a73ba4  version, description, MIT license, author.name, n8n.n8nNodesApiVersion
//                                                 (a number), n8n.nodes (not empty), repository.url not the template's
//   cred-class-name-suffix             35c7198e  a credential class's name ends in "Api"
//   cred-filename-against-convention   1a01c513  a credential file is <Class>.credentials.ts
//   no-logic-or-flow-nodes             1e8d9c25  no "Logic" or "Flow" codex category
//   node-class-description-non-core-color 43ecf7be  no n8n core colour (#ff6d5a) in the description
import path from 'node:path';

import {
	classProperty,
	implementsInterface,
	isTopLevelObject,
	keyName,
	propertyOf,
	stringOf,
} from './ast.mjs';

export const MAX_HINT_LENGTH = 120;
const CONFIGURABLE_ID = /^(?:partner|affiliate|reseller|account|tenant|customer|client)[_-]?id$/i;
const N8N_CORE_COLOR = '#ff6d5a';
const TEMPLATE_REPOSITORY = /github\.com\/<\.\.\.>/;

const problem = (description) => ({ type: 'problem', schema: [], docs: { description } });
const isNodeFile = (file) => file.endsWith('.node.ts') || file.endsWith('.node.js');
/** A source file of the nodes (not a credential, not package.json): where descriptions are built. */
const isNodeSource = (file) => /[\\/]nodes[\\/].*\.ts$/.test(file);
const literalOf = (node) =>
	node?.type === 'Literal' && ['string', 'number', 'boolean'].includes(typeof node.value)
		? node.value
		: null;

const noHardcodedIds = {
	meta: problem('no fixed partner or account identifiers in node source'),
	create(context) {
		if (!isNodeFile(context.filename) && !isNodeSource(context.filename)) return {};
		const check = (name, value) => {
			if (name && value && CONFIGURABLE_ID.test(name) && stringOf(value) !== null)
				context.report({
					node: value,
					message: `Hardcoded \`${name}\`: read this ID from a node parameter or the credential so users can set it.`,
				});
		};
		const memberName = (member) =>
			member.computed
				? stringOf(member.property)
				: member.property.type === 'Identifier'
					? member.property.name
					: null;
		return {
			VariableDeclarator: (node) => node.id.type === 'Identifier' && check(node.id.name, node.init),
			PropertyDefinition: (node) => check(keyName(node), node.value),
			Property: (node) => check(keyName(node), node.value),
			AssignmentExpression: (node) =>
				check(
					node.left.type === 'Identifier'
						? node.left.name
						: node.left.type === 'MemberExpression'
							? memberName(node.left)
							: null,
					node.right,
				),
		};
	},
};

const nodeExecuteBlock = {
	meta: problem('NodeOperationError carries { itemIndex } in a *.node.ts'),
	create(context) {
		if (!context.filename.endsWith('.node.ts')) return {};
		return {
			NewExpression(node) {
				if (node.callee.type !== 'Identifier' || node.callee.name !== 'NodeOperationError') return;
				const last = node.arguments.at(-1);
				if (last?.type === 'ObjectExpression' && propertyOf(last, 'itemIndex')) return;
				context.report({
					node,
					message:
						'NodeOperationError must pass `{ itemIndex }` (its last argument) so that n8n ties the error to the failing item.',
				});
			},
		};
	},
};

const noMonorepo = {
	meta: problem('a community package is a repository of its own'),
	create(context) {
		if (!context.filename.endsWith('package.json')) return {};
		return {
			ObjectExpression(node) {
				if (!isTopLevelObject(node)) return;
				const directory = propertyOf(propertyOf(node, 'repository')?.value, 'directory');
				if (directory)
					context.report({
						node: directory,
						message:
							'Community nodes must come from a single-package repository: package.json "repository" has a "directory" (a monorepo).',
					});
			},
		};
	},
};

const nodeFileConventions = {
	meta: problem('<Class>.node.ts; a trigger is named and labelled a trigger'),
	create(context) {
		return {
			ClassDeclaration(node) {
				if (!implementsInterface(node, 'INodeType') || node.id?.type !== 'Identifier') return;
				const className = node.id.name;
				if (path.basename(context.filename) !== `${className}.node.ts`)
					context.report({
						node: node.id,
						message: `Node class ${className} must be in a file named "${className}.node.ts".`,
					});
				if (!className.endsWith('Trigger')) return;
				const description = classProperty(node, 'description')?.value;
				const name = propertyOf(description, 'name');
				const displayName = propertyOf(description, 'displayName');
				const nameValue = stringOf(name?.value);
				const displayValue = stringOf(displayName?.value);
				if (nameValue !== null && !nameValue.endsWith('Trigger'))
					context.report({
						node: name.value,
						message: `Trigger node description name "${nameValue}" must end with "Trigger".`,
					});
				if (displayValue !== null && !displayValue.includes('Trigger'))
					context.report({
						node: displayName.value,
						message: `Trigger node displayName "${displayValue}" must include "Trigger".`,
					});
			},
		};
	},
};

const hintMaxLength = {
	meta: problem(`a parameter's hint is at most ${MAX_HINT_LENGTH} characters`),
	create(context) {
		if (!isNodeSource(context.filename)) return {};
		return {
			Property(node) {
				if (keyName(node) !== 'hint' || node.parent?.type !== 'ObjectExpression') return;
				const hint = stringOf(node.value);
				if (hint !== null && hint.length > MAX_HINT_LENGTH)
					context.report({
						node: node.value,
						message: `The hint is ${hint.length} characters long, over n8n's limit of ${MAX_HINT_LENGTH}: a hint is a short line under the field; move the rest to "description" (the tooltip).`,
					});
			},
		};
	},
};

/** Calls `check(parameter, options)` for every object literal with type options or multiOptions and literal options. */
const optionParameters = (context, check) =>
	isNodeSource(context.filename)
		? {
				ObjectExpression(node) {
					const type = stringOf(propertyOf(node, 'type')?.value);
					const options = propertyOf(node, 'options')?.value;
					if (
						(type === 'options' || type === 'multiOptions') &&
						options?.type === 'ArrayExpression'
					)
						check(
							node,
							options.elements.filter((e) => e?.type === 'ObjectExpression'),
						);
				},
			}
		: {};

const noDuplicateParamOptions = {
	meta: problem('no option name or value twice in one parameter'),
	create(context) {
		return optionParameters(context, (parameter, options) => {
			const label = stringOf(propertyOf(parameter, 'displayName')?.value) ?? 'unknown';
			const seen = { name: new Set(), value: new Set() };
			for (const option of options) {
				for (const field of ['name', 'value']) {
					const property = propertyOf(option, field);
					const value = field === 'name' ? stringOf(property?.value) : literalOf(property?.value);
					if (value === null) continue;
					if (seen[field].has(value))
						context.report({
							node: property.value,
							message: `Duplicate option ${field} "${String(value)}" in parameter "${label}".`,
						});
					seen[field].add(value);
				}
			}
		});
	},
};

const noAsteriskInOptionNames = {
	meta: problem('no "*" in an option name'),
	create(context) {
		if (!isNodeSource(context.filename)) return {};
		return {
			ArrayExpression(node) {
				if (node.parent?.type !== 'Property' || keyName(node.parent) !== 'options') return;
				for (const option of node.elements) {
					const name = propertyOf(option, 'name');
					const value = stringOf(name?.value);
					if (value?.includes('*'))
						context.report({
							node: name.value,
							message: `Option name "${value}" contains "*", which n8n's editor shows ambiguously: write "[All]" or a word instead.`,
						});
				}
			},
		};
	},
};

const communityPackageJson = {
	meta: problem("package.json has the fields n8n's verification requires"),
	create(context) {
		if (!context.filename.endsWith('package.json')) return {};
		return {
			ObjectExpression(node) {
				if (!isTopLevelObject(node)) return;
				const report = (at, message) =>
					context.report({ node: at, message: `package.json ${message}` });
				if (!propertyOf(node, 'version')) report(node, 'must have a "version"');
				const description = propertyOf(node, 'description');
				if (!description) report(node, 'must have a "description"');
				else if (stringOf(description.value) === '') report(description, '"description" is empty');
				const license = propertyOf(node, 'license');
				if (!license) report(node, 'must have a "license"');
				else if (stringOf(license.value) !== null && stringOf(license.value) !== 'MIT')
					report(license, '"license" must be "MIT"');
				const author = propertyOf(node, 'author');
				if (!author) report(node, 'must have an "author"');
				else if (author.value.type === 'ObjectExpression') {
					const name = propertyOf(author.value, 'name');
					if (!name) report(author, '"author" must have a "name"');
					else if (stringOf(name.value) === '') report(name, '"author.name" is empty');
				}
				const url = stringOf(propertyOf(propertyOf(node, 'repository')?.value, 'url')?.value);
				if (url !== null && TEMPLATE_REPOSITORY.test(url))
					report(node, '"repository.url" is still the template\'s');
				const n8n = propertyOf(node, 'n8n');
				if (!n8n) return report(node, 'must have an "n8n" key');
				if (n8n.value.type !== 'ObjectExpression') return;
				const apiVersion = propertyOf(n8n.value, 'n8nNodesApiVersion');
				if (!apiVersion) report(n8n, '"n8n.n8nNodesApiVersion" must be present');
				else if (apiVersion.value.type !== 'Literal' || typeof apiVersion.value.value !== 'number')
					report(apiVersion, '"n8n.n8nNodesApiVersion" must be a number');
				const nodes = propertyOf(n8n.value, 'nodes');
				if (!nodes) report(n8n, '"n8n.nodes" must be present');
				else if (nodes.value.type === 'ArrayExpression' && nodes.value.elements.length === 0)
					report(nodes, '"n8n.nodes" must list at least one node file');
			},
		};
	},
};

/** Calls `check(classId)` for every class implementing ICredentialType in a *.credentials.ts file. */
const credentialClasses = (context, check) =>
	context.filename.endsWith('.credentials.ts')
		? {
				ClassDeclaration: (node) =>
					implementsInterface(node, 'ICredentialType') && node.id && check(node.id),
			}
		: {};

const credClassNameSuffix = {
	meta: problem('a credential class name ends in "Api"'),
	create(context) {
		return credentialClasses(context, (id) => {
			if (!id.name.endsWith('Api'))
				context.report({
					node: id,
					message: `Credential class name "${id.name}" must end with "Api".`,
				});
		});
	},
};

const credFilenameAgainstConvention = {
	meta: problem('a credential file is named after its class'),
	create(context) {
		return credentialClasses(context, (id) => {
			if (path.basename(context.filename, '.credentials.ts') !== id.name)
				context.report({
					node: id,
					message: `Credential file must be named after its class: "${id.name}.credentials.ts".`,
				});
		});
	},
};

const noLogicOrFlowNodes = {
	meta: problem('no Logic or Flow community nodes'),
	create(context) {
		if (!context.filename.endsWith('.node.json')) return {};
		const checkList = (list) => {
			for (const element of list?.type === 'ArrayExpression' ? list.elements : []) {
				const value = stringOf(element);
				if (value === 'Logic' || value === 'Flow')
					context.report({
						node: element,
						message: `Codex category "${value}": n8n does not accept Logic or Flow community nodes.`,
					});
			}
		};
		return {
			ObjectExpression(node) {
				if (!isTopLevelObject(node)) return;
				checkList(propertyOf(node, 'categories')?.value);
				const subcategories = propertyOf(node, 'subcategories')?.value;
				for (const entry of subcategories?.type === 'ObjectExpression'
					? subcategories.properties
					: [])
					checkList(entry.value);
			},
		};
	},
};

const nonCoreColor = {
	meta: problem("a community node does not use n8n's core colour"),
	create(context) {
		if (!context.filename.endsWith('.node.ts')) return {};
		return {
			ClassDeclaration(node) {
				if (!implementsInterface(node, 'INodeType')) return;
				const description = classProperty(node, 'description')?.value;
				for (const color of [
					propertyOf(description, 'color'),
					propertyOf(propertyOf(description, 'defaults')?.value, 'color'),
				]) {
					if (stringOf(color?.value)?.toLowerCase() === N8N_CORE_COLOR)
						context.report({
							node: color.value,
							message: `The description uses n8n's core colour ${N8N_CORE_COLOR}: pick the package's own.`,
						});
				}
			},
		};
	},
};

export const newerRules = {
	'no-hardcoded-ids': noHardcodedIds,
	'node-execute-block': nodeExecuteBlock,
	'no-monorepo': noMonorepo,
	'node-file-conventions': nodeFileConventions,
	'hint-max-length': hintMaxLength,
	'no-duplicate-param-options': noDuplicateParamOptions,
	'no-asterisk-in-option-names': noAsteriskInOptionNames,
	'community-package-json': communityPackageJson,
	'cred-class-name-suffix': credClassNameSuffix,
	'cred-filename-against-convention': credFilenameAgainstConvention,
	'no-logic-or-flow-nodes': noLogicOrFlowNodes,
	'node-class-description-non-core-color': nonCoreColor,
};
