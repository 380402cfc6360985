/**
 * The n8n editor in headless Chromium (playwright-core, Debian's /usr/bin/chromium), driven as a person uses it:
 * sign in, the node panel (search, pick an action), the node's panel, the canvas. Used by
 * test/e2e/editor.e2e.test.ts, which also writes the README's screenshots (docs/img/*.png) with it.
 * scripts/ensure-chromium.sh installs Chromium (npm run test:e2e calls it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';

import { ROOT } from './helpers';

// The callbacks of page.evaluate() run in the browser; the project compiles without the DOM library.
declare const document: { querySelectorAll(selector: string): Array<{ remove(): void }> };
declare const window: {
	history: { pushState(state: null, unused: string, url: string): void };
	dispatchEvent(event: unknown): void;
};
declare const PopStateEvent: new (type: string, init: { state: null }) => unknown;
type HTMLElement = { innerText: string };
type HTMLInputElement = {
	value: string;
	placeholder: string;
	scrollWidth: number;
	clientWidth: number;
};

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
/** Headless, no sandbox (root in CI), and nothing that phones home. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
/** A laptop screen: the issue's "no label cut off at 1440 px". */
export const VIEWPORT = { width: 1440, height: 900 };
export const IMG_DIR = path.join(ROOT, 'docs', 'img');

export async function launchChromium(): Promise<Browser> {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`No Chromium at ${CHROMIUM}: the editor test needs Debian's chromium. Run "bash scripts/ensure-chromium.sh" (npm run test:e2e does), or set CHROMIUM to a Chromium binary.`,
		);
	}
	return await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

const SEARCH = 'input[data-test-id="node-creator-search-bar"]';

/** One browser tab on the editor, and every text it showed (for the check of the labels the docs quote). */
export class Editor {
	/** The visible text of the page at each step (`remember()`). */
	readonly screens: string[] = [];

	constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {}

	static async open(browser: Browser, baseUrl: string): Promise<Editor> {
		const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
		return new Editor(await context.newPage(), baseUrl);
	}

	/** Keeps the page's visible text: the labels a person reads at this step. */
	async remember(): Promise<string> {
		const text = await this.page.locator('body').innerText();
		// what fields show is their value or placeholder, which innerText leaves out (Resource "Container", the
		// mode "Number", the dropdown "Add Filter")
		const values = await this.page
			.locator('input:visible, textarea:visible')
			.evaluateAll((fields) =>
				(fields as HTMLInputElement[])
					.map((field) => field.value || field.placeholder)
					.filter(Boolean),
			);
		const screen = [text, ...values].join('\n');
		this.screens.push(screen);
		return screen;
	}

	/** Whether the editor showed `label` at some step. */
	showed(label: string): boolean {
		return this.screens.some((text) => text.includes(label));
	}

	/** The sign-in form, as a person fills it. */
	async signIn(email: string, password: string) {
		await this.page.goto(`${this.baseUrl}/signin`);
		await this.page
			.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
			.first()
			.fill(email);
		await this.page.locator('input[type="password"]').first().fill(password);
		await this.page.keyboard.press('Enter');
		await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
	}

	async newWorkflow() {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.page.waitForSelector('[data-test-id="canvas-add-button"]', { timeout: 30_000 });
		await this.remember();
	}

