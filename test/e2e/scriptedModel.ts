/**
 * A scripted OpenAI-compatible model server on 127.0.0.1 for the AI agent e2e tests: for each question it
 * makes the planned tool calls, one per turn, then answers in words ("Answered: <question>"). The
 * conversation is picked by the user's last question (a memory puts the earlier turns before it).
 *
 * It speaks OpenAI's two APIs the way n8n's OpenAI Chat Model (`lmChatOpenAi`) calls them:
 * - `POST /v1/chat/completions` (Chat Completions: what every OpenAI-compatible service offers), and
 * - `POST /v1/responses` (the Responses API: OpenAI's own; "Use Responses API", on by default in version 1.3),
 *   only when `apis` includes it. Without it the server answers 404, as a Chat Completions-only service does.
 * Both plain JSON and server-sent events (`stream: true`). Every request is logged (`seen`).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, any>;

export interface PlannedCall {
	tool: string;
	args: Json;
}

export interface Conversation {
	question: string;
	calls: PlannedCall[];
	/** What n8n sent back as each tool's result, in order (the tool messages' content). */
	results: string[];
	/** The tools (name, description, parameters) n8n offered the model. */
	tools: Json[];
	requests: number;
}

/** Conversations as the model server keeps them, from their questions and planned calls. */
export const scripted = (
	plans: Array<{ question: string; calls: PlannedCall[] }>,
): Conversation[] => plans.map((plan) => ({ ...plan, results: [], tools: [], requests: 0 }));

export type ModelApi = 'chat' | 'responses';

export interface ModelServer {
	/** n8n's OpenAI credential whose Base URL is this server. */
	credential: { id: string; name: string };
	/** `POST /v1/chat/completions 200`, ... in the order they came. */
	seen: string[];
	close(): Promise<void>;
}

interface CredentialMaker {
	createCredential(credential: {
		name: string;
		type: string;
		data: Json;
	}): Promise<{ id: string; name: string }>;
}

const text = (content: unknown): string =>
	typeof content === 'string'
		? content
		: Array.isArray(content)
			? content.map((part: Json) => String(part?.text ?? '')).join('')
			: JSON.stringify(content);

/** What the model does next in `conversation`, given the tool results it has: a call, or the answer. */
function nextStep(conversation: Conversation, results: string[]) {
	conversation.requests++;
	conversation.results = results;
	const next = conversation.calls[results.length];
	return { next, index: results.length, answer: `Answered: ${conversation.question}` };
}

