/**
 * Named aliases of generated schema types. Never hand-write an API type: alias it here.
 */
import type { components } from './schema.gen';

export type Schemas = components['schemas'];

export type ClientConfig = Schemas['ClientConfig'];
