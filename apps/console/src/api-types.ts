// The API's shapes as the gateway's OpenAPI document declares them (the SDK's generated types):
// a page never describes an answer by hand, so a renamed field fails the console's typecheck.
import type { components } from '@voicecalls/sdk/api-types';

export type Schemas = components['schemas'];
