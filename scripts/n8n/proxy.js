'use strict';
/**
 * A small round-robin HTTP proxy for queue mode (dev and tests only): the load balancer in front of the
 * `n8n webhook` processes. Each request goes to the next backend in turn; a backend that refuses the
 * connection (restarting) is skipped for that request. Nothing is buffered beyond one request body.
 * With `hashHeader`, a request carrying that header goes to the backend its value hashes to instead (what
 * nginx's `hash $http_<header> consistent;` does): with 'x-t49-webhook-signature', every copy of a Terminal49
 * notification (same bytes, same signature) reaches the same webhook process.
 *
 * Also n8n's public address in an outage: with `proxy.down = true` it answers every request 502 Bad Gateway,
 * as a reverse proxy whose backend cannot be reached does (the catch-up e2e tests). With `proxy.loseAnswers =
 * true` it forwards every request and lets the backend run it, but answers the caller 502 whatever the backend
 * said: an answer lost on its way back (the caller cannot tell that the request arrived).
 *
 * With `mainBackend`, every path but production webhooks (`/webhook/…`) goes to main instead, as n8n's queue-mode
 * docs have a load balancer route: test webhooks (`/webhook-test/…`) reach main, the one process that serves them,
 * when n8n gives them the proxy's address (N8N_WEBHOOK_URL sets it for both).
 *
 *   const proxy = await startProxy({ backends: ['http://127.0.0.1:5679', 'http://127.0.0.1:5680'] });
 *   proxy.url        // http://127.0.0.1:<port>
 *   proxy.counts     // requests forwarded per backend
 *   proxy.down = true;  // 502 to everything until set back to false (proxy.refused counts them)
 *   proxy.loseAnswers = true;  // forwarded, but 502 to the caller (proxy.lost counts them; down comes first)
 *   await proxy.stop();
 */
const http = require('node:http');

/** Hop-by-hop headers a proxy does not forward. */
const HOP = new Set([
	'connection',
	'keep-alive',
	'proxy-connection',
	'transfer-encoding',
	'upgrade',
	'te',
	'trailer',
]);

async function startProxy({ backends, port = 0, host = '127.0.0.1', hashHeader, mainBackend }) {
	let next = 0;
	const counts = backends.map(() => 0);
	// `timeout` makes Node close an idle socket a second before the backend would (n8n answers `Keep-Alive:
	// timeout=5`; Node applies that hint only when the agent has a timeout of its own, and keeps idle sockets
	// forever without one). Without it a request could go out on a socket n8n was closing that moment and get a
	// 502 (ECONNRESET): 3 of 40 deliveries in one run of the queue e2e test. An idle socket's timeout only; a
	// request in flight is never cut by it.
	const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });

	function pick(req, tried) {
		const key = hashHeader && req.headers[hashHeader.toLowerCase()];
		if (!key) return next++ % backends.length;
		const h = require('node:crypto')
			.createHash('sha1')
			.update(String(key))
			.digest()
			.readUInt32BE(0);
		return (h + tried) % backends.length;
	}

	function forward(req, res, body, tried) {
		// as n8n's queue-mode docs route a load balancer: production webhooks (/webhook/) to the webhook processes,
		// every other path (test webhooks, /webhook-test/, which only main serves) to main
		const toMain = mainBackend && !req.url.startsWith('/webhook/');
		const i = toMain ? -1 : pick(req, tried);
		const target = new URL(req.url, toMain ? mainBackend : backends[i]);
		const headers = {};
		for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k)) headers[k] = v;
		headers['content-length'] = String(body.length);
		headers['x-forwarded-for'] = req.socket.remoteAddress || '';
		const up = http.request(target, { method: req.method, headers, agent }, (upRes) => {
			if (!toMain) counts[i]++;
			if (state.loseAnswers) {
				state.lost++;
				upRes.resume();
				res.writeHead(502, { 'content-type': 'text/plain' });
				res.end('Bad Gateway');
				return;
			}
			const out = {};
			for (const [k, v] of Object.entries(upRes.headers)) if (!HOP.has(k)) out[k] = v;
			out['x-t49-backend'] = toMain ? 'main' : String(i);
			res.writeHead(upRes.statusCode || 502, out);
			upRes.pipe(res);
		});
		up.on('error', (error) => {
			// connection refused/reset before an answer: try the other backend(s) once each
			if (
				!toMain &&
				!res.headersSent &&
				tried + 1 < backends.length &&
				error.code === 'ECONNREFUSED'
			) {
				forward(req, res, body, tried + 1);
				return;
			}
			if (!res.headersSent) {
				res.writeHead(502, { 'content-type': 'text/plain' });
				res.end(`proxy: ${error.code || error.message}`);
			} else {
				res.destroy();
			}
		});
		up.end(body);
	}

	const state = { down: false, refused: 0, loseAnswers: false, lost: 0 };
	const server = http.createServer((req, res) => {
		if (state.down) {
			state.refused++;
			req.resume();
			res.writeHead(502, { 'content-type': 'text/plain' });
			res.end('Bad Gateway');
			return;
		}
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
		req.on('error', () => res.destroy());
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, resolve);
	});
	const actual = server.address().port;
	return {
		port: actual,
		url: `http://${host}:${actual}`,
		counts,
		get down() {
			return state.down;
		},
		set down(value) {
			state.down = Boolean(value);
		},
		get refused() {
			return state.refused;
		},
		get loseAnswers() {
			return state.loseAnswers;
		},
		set loseAnswers(value) {
			state.loseAnswers = Boolean(value);
		},
		get lost() {
			return state.lost;
		},
		async stop() {
			agent.destroy();
			server.closeAllConnections?.();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { startProxy };
