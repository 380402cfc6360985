'use strict';
/**
 * HTTP client for a running n8n 2.41: the internal REST API (owner setup, login cookie, API keys)
 * and the public API (credentials, workflows, activation, executions). Shapes checked against
 * n8n 2.41.1's dist (controllers/owner.controller.js, controllers/auth.controller.js,
 * controllers/api-keys.controller.js, public-api/v1/openapi.yml).
 */
const { waitFor, sleep } = require('./proc');

const BROWSER_ID = 'n8n-terminal49-harness';

class N8nHttpError extends Error {
	constructor(method, url, status, body) {
		super(
			`${method} ${url} -> ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`.slice(
				0,
				2000,
			),
		);
		this.status = status;
		this.body = body;
	}
}

class N8nClient {
	/** @param {string} baseUrl e.g. http://127.0.0.1:5678 */
	constructor(baseUrl, { apiKey, cookie } = {}) {
		this.baseUrl = baseUrl.replace(/\/$/, '');
		this.apiKey = apiKey;
		this.cookie = cookie;
	}

	async request(method, path, { body, headers = {}, timeoutMs = 30000, raw = false } = {}) {
		const url = `${this.baseUrl}${path}`;
		const init = {
			method,
			headers: { accept: 'application/json', 'browser-id': BROWSER_ID, ...headers },
			signal: AbortSignal.timeout(timeoutMs),
		};
		if (body !== undefined) {
			init.headers['content-type'] = init.headers['content-type'] || 'application/json';
			init.body = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
		}
		const res = await fetch(url, init);
		if (raw) return res;
		const text = await res.text();
		let parsed = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			/* not JSON */
		}
		if (!res.ok) throw new N8nHttpError(method, url, res.status, parsed);
		return { status: res.status, headers: res.headers, body: parsed };
	}

	/** Internal REST API (`/rest/...`) with the login cookie. Returns the `data` field. */
	async rest(method, path, body) {
		const headers = this.cookie ? { cookie: this.cookie } : {};
		const res = await this.request(method, `/rest${path}`, { body, headers });
		this._keepCookie(res.headers);
		return res.body && typeof res.body === 'object' && 'data' in res.body
			? res.body.data
			: res.body;
	}

	/** Public API (`/api/v1/...`) with the API key. */
	async api(method, path, body) {
		if (!this.apiKey) throw new Error('no API key: call setup() or createApiKey() first');
		const res = await this.request(method, `/api/v1${path}`, {
			body,
			headers: { 'x-n8n-api-key': this.apiKey },
		});
		return res.body;
	}

	_keepCookie(headers) {
		const setCookies = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
		for (const c of setCookies) {
			const pair = c.split(';')[0];
			if (pair.startsWith('n8n-auth=')) this.cookie = pair;
		}
	}

	/**
	 * `GET /healthz/readiness` until 200 (DB migrated and server fully ready), then until the REST routes answer.
	 * `editor: false` (n8n started with N8N_DISABLE_UI): n8n then serves no `/rest/settings`, so the REST routes
	 * are known to be up by `GET /rest/login` answering 401, and the version stays unknown here.
	 */
	async waitReady({ timeoutMs = 90000, isAlive, editor = true } = {}) {
		await waitFor(
			`n8n readiness at ${this.baseUrl}`,
			async () => {
				const res = await fetch(`${this.baseUrl}/healthz/readiness`, {
					signal: AbortSignal.timeout(2000),
				});
				return res.status === 200;
			},
			{ timeoutMs, intervalMs: 300, isAlive },
		);
		// n8n 1.x answers /healthz/readiness before its REST routes exist (they come with "Editor is now
		// accessible"): wait for the unauthenticated GET /rest/settings too, which also gives the version.
		await waitFor(
			`n8n REST API at ${this.baseUrl}`,
			async () => {
				if (!editor) {
					const res = await fetch(`${this.baseUrl}/rest/login`, {
						signal: AbortSignal.timeout(2000),
					});
					return res.status === 401;
				}
				const res = await fetch(`${this.baseUrl}/rest/settings`, {
					signal: AbortSignal.timeout(2000),
				});
				if (res.status !== 200) return false;
				const body = await res.json().catch(() => undefined);
				this.version = body && body.data && body.data.versionCli;
				return true;
			},
			{ timeoutMs, intervalMs: 200, isAlive },
		);
	}

	/** n8n's version, from `GET /rest/settings` (2.x gives it only to a logged-in user). */
	async n8nVersion() {
		const settings = await this.rest('GET', '/settings');
		this.version = (settings && settings.versionCli) || this.version;
		return this.version;
	}

	/** `POST /rest/owner/setup` (first start only); the answer sets the auth cookie. */
	async setupOwner({ email, password, firstName = 'Demo', lastName = 'User' }) {
		return await this.rest('POST', '/owner/setup', { email, password, firstName, lastName });
	}

	/** `POST /rest/login` with `{ emailOrLdapLoginId, password }`; keeps the `n8n-auth` cookie. */
	async login(email, password) {
		return await this.rest('POST', '/login', { emailOrLdapLoginId: email, password });
	}

	/**
	 * `POST /rest/api-keys` with `{ label, scopes, expiresAt: null }`; scopes default to every scope
	 * the owner role may grant (`GET /rest/api-keys/scopes`). Answer's `rawApiKey` is the key.
	 */
	async createApiKey(label = 'harness', scopes) {
		const allowed = scopes || (await this.rest('GET', '/api-keys/scopes'));
		const created = await this.rest('POST', '/api-keys', {
			label,
			scopes: allowed,
			expiresAt: null,
		});
		this.apiKey = created.rawApiKey;
		return this.apiKey;
	}

	/** Owner setup (or login when already set up) + API key. */
	async setup({ email, password, firstName, lastName, apiKeyLabel = 'harness' }) {
		try {
			await this.setupOwner({ email, password, firstName, lastName });
		} catch (error) {
			if (!(error instanceof N8nHttpError) || error.status !== 400) throw error;
			// already set up (restart on the same user folder)
		}
		await this.login(email, password);
		await this.createApiKey(`${apiKeyLabel}-${Date.now()}`);
		return this;
	}

	// ---- public API -------------------------------------------------------------------------

	/**
	 * `POST /api/v1/credentials` `{ name, type, data }` → `{ id, name, type, ... }`. n8n 1.x adds
	 * allowedHttpRequestDomains/allowedDomains to credentials that authenticate requests and then demands
	 * allowedDomains unless allowedHttpRequestDomains is given: send "all" where its schema has the field.
	 */
	async createCredential({ name, type, data }) {
		const schema = await this.api('GET', `/credentials/schema/${encodeURIComponent(type)}`).catch(
			() => undefined,
		);
		const body =
			schema &&
			schema.properties &&
			schema.properties.allowedHttpRequestDomains &&
			!('allowedHttpRequestDomains' in data)
				? { ...data, allowedHttpRequestDomains: 'all' }
				: data;
		return await this.api('POST', '/credentials', { name, type, data: body });
	}

	/**
	 * `POST /api/v1/workflows`. The public API accepts only `name`, `nodes`, `connections`,
	 * `settings` (and a few optional fields); anything else in an exported workflow is dropped here.
	 */
	async createWorkflow(workflow) {
		const body = {
			name: workflow.name || 'workflow',
			nodes: workflow.nodes,
			connections: workflow.connections || {},
			settings: workflow.settings || { executionOrder: 'v1' },
		};
		if (workflow.staticData) body.staticData = workflow.staticData;
		return await this.api('POST', '/workflows', body);
	}

	async getWorkflow(id) {
		return await this.api('GET', `/workflows/${id}`);
	}

	/** A node's static data as n8n saved it (`staticData["node:<name>"]`), `{}` when it has none. */
	async nodeStaticData(workflowId, node) {
		return ((await this.getWorkflow(workflowId)).staticData || {})[`node:${node}`] || {};
	}

	async deleteWorkflow(id) {
		return await this.api('DELETE', `/workflows/${id}`);
	}

	/** `POST /api/v1/workflows/{id}/activate` (runs the triggers' checkExists/create). */
	async activateWorkflow(id) {
		return await this.api('POST', `/workflows/${id}/activate`);
	}

	/**
	 * Waits until n8n has activated a workflow's triggers, or failed to, and returns
	 * `GET /rest/workflows/{id}/publication-status` as it settled (`status`: 'published', 'partial' or 'failed',
	 * and each trigger's `errorMessage`). n8n 2.41 publishes through an outbox: `activateWorkflow` answers once the
	 * publication is queued, and the triggers (a polling trigger's first poll among them) are activated after
	 * it, seconds later on a busy machine. `null` from an n8n without that status (1.x activates before it answers).
	 */
	async publicationSettled(workflowId, { timeoutMs = 30000 } = {}) {
		let status = null;
		await waitFor(
			`the publication of workflow ${workflowId} to settle`,
			async () => {
				try {
					status = await this.rest('GET', `/workflows/${workflowId}/publication-status`);
				} catch (error) {
					if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
					status = null;
					return true;
				}
				return ['published', 'partial', 'failed'].includes(status?.status);
			},
			{ timeoutMs, intervalMs: 300 },
		);
		return status;
	}

	/** `POST /api/v1/workflows/{id}/deactivate` (runs the triggers' delete). */
	async deactivateWorkflow(id) {
		return await this.api('POST', `/workflows/${id}/deactivate`);
	}

	/** All executions (follows `nextCursor`), newest first, optionally with their run data. */
	async listExecutions({
		workflowId,
		includeData = false,
		status,
		limit = 250,
		maxPages = 20,
	} = {}) {
		const all = [];
		let cursor;
		for (let page = 0; page < maxPages; page++) {
			const q = new URLSearchParams({ limit: String(limit) });
			if (workflowId) q.set('workflowId', String(workflowId));
			if (includeData) q.set('includeData', 'true');
			if (status) q.set('status', status);
			if (cursor) q.set('cursor', cursor);
			const res = await this.api('GET', `/executions?${q}`);
			all.push(...(res.data || []));
			cursor = res.nextCursor;
			if (!cursor) break;
		}
		if (workflowId && !status && this.cookie) {
			// The public list leaves out executions that this main process still counts as running
			// (executionService.findManyAndCount, excludeRunning). In queue mode main sometimes never hears
			// that a worker finished a job, so an execution the worker ran and saved would stay hidden from
			// it for good. The editor's list reads the database: add what only it shows, read one by one.
			const known = new Set(all.map((e) => String(e.id)));
			const q = new URLSearchParams({
				filter: JSON.stringify({ workflowId: String(workflowId) }),
				limit: String(Math.min(limit, 100)),
			});
			const fromDb = await this.rest('GET', `/executions?${q}`);
			for (const row of (fromDb && fromDb.results) || []) {
				if (known.has(String(row.id))) continue;
				all.push(await this.getExecution(row.id, includeData));
			}
			all.sort((a, b) => Number(b.id) - Number(a.id));
		}
		return all;
	}

	async getExecution(id, includeData = true) {
		return await this.api('GET', `/executions/${id}?includeData=${includeData}`);
	}

	/**
	 * Wait until a workflow has at least `count` finished executions (status not new/running/waiting),
	 * then wait `settleMs` more and return them all (so a test can assert "exactly N").
	 */
	async waitForExecutions({
		workflowId,
		count,
		timeoutMs = 30000,
		settleMs = 1500,
		includeData = true,
	}) {
		const finished = (e) =>
			!['new', 'running', 'waiting'].includes(e.status) && e.finished !== undefined;
		await waitFor(
			`${count} execution(s) of workflow ${workflowId}`,
			async () => (await this.listExecutions({ workflowId })).filter(finished).length >= count,
			{ timeoutMs, intervalMs: 300 },
		);
		if (settleMs) await sleep(settleMs);
		return await this.listExecutions({ workflowId, includeData });
	}

	/**
	 * Run a saved workflow the way the editor's "Execute workflow" button does
	 * (`POST /rest/workflows/{id}/run` with `{ triggerToStartFrom: { name } }`, a manual execution in
	 * the main process), wait for it to finish and return it with its data (public API). ~1 s, versus
	 * ~25 s for the CLI route (three n8n boots).
	 */
	async runWorkflow(id, { triggerName, timeoutMs = 60000 } = {}) {
		let trigger = triggerName;
		// n8n 1.x runs the workflow sent in the body (`workflowData`, whose id must match); 2.x reads it from
		// its database and ignores the field.
		const wf = await this.getWorkflow(id);
		if (!trigger) {
			const node = (wf.nodes || []).find((n) => /trigger|webhook/i.test(n.type) && !n.disabled);
			if (!node) throw new Error(`workflow ${id} has no trigger node; pass triggerName`);
			trigger = node.name;
		}
		const started = await this.rest('POST', `/workflows/${id}/run`, {
			workflowData: wf,
			triggerToStartFrom: { name: trigger },
		});
		const executionId = started && started.executionId;
		if (!executionId) throw new Error(`workflow ${id} did not start: ${JSON.stringify(started)}`);
		return await waitFor(
			`manual execution ${executionId} of workflow ${id}`,
			async () => {
				const e = await this.getExecution(executionId, true);
				return e && !['new', 'running', 'waiting'].includes(e.status) && e.stoppedAt
					? e
					: undefined;
			},
			{ timeoutMs, intervalMs: 250 },
		);
	}

	// ---- node types and webhooks -------------------------------------------------------------

	/** Names of all loaded node types (`GET /types/nodes.json`, needs the login cookie). */
	async nodeTypeNames() {
		const res = await this.request('GET', '/types/nodes.json', {
			headers: this.cookie ? { cookie: this.cookie } : {},
		});
		return (res.body || []).map((t) => t.name);
	}

	/** Names of all loaded credential types (`GET /types/credentials.json`). */
	async credentialTypeNames() {
		const res = await this.request('GET', '/types/credentials.json', {
			headers: this.cookie ? { cookie: this.cookie } : {},
		});
		return (res.body || []).map((t) => t.name);
	}

	webhookUrl(path) {
		return `${this.baseUrl}/webhook/${String(path).replace(/^\//, '')}`;
	}

	/**
	 * A CORS preflight for `path` (OPTIONS + Origin: n8n answers it without running the workflow). Its status
	 * comes from n8n's webhook cache: 204 while the cache holds the webhook, 404 (unknown path) or 500 (no
	 * webhook, or registration still in progress) otherwise. `allowed` is `Access-Control-Allow-Methods`, the
	 * methods n8n's database holds for the path (`getWebhookMethods`).
	 */
	async preflight(path, method) {
		const res = await fetch(this.webhookUrl(path), {
			method: 'OPTIONS',
			headers: { 'access-control-request-method': method, origin: 'http://127.0.0.1' },
			signal: AbortSignal.timeout(2000),
		});
		const allowed = res.headers.get('access-control-allow-methods') ?? '';
		return { status: res.status, allowed: allowed ? allowed.split(/,\s*/) : [] };
	}

	/** Production webhooks register asynchronously, shortly after activation or readiness: until n8n answers 2xx. */
	async waitForWebhook(path, { method = 'POST', timeoutMs = 15000 } = {}) {
		await waitFor(
			`webhook ${method} ${this.webhookUrl(path)}`,
			async () => {
				const { status } = await this.preflight(path, method);
				return status >= 200 && status < 300;
			},
			{ timeoutMs, intervalMs: 200 },
		);
	}

	/**
	 * Until the production webhook `path` is unregistered (after deactivation), as n8n's database says. The
	 * preflight's status comes from n8n's webhook cache, which can outlive the row: a cache miss re-caches the row
	 * it read without waiting (`webhook.service.js` `findCachedStaticWebhook`, `void this.cacheService.set`),
	 * while `deleteWebhooks` drops the cache entry without waiting either. One CI run saw 204 for 15 s after
	 * deactivation. A request to a path only the cache still holds answers 404 all the same (the workflow has no
	 * active version).
	 */
	async waitForWebhookGone(path, { method = 'POST', timeoutMs = 15000 } = {}) {
		let seen = 'no answer';
		try {
			await waitFor(
				`webhook ${method} ${this.webhookUrl(path)} to be removed`,
				async () => {
					const { status, allowed } = await this.preflight(path, method);
					seen = `${status}, Access-Control-Allow-Methods "${allowed.join(', ')}"`;
					return status >= 400 || !allowed.includes(method);
				},
				{ timeoutMs, intervalMs: 200 },
			);
		} catch (error) {
			error.message += ` (the last preflight: ${seen})`;
			throw error;
		}
	}
}

module.exports = { N8nClient, N8nHttpError };
