// The ESTree helpers of the upstream rules (upstream-rules.mjs, upstream-rules-newer.mjs).

export const keyName = (property) =>
	property.key?.type === 'Identifier'
		? property.key.name
		: typeof property.key?.value === 'string'
			? property.key.value
			: null;
export const propertyOf = (object, name) =>
	object?.type === 'ObjectExpression'
		? (object.properties.find((p) => p.type === 'Property' && keyName(p) === name) ?? null)
		: null;
export const stringOf = (node) =>
	node?.type === 'Literal' && typeof node.value === 'string'
		? node.value
		: node?.type === 'TemplateLiteral' && node.expressions.length === 0
			? node.quasis[0].value.cooked
			: null;
export const isTopLevelObject = (node) =>
	node.parent?.type === 'ExpressionStatement' || node.parent?.type === 'Program';

/** `class X implements INodeType` (or ICredentialType for credentials). */
export function implementsInterface(classNode, name) {
	return (classNode.implements ?? []).some(
		(clause) => clause.expression?.type === 'Identifier' && clause.expression.name === name,
	);
}
export const classProperty = (classNode, name) =>
	classNode.body.body.find(
		(member) =>
			member.type === 'PropertyDefinition' &&
			member.key?.type === 'Identifier' &&
			member.key.name === name,
	) ?? null;