	/**
	 * Opens a saved workflow and waits until the canvas shows `nodeNames`. The first time by loading its page;
	 * after that (`inApp`) through the editor's own router, as a person going from one workflow to another does,
	 * which does not load and start the editor again (about 5 s a workflow on 2 cores). The router follows the
	 * address on a popstate event (vue-router's HTML5 history).
	 */
	async openWorkflow(id: string, nodeNames: string[] = [], { inApp = false } = {}) {
		if (inApp) {
			await this.page.evaluate((target) => {
				window.history.pushState(null, '', target);
				window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
			}, `/workflow/${id}`);
			await this.page.waitForURL((url) => url.pathname === `/workflow/${id}`);
		} else {
			await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		}
		await this.page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30_000 });
		for (const name of nodeNames) await this.canvasNode(name).first().waitFor({ timeout: 30_000 });
		await this.zoomToFit();
	}

	/**
	 * Opens n8n's page of a Data Table (Overview > Data tables > the table) and waits until it shows `text` (a
	 * value of one of its rows).
	 */
	async openDataTable(projectId: string, tableId: string, text: string) {
		await this.page.goto(`${this.baseUrl}/projects/${projectId}/datatables/${tableId}`);
		await this.page.getByText(text).first().waitFor({ timeout: 30_000 });
		await this.settle(600);
		await this.remember();
	}

	/** The node panel: "Add first step" on an empty canvas, else the + after the last node. */
	async openNodePanel() {
		const first = this.page.locator('[data-test-id="canvas-add-button"]');
		if (await first.isVisible()) await first.click();
		else await this.page.locator('[data-test-id="canvas-handle-plus"]').last().click();
		await this.page.waitForSelector(SEARCH);
	}

	/** Types into the node panel's search, as a person does; returns the entries found. */
	async search(text: string): Promise<Array<{ name: string; description: string }>> {
		await this.page.locator(SEARCH).fill('');
		await this.page.locator(SEARCH).pressSequentially(text, { delay: 15 });
		const creator = this.page.locator('[data-test-id="node-creator"]');
		await creator.locator('[data-test-id="node-creator-item-name"]').first().waitFor();
		await this.settle();
		await this.remember();
		return await creator.locator('[data-test-id="item-iterator-item"]').evaluateAll((items) =>
			items
				.map((item) => {
					const text = (id: string) =>
						(
							item.querySelector(`[data-test-id="${id}"]`) as HTMLElement | null
						)?.innerText.trim() ?? '';
					return {
						name: text('node-creator-item-name'),
						description: text('node-creator-item-description'),
					};
				})
				.filter((entry) => entry.name),
		);
	}

	/** Opens an entry of the node panel's list (a node: its actions and triggers). */
	async openEntry(name: string) {
		await this.page
			.locator('[data-test-id="node-creator"] [data-test-id="node-creator-item-name"]')
			.getByText(name, { exact: true })
			.first()
			.click();
		await this.page.locator('[data-test-id="node-creator-category-item"]').first().waitFor();
		await this.settle();
		await this.remember();
	}

	/** The node panel's sections of an opened entry: "Triggers (43)", "Actions (79)". */
	async sections(): Promise<string[]> {
		return (
			await this.page.locator('[data-test-id="node-creator-category-item"]').allInnerTexts()
		).map((text) => text.replace(/\s+/g, ' ').trim());
	}

	/** The item names listed in the node panel right now. */
	async listed(): Promise<string[]> {
		return (
			await this.page
				.locator('[data-test-id="node-creator"] [data-test-id="node-creator-item-name"]')
				.allInnerTexts()
		).map((text) => text.trim());
	}

	/** Picks an action or an event in the node panel: the node lands on the canvas with its panel open. */
	async pick(name: string) {
		await this.page
			.locator('[data-test-id="node-creator"] [data-test-id="node-creator-item-name"]')
			.getByText(name, { exact: true })
			.first()
			.click();
		await this.ndv.waitFor();
		await this.settle();
		await this.remember();
	}

	get ndv(): Locator {
		return this.page.locator('[data-test-id="ndv"]');
	}

	async openNode(name: string) {
		await this.canvasNode(name).dblclick();
		await this.ndv.waitFor();
		await this.settle();
		await this.remember();
	}

	async closeNdv() {
		await this.page.locator('[data-test-id="ndv-close-button"]').click();
		await this.ndv.waitFor({ state: 'hidden' });
	}

	canvasNode(name: string): Locator {
		return this.page
			.locator('[data-test-id="canvas-node"]')
			.filter({ has: this.page.getByText(name, { exact: true }) });
	}

	/** Each node on the canvas: its lines of text (item count, name, subtitle, "(Deactivated)"). */
	async canvasNodes(): Promise<string[][]> {
		return (await this.page.locator('[data-test-id="canvas-node"]').allInnerTexts()).map((text) =>
			text
				.split('\n')
				.map((line) => line.trim())
				.filter(Boolean),
		);
	}

	/** A parameter's switch (Return All, ...) in the open node panel. */
	async toggle(parameter: string) {
		await this.ndv
			.locator(`[data-test-id="parameter-input-${parameter}"] .el-switch`)
			.first()
			.click();
	}

	/** Picks `option` in an options parameter's dropdown (its visible list is remembered). */
	async choose(parameter: string, option: string) {
		// the options of this dropdown (a collection's "Add ..." list may still be fading out)
		await this.pickFromDropdown(
			this.ndv.locator(`[data-test-id="parameter-input-${parameter}"]`),
			'li.el-select-dropdown__item:visible:not([data-test-id="collection-parameter-option"])',
			option,
		);
	}

	/** Adds an option of a collection (Filters: "Add Filter" > `option`). */
	async addToCollection(button: string, option: string) {
		// n8n's "Add Filter" is a dropdown whose placeholder is the label
		await this.pickFromDropdown(
			this.ndv.locator(`input[placeholder="${button}"]`),
			'[data-test-id="collection-parameter-option"]:visible',
			option,
		);
	}

	/** Opens a dropdown, remembers its list and clicks the entry with `option` in its text. */
	private async pickFromDropdown(opener: Locator, entries: string, option: string) {
		await opener.first().click();
		const item = this.page.locator(entries).filter({ hasText: option }).first();
		await item.waitFor();
		await this.remember();
		await item.click();
		await item.waitFor({ state: 'hidden' });
	}

	/** Runs the workflow with the canvas's "Execute workflow" button and waits until it has finished. */
	async executeWorkflow() {
		// a toast of the workflow opened before must not pass for this run's
		await this.clearToasts();
		await this.page.locator('[data-test-id="execute-workflow-button"]').click();
		await this.page
			.getByText(/Workflow executed successfully|Workflow execution had a problem|Problem in node/)
			.first()
			.waitFor({ timeout: 60_000 });
		await this.settle();
		await this.remember();
	}

	/**
	 * Runs the workflow from one of its triggers: the arrow beside "Execute workflow" ("Select trigger node") lists
	 * them; n8n 2.41 starts a workflow of several triggers from one it picks itself (a community trigger before a
	 * Schedule Trigger), so a person picks the one the note names.
	 */
	async executeWorkflowFrom(trigger: string) {
		await this.page.locator('button[aria-label="Select trigger node"]').click();
		const item = this.page.getByRole('menuitem', { name: trigger });
		await item.first().waitFor();
		await this.remember();
		await item.first().click();
		await this.page
			.locator('[data-test-id="execute-workflow-button"]')
			.getByText(trigger)
			.waitFor();
		await this.executeWorkflow();
	}

	/** The column headers of the output table in the open node panel. */
	async outputColumns(): Promise<string[]> {
		const output = this.page.locator('[data-test-id="output-panel"]');
		await output.locator('[data-test-id="radio-button-table"]').click();
		await output.locator('th').first().waitFor();
		// n8n's table ends with a header cell of its own, without a name
		return (await output.locator('th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	}

	/**
	 * Inputs of the open node panel whose text is cut off: the shown value (or placeholder) is wider than the box.
	 * n8n's resource locator mode box is 92 px wide whatever the screen.
	 */
	async clippedInputs(): Promise<string[]> {
		return await this.ndv
			.locator('input:visible')
			.evaluateAll((inputs) =>
				(inputs as HTMLInputElement[])
					.filter((input) => input.value && input.scrollWidth > input.clientWidth)
					.map((input) => input.value),
			);
	}

	/** Which of `labels` would be cut off in the open node panel's first resource-locator mode box. */
	async clippedModeLabels(labels: string[]): Promise<string[]> {
		const box = this.ndv.locator('[class*="_modeSelector_"] input').first();
		return await box.evaluate((input, all) => {
			const element = input as HTMLInputElement;
			const shown = element.value;
			const clipped = all.filter((label) => {
				element.value = label;
				return element.scrollWidth > element.clientWidth;
			});
			element.value = shown;
			return clipped;
		}, labels);
	}

	/** The node's context menu (right-click): its entries, then closed again. */
	async contextMenu(node: string): Promise<string> {
		await this.canvasNode(node).click({ button: 'right' });
		const menu = this.page.locator('[role="menu"]').last();
		await menu.waitFor();
		const entries = await menu.innerText();
		await this.remember();
		await this.closeMenus();
		return entries;
	}

	/** Closes menus and popovers: Escape, then a click on the empty corner of the canvas. */
	async closeMenus() {
		await this.page.keyboard.press('Escape');
		await this.page.mouse.click(60, 80);
		await this.page.locator('[role="menu"]').waitFor({ state: 'hidden' });
		await this.settle(200);
	}

	async zoomToFit() {
		await this.page.locator('[data-test-id="zoom-to-fit"]').click();
		await this.settle();
	}

	/** Lets animations and requests settle (the editor animates panels and fits the canvas). */
	async settle(ms = 400) {
		await this.page.waitForTimeout(ms);
	}

	/** Removes the toasts on the page (n8n re-creates them). */
	async clearToasts() {
		await this.page.evaluate(() =>
			document
				.querySelectorAll('.el-notification, .el-message')
				.forEach((element: { remove(): void }) => element.remove()),
		);
	}

	/** A screenshot for the docs (docs/img/<file>), without toasts floating over it. */
	async screenshot(file: string, locator?: Locator): Promise<string> {
		// tooltips are only hidden by moving the pointer away: their elements are the poppers n8n reuses for
		// dropdowns
		await this.clearToasts();
		await this.page.mouse.move(1, 1);
		await this.settle(200);
		const target = path.join(IMG_DIR, file);
		if (locator) await locator.screenshot({ path: target, type: 'png' });
		else await this.page.screenshot({ path: target, type: 'png' });
		return target;
	}
}
