import type { IDataObject } from 'n8n-workflow';

import { inWords } from '../domain/values';

/**
 * The one sentence an AI agent relays to the coordinator it talks to when the node, running as its tool, fails:
 * what the source of an error wrote for the agent (`withAgentAnswer`), else the message in plain words with the
 * first sentence of its fix, else that the tool's set-up is the cause. Every error the node makes can carry one
 * (input checks, the client's look-ups, the transport's HTTP errors), so this sits below all of them.
 */

/** Where an error carries the sentence its source wrote for an agent (`error.context`). */
const AGENT_ANSWER = 'agentAnswer';

interface WithContext {
	context: IDataObject;
}

/** Gives an error the one sentence an agent relays (the source knows best what went wrong). */
export function withAgentAnswer<E extends WithContext>(error: E, sentence: string): E {
	error.context[AGENT_ANSWER] = sentence;
	return error;
}

/** The first sentence of a description, without the node's menu paths and request lines in parentheses. */
function firstSentence(description: string): string {
	const cleaned = description
		.replace(/\s*\((?:GET|POST|PATCH|PUT|DELETE) [^)]*\)/g, '')
		.replace(/\s*\([^)]*>[^)]*\)/g, '')
		.trim();
	const end = cleaned.search(/[.!?](\s|$)/);
	return (end === -1 ? cleaned : cleaned.slice(0, end)).trim();
}

/**
 * Words a coordinator does not know: n8n's editor (items, parameters, nodes, switches, expressions, a menu
 * path "Resource > Operation") and what only the one who set the tool up can change.
 */
const NOT_FOR_A_COORDINATOR =
	/\b(?:items?|parameters?|nodes?|turn(?:ed)? (?:on|off)|validate|expressions?|credentials?|workflows?|update fields|additional fields|return all|on error|continue on fail|by id)\b|\s>\s/i;

/** One sentence: ends with . ! or ?, and no other sentence ends before it (nor a line). */
const isOneSentence = (text: string) =>
	/[.!?]$/.test(text) && !/\n/.test(text) && !/[.!?]["')]?\s/.test(text.slice(0, -1));

/** Whether an agent can relay `sentence` to a coordinator as it is. */
export const isRelayable = (sentence: string) =>
	isOneSentence(sentence) && !NOT_FOR_A_COORDINATOR.test(sentence);

/**
 * The answer to an error caused by how the tool is set up (a value fixed in it, not one the model gave): the
 * coordinator cannot change that, so the agent says who can, and where the reason is.
 */
export const SET_UP_ANSWER =
	"Terminal49 could not be asked because of how this tool is set up in n8n, so this cannot be answered here; whoever set up the assistant can see why in this tool's run in n8n.";

/**
 * A label as a coordinator says it: the last part of a path ("Initial Custom Fields > Container Number" ->
 * "container number"), in lower case but for acronyms and names with digits ("carrier (SCAC)").
 */
export function plainLabel(label: string): string {
	const last = label.split(' > ').pop()!.trim();
	return last
		.split(' ')
		.map((word) => (/^[A-Z0-9()/]+$/.test(word) || /\d/.test(word) ? word : word.toLowerCase()))
		.join(' ');
}

/**
 * An error message in a coordinator's words: no item number, and an input error ('Invalid <label> "<value>":
 * <problem>') said of the value (`"<value>" is not a valid <label>: <problem>`).
 */
function plainMessage(message: string): string {
	const cleaned = message
		.replace(/\s*\(item \d+\)/gi, '')
		.replace(/\s+in item \d+\b/gi, '')
		.replace(/\be\.g\.\s/g, 'such as ')
		.replace(/[.\s]+$/, '');
	const invalid = /^Invalid (.+?) "(.*)": (.+)$/s.exec(cleaned);
	return invalid
		? `"${invalid[2]}" is not a valid ${plainLabel(invalid[1])}: ${invalid[3]}`
		: cleaned;
}

/**
 * An error of the node in one sentence for an agent, which it relays to the coordinator it talks to: what the
 * source wrote for it (every error a coordinator can act on has one), else the message in plain words with the
 * first sentence of its fix where both read without n8n's words, else that the tool's set-up is the cause
 * (SET_UP_ANSWER). Never a secret: the nodes' errors hold none (checked by the security tests).
 */
export function agentErrorSentence(error: unknown): string {
	const e = (error ?? {}) as {
		message?: unknown;
		description?: unknown;
		httpCode?: unknown;
		context?: IDataObject;
	};
	const written = inWords(e.context?.[AGENT_ANSWER]);
	if (written) return written;
	const message = inWords(e.message).replace(/[.\s]+$/, '');
	const said = plainMessage(message || 'The Terminal49 request failed');
	const fix = firstSentence(inWords(e.description));
	const withFix = `${said}${fix ? `: ${fix.charAt(0).toLowerCase()}${fix.slice(1)}` : ''}.`;
	if (isRelayable(withFix)) return withFix;
	if (isRelayable(`${said}.`)) return `${said}.`;
	return SET_UP_ANSWER;
}

/** The item an agent gets for a failed call: `{error}`, the shape n8n itself gives a failed tool. */
export function agentErrorItem(error: unknown): IDataObject {
	return { error: agentErrorSentence(error) };
}
