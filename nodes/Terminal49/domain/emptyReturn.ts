import type { IDataObject } from 'n8n-workflow';

import { isObject, text } from './values';
import { isPlaceholderDate } from './placeholders';

/**
 * Terminal49's own empty-return (detention) deadline, where it sends one. Today it sends none: no detention,
 * per diem or return deadline field in the API (API-DRIFT.md section 7; `pickup_lfd_line` is no empty-return
 * date). Its calculated LFD knows `charge_type` demurrage vs detention internally; the names below are where
 * such a deadline would land, by the names of its import deadlines. Where one arrives, it is used before any
 * date computed from the user's tariff, as the LFD Terminal49 selects is (deadlines.ts).
 */
const OWN_RETURN_FIELDS = ['empty_return_lfd', 'detention_lfd', 'return_lfd'] as const;

/** Terminal49's own return deadline of a container (flat, or in `import_deadlines`), as sent; else null. */
export function terminal49ReturnDeadline(container: IDataObject): string | null {
	const deadlines = isObject(container.import_deadlines) ? container.import_deadlines : {};
	for (const field of OWN_RETURN_FIELDS) {
		const value = text(container[field]) ?? text(deadlines[field]);
		if (value !== null && !isPlaceholderDate(value) && !Number.isNaN(Date.parse(value)))
			return value;
	}
	return null;
}
