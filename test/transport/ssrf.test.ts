/**
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true, n8n 2.12 and later) refusing the credential's Base
 * URL, through n8n-core's real request helper and @n8n/backend-network's real SsrfProtectionService: the error
 * says n8n refused it, names the address and the setting that allows it. The block list is 3.0's (2.41's
 * `default` and the four ranges 3.0 adds); 127.0.0.2 is allowed as N8N_SSRF_ALLOWED_IP_RANGES allows a sandbox.
 * n8n reads these settings once a process: jest gives this file a process.env of its own.
 */
process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
process.env.N8N_SSRF_BLOCKED_IP_RANGES = 'default,::/128,100.64.0.0/10,2002::/16,64:ff9b::/96';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.2/32';
process.env.N8N_SSRF_BLOCKED_HOSTNAMES = 'blocked.terminal49.test';

import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { NodeApiError } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { apiRequestFull } from '../../nodes/Terminal49/transport';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { agentErrorSentence, isRelayable } from '../../nodes/Terminal49/errors/agent';
import { captureLogs, createExecuteContext, runNode } from '../helpers/runNode';

const API_KEY = 'tk_live_SSRF_SECRET_42';
const me = { data: { id: 'u1', type: 'user', attributes: {} }, included: [] };

let requests = 0;
const servers: http.Server[] = [];
const ports: Record<string, number> = {};

beforeAll(async () => {
	for (const host of ['127.0.0.1', '127.0.0.2']) {
		const server = http.createServer((_req, res) => {
			requests++;
			res.writeHead(200, { 'Content-Type': 'application/vnd.api+json' });
			res.end(JSON.stringify(me));
		});
		await new Promise<void>((resolve) => server.listen(0, host, resolve));
		ports[host] = (server.address() as AddressInfo).port;
		servers.push(server);
	}
});

afterAll(async () => {
	for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
	requests = 0;
	resetRateLimiter();
});

const context = (baseUrl: string) =>
	createExecuteContext({
		nodeType: new Terminal49(),
		parameters: { resource: 'account', operation: 'get' },
		credentials: { apiKey: API_KEY, baseUrl },
	});

async function refused(baseUrl: string): Promise<NodeApiError> {
	try {
		await apiRequestFull.call(context(baseUrl), { method: 'GET', path: '/me' });
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error(`expected n8n to refuse ${baseUrl}`);
}

test("a loopback Base URL: n8n refused it, the address, n8n's words and the setting that allows it; nothing sent, no retry", async () => {
	const logs = captureLogs();
	const origin = `http://127.0.0.1:${ports['127.0.0.1']}`;
	const error = await refused(`${origin}/v2`);
	expect(error.message).toBe(
		`n8n's SSRF protection refused the request to ${origin}: 127.0.0.1 is a restricted address`,
	);
	expect(error.description).toContain(
		'n8n said: "The request was blocked because it resolves to a restricted IP address".',
	);
	expect(error.description).toContain(
		'N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 on every n8n process',
	);
	expect(error.description).toContain('(GET /me)');
	expect(agentErrorSentence(error)).toMatch(/security settings \(SSRF protection\)/);
	expect(isRelayable(agentErrorSentence(error))).toBe(true);
	expect(requests).toBe(0);
	expect(logs.filter((line) => /refused by n8n's SSRF protection/.test(line))).toHaveLength(1);
	expect(JSON.stringify({ error, d: error.description, logs })).not.toContain(API_KEY);
});

test('a host name that resolves to loopback: the resolved address, and the host name allowance too', async () => {
	const error = await refused(`http://localhost:${ports['127.0.0.1']}/v2`);
	expect(error.message).toMatch(
		/^n8n's SSRF protection refused the request to http:\/\/localhost:\d+: (127\.0\.0\.1|::1) is a restricted address$/,
	);
	expect(error.description).toMatch(
		/N8N_SSRF_ALLOWED_IP_RANGES=(127\.0\.0\.1\/32|::1\/128) \(or N8N_SSRF_ALLOWED_HOSTNAMES=localhost\)/,
	);
	expect(requests).toBe(0);
});

test("3.0's longer block list: an address in 100.64.0.0/10 (carrier-grade NAT) is refused before any connection", async () => {
	const error = await refused('http://100.64.0.1:4949/v2');
	expect(error.message).toBe(
		"n8n's SSRF protection refused the request to http://100.64.0.1:4949: 100.64.0.1 is a restricted address",
	);
	expect(error.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES=100.64.0.1/32');
});

test('a host name on N8N_SSRF_BLOCKED_HOSTNAMES: named, with the two settings that decide it', async () => {
	const error = await refused('http://blocked.terminal49.test/v2');
	expect(error.message).toBe(
		"n8n's SSRF protection refused the request to http://blocked.terminal49.test: the host name blocked.terminal49.test is blocked",
	);
	expect(error.description).toContain(
		'remove "blocked.terminal49.test" from N8N_SSRF_BLOCKED_HOSTNAMES or add it to N8N_SSRF_ALLOWED_HOSTNAMES',
	);
});

test('the allowance works: a loopback address in N8N_SSRF_ALLOWED_IP_RANGES is reached', async () => {
	const response = await apiRequestFull.call(context(`http://127.0.0.2:${ports['127.0.0.2']}/v2`), {
		method: 'GET',
		path: '/me',
	});
	expect(response.statusCode).toBe(200);
	expect(requests).toBe(1);
});

test('an operation fails with the same error on its item (Account > Get, continue on fail)', async () => {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: 'account', operation: 'get' },
		credentials: { apiKey: API_KEY, baseUrl: `http://127.0.0.1:${ports['127.0.0.1']}/v2` },
		continueOnFail: true,
	});
	expect(out).toHaveLength(1);
	expect(String(out[0].json.error)).toMatch(
		/^n8n's SSRF protection refused the request to http:\/\/127\.0\.0\.1:\d+: 127\.0\.0\.1 is a restricted address$/,
	);
	expect(requests).toBe(0);
});
