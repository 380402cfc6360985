import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import * as container from './container/Container.resource';

export type OperationExecute = (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject[]>;

export interface ResourceModule {
	description: INodeProperties[];
	operations: Record<string, OperationExecute>;
}

/** Every resource of the node, by its `resource` parameter value. */
export const resources: Record<string, ResourceModule> = {
	container,
};

export const resourceOptions = [{ name: 'Container', value: 'container' }];
