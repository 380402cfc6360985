/**
 * Minimal stand-in of the embeddable tracking widget: `{widgetUrl}/app.bundle.js` and a lookup that
 * resolves only numbers the account tracks. Publishable keys: pk_sandbox_paid (enabled),
 * pk_sandbox_basic (403, widget not enabled); anything else 401.
 */
import type { SandboxApp } from './app';
import { FEATURE_DETAILS } from './auth';
import type { Reply } from './router';

const BUNDLE = `/* Terminal49 sandbox widget stub */
(function () {
  var el = document.querySelector('[data-token][data-number]');
  if (!el) return;
  var src = (document.currentScript && document.currentScript.src) || '';
  var base = src.replace(/\\/app\\.bundle\\.js.*$/, '');
  fetch(base + '/lookup?token=' + encodeURIComponent(el.getAttribute('data-token')) + '&number=' + encodeURIComponent(el.getAttribute('data-number')))
    .then(function (r) { return r.json(); })
    .then(function (d) { el.textContent = d.data ? d.data.number + ': ' + d.data.current_status : 'Not found'; });
})();
`;

export const PUBLISHABLE_KEYS: Record<string, 'paid' | 'basic'> = {
	pk_sandbox_paid: 'paid',
	pk_sandbox_basic: 'basic',
};

export function handleWidget(app: SandboxApp, path: string, query: Record<string, string>): Reply {
	const cors = { 'Access-Control-Allow-Origin': '*' };
	const json = (status: number, body: unknown): Reply => ({
		status,
		body,
		contentType: 'application/json',
		headers: cors,
	});
	if (path === '/widget/app.bundle.js')
		return { status: 200, body: BUNDLE, contentType: 'application/javascript', headers: cors };
	if (path !== '/widget/lookup')
		return json(404, {
			errors: [{ status: '404', title: 'Not Found', detail: 'Unknown widget path' }],
		});
	const plan = PUBLISHABLE_KEYS[query.token ?? ''];
	if (!plan)
		return json(401, {
			errors: [
				{
					status: '401',
					title: 'Unauthorized',
					detail: 'The publishable key could not be verified.',
				},
			],
		});
	if (plan !== 'paid')
		return json(403, {
			errors: [{ status: '403', title: 'Forbidden', detail: FEATURE_DETAILS.widget }],
		});
	const number = (query.number ?? '').trim().toUpperCase();
	const c = app.store.containersByNumber.get(number);
	const s = c
		? app.store.shipmentOf(c)
		: (app.store.shipmentsByNumber.get(number) ??
			app.store.shipments.find((x) => x.refNumbers.some((r) => r.toUpperCase() === number)));
	if (!s)
		return json(404, {
			errors: [
				{
					status: '404',
					title: 'Not Found',
					detail: 'No tracked shipment or container matches this number.',
				},
			],
		});
	const containers = c ? [c] : app.store.containersOf(s);
	return json(200, {
		data: {
			number,
			bill_of_lading_number: s.blNumber,
			containers: containers.map((x) => ({
				number: x.number,
				current_status: app.containerStatus(x),
			})),
			current_status: c ? app.containerStatus(c) : undefined,
		},
	});
}
