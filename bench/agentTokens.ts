/**
 * Section 7 of `npm run bench` (issue 26): what an AI agent reads from the Terminal49 tool for each question of
 * Terminal49's customer question bank (Terminal49/agent-plugins, plugins/terminal49/evals/QUESTION_BANK.md;
 * the calls a good agent makes: test/helpers/agentQuestions.ts, checked by test/actions/agentQuestions.test.ts),
 * in tokens (characters of the JSON / 4), beside the Simplified output of the same call and of the call made
 * for the same answer before Find and Get Journey existed. The node runs in-process through n8n-core's real
 * ExecuteContext against a sandbox of `containers` containers. Run alone: `BENCH_SECTIONS=7 npm run bench`.
 */
import { startSandbox } from '../sandbox';
import { resetRateLimiter } from '../nodes/Terminal49/transport/rateLimiter';
import { measureCall, missingFields, QUESTIONS } from '../test/helpers/agentQuestions';
import { log } from './lib';

export interface AgentTokensRow {
	tier: string;
	question: string;
	call: string;
	toolTokens: number;
	simplifiedTokens: number;
	before: string;
	beforeTokens: number | null;
	goal: number;
	answered: boolean;
}

export interface AgentTokensResult {
	containers: number;
	rows: AgentTokensRow[];
	/** The questions answered without a call, and why. */
	noCall: Array<{ tier: string; question: string; why: string }>;
}

export async function runAgentTokensBench(containers: number): Promise<AgentTokensResult> {
	const sb = await startSandbox({ containers, carrierDelayMs: 600_000, webhookRetryScale: 0 });
	const rows: AgentTokensRow[] = [];
	const noCall: AgentTokensResult['noCall'] = [];
	try {
		for (const q of QUESTIONS) {
			await q.setup?.(sb);
			if (q.noCall) noCall.push({ tier: q.tier, question: q.question, why: q.noCall });
			for (const call of q.calls(sb)) {
				resetRateLimiter();
				const result = await measureCall(sb, call);
				rows.push({
					tier: q.tier,
					question: q.question,
					call: call.tool,
					toolTokens: result.toolTokens,
					simplifiedTokens: result.simplifiedTokens,
					before: call.before?.tool ?? '',
					beforeTokens: result.beforeTokens ?? null,
					goal: q.list ? 4000 : 1000,
					answered: missingFields(call, result.tool).length === 0,
				});
				log(`agent tokens: ${q.tier} ${call.tool} ${result.toolTokens}`);
			}
		}
	} finally {
		await sb.close();
	}
	return { containers, rows, noCall };
}

export function agentTokensTable(result: AgentTokensResult): string {
	const lines = [
		`Sandbox of ${result.containers} containers; tokens = characters of the JSON the agent reads / 4.`,
		'',
		'| tier | question | tool call | answer fields in the result | tool result, tokens (goal) | Simplified output of the same call, tokens | before: call, Simplified tokens |',
		'|---|---|---|---|---|---|---|',
		...result.rows.map(
			(r) =>
				`| ${r.tier} | ${r.question} | ${r.call} | ${r.answered ? 'yes' : '**no**'} | ${r.toolTokens} (< ${r.goal}) | ${r.simplifiedTokens} | ${r.before ? `${r.before}: ${r.beforeTokens}` : ''} |`,
		),
		...result.noCall.map((n) => `| ${n.tier} | ${n.question} | none | ${n.why} | 0 | | |`),
	];
	return lines.join('\n');
}
