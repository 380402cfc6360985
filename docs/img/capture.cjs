'use strict';
/**
 * Screenshots of the example workflows in the n8n editor (docs/img/*.png), a dev-only tool:
 *
 *   apt-get install -y chromium
 *   npm install --prefix /tmp/shot playwright-core@1      # outside the repo, not a dependency
 *   npm run build && PLAYWRIGHT_CORE=/tmp/shot/node_modules/playwright-core node docs/img/capture.cjs
 *
 * Starts the sandbox and real n8n 2.41.1 with the packed package (scripts/n8n), imports examples/*.json
 * with a "Terminal49 (sandbox)" credential, logs in with headless Chromium and saves one PNG per workflow.
 */
const fs = require('node:fs');
const path = require('node:path');

const harness = require('../../scripts/n8n');

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = __dirname;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const { chromium } = require(process.env.PLAYWRIGHT_CORE || 'playwright-core');

const SHOTS = [
	['lfd-reminder.json', 'example-lfd-reminder.png'],
	['milestones-to-table.json', 'example-milestones-to-table.png'],
	['track-from-list.json', 'example-track-from-list.png'],
	['hold-cleared-alert.json', 'example-hold-cleared-alert.png'],
	['eta-slipped-alert.json', 'example-eta-slipped-alert.png'],
	['terminal-fees-digest.json', 'example-terminal-fees-digest.png'],
	['polling-hold-cleared.json', 'example-polling-hold-cleared.png'],
];

async function main() {
	const log = (m) => process.stderr.write(`[capture] ${m}\n`);
	harness.ensureN8n({ stdio: 'ignore', skipRedis: true });
	const tgz = process.env.E2E_PACKAGE_TGZ || harness.packPackage({ log });
	const sandbox = await harness.startSandboxProcess({ log });
	const stack = await harness.startStack({ tgz, log });
	let browser;
	try {
		const credential = await stack.client.createCredential({
			name: 'Terminal49 (sandbox)',
			type: 'terminal49Api',
			data: { apiKey: 'sandbox_paid', baseUrl: sandbox.url },
		});
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
		});
		const context = await browser.newContext({
			viewport: { width: 1280, height: 560 },
			deviceScaleFactor: 1,
		});
		const page = await context.newPage();
		// log in through the sign-in form, as a user would
		await page.goto(`${stack.baseUrl}/signin`);
		await page
			.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
			.first()
			.fill(stack.owner.email);
		await page.locator('input[type="password"]').first().fill(stack.owner.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30000 });

		for (const [file, png] of SHOTS) {
			const wf = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8'));
			for (const node of wf.nodes) {
				if (String(node.type).startsWith('n8n-nodes-terminal49.'))
					node.credentials = { terminal49Api: { id: credential.id, name: credential.name } };
			}
			const created = await stack.client.createWorkflow(wf);
			await page.goto(`${stack.baseUrl}/workflow/${created.id}`);
			await page.waitForSelector('.vue-flow__node', { timeout: 30000 });
			await page.waitForTimeout(1500);
			// close anything floating (toasts, tooltips), then zoom to fit
			await page.keyboard.press('Escape');
			await page.mouse.click(5, 300);
			await page.keyboard.press('Shift+1').catch(() => {});
			await page.keyboard.press('1');
			await page.waitForTimeout(800);
			await page.evaluate(() =>
				document.querySelectorAll('.el-notification, .el-message').forEach((e) => e.remove()),
			);
			const target = path.join(OUT, png);
			await page.screenshot({ path: target, type: 'png' });
			log(`${png}: ${Math.round(fs.statSync(target).size / 1024)} KB`);
		}
	} finally {
		if (browser) await browser.close();
		await stack.stop();
		await sandbox.stop();
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exit(1);
});
