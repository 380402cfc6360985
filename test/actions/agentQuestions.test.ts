/**
 * Terminal49's customer question bank (Terminal49/agent-plugins, plugins/terminal49/evals/QUESTION_BANK.md,
 * tiers A to F; test/helpers/agentQuestions.ts): for each question, the tool call(s) a good agent makes (two at
 * most), run as n8n's AI Agent runs the "Terminal49 Tool" against the sandbox; the answer's fields are in the
 * result; one container's answer stays under 1,000 tokens and a list's under 4,000 (characters / 4), beside
 * the Simplified output of the same call (printed as a table; `npm run bench` section 7 prints it too).
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import type { CallResult } from '../helpers/agentQuestions';
import { measureCall, missingFields, QUESTIONS } from '../helpers/agentQuestions';
import { pinDate } from '../helpers/clock';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);

let sb: Sandbox;
const measured: Array<{ tier: string; question: string; result: CallResult }> = [];

beforeAll(async () => {
	pinDate(EPOCH + 2 * HOUR);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
	// the figures beside the checks (what the agent reads against what a workflow gets from the same call)
	const rows = measured.map(
		({ tier, question, result }) =>
			`| ${tier} | ${question} | ${result.call.tool} | ${result.toolTokens} | ${result.simplifiedTokens} | ${result.call.before ? `${result.call.before.tool}: ${result.beforeTokens}` : ''} |`,
	);
	process.stdout.write(
		`\n| tier | question | call | tool tokens | Simplified tokens | before: call, Simplified tokens |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`,
	);
});
beforeEach(() => {
	resetRateLimiter();
});

describe.each(QUESTIONS)('$tier: $question', (q) => {
	it(
		q.noCall
			? 'needs no tool call'
			: 'answered in at most two calls, each answer holding its fields, within its token budget',
		async () => {
			await q.setup?.(sb);
			const calls = q.calls(sb);
			expect(calls.length).toBeLessThanOrEqual(2);
			if (q.noCall) {
				expect(calls).toEqual([]);
				return;
			}
			for (const call of calls) {
				resetRateLimiter();
				const result = await measureCall(sb, call);
				measured.push({ tier: q.tier, question: q.question, result });
				expect({ call: call.tool, missing: missingFields(call, result.tool) }).toEqual({
					call: call.tool,
					missing: [],
				});
				expect(result.toolTokens).toBeLessThan(q.list ? 4000 : 1000);
			}
		},
	);
});

describe('the questions answered without the tool', () => {
	it('"Track everything": Create cannot be called without one number', () => {
		const number = new Terminal49().description.properties.find(
			(p) =>
				p.name === 'requestNumber' &&
				p.displayOptions?.show?.operation?.includes('create') &&
				p.displayOptions?.show?.resource?.includes('trackingRequest'),
		);
		expect(number).toMatchObject({ required: true, type: 'string' });
	});

	it('"Should I paste my API key here?": no result of any call of the bank holds a key', () => {
		expect(measured.length).toBeGreaterThanOrEqual(15);
		const everything = JSON.stringify(
			measured.map(({ result }) => [result.tool, result.simplified]),
		);
		for (const key of Object.values(sb.keys)) expect(everything).not.toContain(key);
	});

	it('the list answer is smaller than the Simplified list of the same call', () => {
		const list = measured.find(({ tier }) => tier === 'list');
		expect(list).toBeDefined();
		expect(list!.result.toolTokens).toBeLessThan(list!.result.simplifiedTokens);
	});
});
