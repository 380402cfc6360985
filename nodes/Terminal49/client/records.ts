import type { IDataObject } from 'n8n-workflow';

/**
 * What a read of the client gives back: the records as flat items (`id`, `type`, the attributes at the top,
 * related records nested, the derived fields added: client/jsonApi.ts), which the filters, the orders and
 * every view read; and the same records as Terminal49 sent them, made only when asked (Output Raw, Simplify
 * off): the document of a single request, or each record of a list with the included resources it refers to.
 *
 * The client knows nothing of outputs: an operation hands its Records to the router, which picks what the
 * node returns (views/).
 */
export class Records {
	constructor(
		readonly items: IDataObject[],
		private readonly asSent: () => IDataObject[],
	) {}

	/** Records the node made itself (no document of the service stands behind them): sent as they are. */
	static made(items: IDataObject[]): Records {
		return new Records(items, () => items);
	}

	/** The records of a list, each with its form as sent (Listed). */
	static listed(records: Listed[]): Records {
		return new Records(
			records.map(({ item }) => item),
			() => records.map(({ sent }) => sent),
		);
	}

	/** The records as Terminal49 sent them. */
	sent(): IDataObject[] {
		return this.asSent();
	}

	/** The same change to the items and to what was sent (a mark the node adds, e.g. `duplicate`). */
	map(change: (item: IDataObject) => IDataObject): Records {
		return new Records(this.items.map(change), () => this.sent().map(change));
	}
}

/**
 * One record of a list: its flat item (what the list's filters and order judge) and the record as sent,
 * `{data, included}` with the included resources it refers to.
 */
export interface Listed {
	item: IDataObject;
	sent: IDataObject;
}
