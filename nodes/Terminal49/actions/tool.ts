import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether the node runs as an AI agent's tool: a "Terminal49 Tool" node (n8n makes it from `usableAsTool`,
 * type `…terminal49Tool`) called by n8n's AI Agent or MCP Server Trigger. n8n's own nodes tell it two ways,
 * both read here: the context (`isToolExecution()`, n8n 2.x, true when n8n calls the tool through its
 * LangChain wrapper: the MCP Server Trigger, agents before version 3) and the node's type (the AI Agent of
 * version 3 runs its tools as nodes of the workflow, where `isToolExecution()` is false; n8n's Chat node and
 * Airtop node check the type the same way). n8n 1.x has no `isToolExecution`; the type tells there too.
 */
export function runsAsTool(ctx: IExecuteFunctions): boolean {
	const byContext = ctx as { isToolExecution?: () => boolean };
	if (typeof byContext.isToolExecution === 'function' && byContext.isToolExecution()) return true;
	return /terminal49Tool$/.test(ctx.getNode().type ?? '');
}