function send(res: http.ServerResponse, status: number, body: Json) {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

/** `POST /v1/chat/completions`. */
function chatCompletions(conversations: Conversation[], body: Json, res: http.ServerResponse) {
	const all = body.messages as Json[];
	const last = all.map((m) => m.role).lastIndexOf('user');
	const question = text(all[last]?.content);
	const conversation = conversations.find((c) => question.includes(c.question));
	if (!conversation) return send(res, 400, { error: { message: `no script for ${question}` } });
	conversation.tools = (body.tools ?? []).map((t: Json) => t.function);
	const results = all
		.slice(last)
		.filter((m) => m.role === 'tool')
		.map((m) => text(m.content));
	const { next, index, answer } = nextStep(conversation, results);
	const message = next
		? {
				role: 'assistant',
				content: null,
				tool_calls: [
					{
						id: `call_${index}`,
						type: 'function',
						function: { name: next.tool, arguments: JSON.stringify(next.args) },
					},
				],
			}
		: { role: 'assistant', content: answer };
	const finish = next ? 'tool_calls' : 'stop';
	const id = `chatcmpl-${conversation.requests}`;
	const created = Math.floor(Date.now() / 1000);
	if (body.stream) {
		res.writeHead(200, { 'content-type': 'text/event-stream' });
		const delta = next
			? {
					role: 'assistant',
					tool_calls: message.tool_calls!.map((call, i) => ({ index: i, ...call })),
				}
			: { role: 'assistant', content: message.content };
		const chunk = (choice: Json) =>
			`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [choice] })}\n\n`;
		res.write(chunk({ index: 0, delta, finish_reason: null }));
		res.write(chunk({ index: 0, delta: {}, finish_reason: finish }));
		res.end('data: [DONE]\n\n');
		return;
	}
	send(res, 200, {
		id,
		object: 'chat.completion',
		created,
		model: body.model,
		choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	});
}

/** `POST /v1/responses`: `input` holds the messages, the function calls and their outputs. */
function responses(conversations: Conversation[], body: Json, res: http.ServerResponse) {
	const input: Json[] =
		typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
	const last = input.map((m) => m.role).lastIndexOf('user');
	const question = text(input[last]?.content);
	const conversation = conversations.find((c) => question.includes(c.question));
	if (!conversation) return send(res, 400, { error: { message: `no script for ${question}` } });
	// Responses tools are flat: {type: 'function', name, description, parameters}
	conversation.tools = (body.tools ?? []).map(({ name, description, parameters }: Json) => ({
		name,
		description,
		parameters,
	}));
	const results = input
		.slice(last)
		.filter((m) => m.type === 'function_call_output')
		.map((m) => text(m.output));
	const { next, index, answer } = nextStep(conversation, results);
	const item = next
		? {
				type: 'function_call',
				id: `fc_${index}`,
				call_id: `call_${index}`,
				name: next.tool,
				arguments: JSON.stringify(next.args),
				status: 'completed',
			}
		: {
				type: 'message',
				id: `msg_${conversation.requests}`,
				role: 'assistant',
				status: 'completed',
				content: [{ type: 'output_text', text: answer, annotations: [] }],
			};
	const response = {
		id: `resp_${conversation.requests}`,
		object: 'response',
		created_at: Math.floor(Date.now() / 1000),
		model: body.model,
		status: 'completed',
		output: [item],
		usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 },
	};
	if (body.stream) {
		res.writeHead(200, { 'content-type': 'text/event-stream' });
		let sequence = 0;
		const event = (type: string, data: Json) =>
			res.write(
				`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`,
			);
		event('response.created', { response: { ...response, status: 'in_progress', output: [] } });
		event('response.output_item.added', { output_index: 0, item });
		if (item.type === 'message')
			event('response.output_text.delta', {
				item_id: item.id,
				output_index: 0,
				content_index: 0,
				delta: answer,
			});
		event('response.output_item.done', { output_index: 0, item });
		event('response.completed', { response });
		res.end();
		return;
	}
	send(res, 200, response);
}

/**
 * Starts the server (`apis`: which of the two APIs it offers) and makes n8n's OpenAI credential whose Base URL
 * points at it (`client`: the n8n stack's public API client).
 */
export async function startModelServer(
	client: CredentialMaker,
	conversations: Conversation[],
	credentialName: string,
	apis: ModelApi[] = ['chat'],
): Promise<ModelServer> {
	const seen: string[] = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			const api: ModelApi | undefined =
				req.method !== 'POST'
					? undefined
					: req.url?.endsWith('/chat/completions')
						? 'chat'
						: req.url?.endsWith('/responses')
							? 'responses'
							: undefined;
			const log = (status: number) => seen.push(`${req.method} ${req.url} ${status}`);
			if (!api || !apis.includes(api)) {
				log(404);
				return send(res, 404, { error: { message: `not offered: ${req.method} ${req.url}` } });
			}
			const body = JSON.parse(raw) as Json;
			res.on('finish', () => log(res.statusCode));
			if (api === 'chat') chatCompletions(conversations, body, res);
			else responses(conversations, body, res);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	const credential = await client
		.createCredential({
			name: credentialName,
			type: 'openAiApi',
			// `header` given: n8n 1.123's public API asks for it
			data: { apiKey: 'sk-scripted-model', url: `http://127.0.0.1:${port}/v1`, header: false },
		})
		.catch(async (error: unknown) => {
			await close();
			throw error;
		});
	return { credential: { id: credential.id, name: credential.name }, seen, close };
}
