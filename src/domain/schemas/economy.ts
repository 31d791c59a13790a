/**
 * The token economy's API contract: request and response schemas shared by the server
 * (validation, serialisation, OpenAPI) and the web (forms, types). Messages are the spec's. One file
 * per seam; this index is the one import path for all of them.
 */
export { paged, statusBodySchema, idParamsSchema } from './fields';
export * from './benefits';
export * from './redemptions';
export * from './requests';
export * from './tokens';
export * from './codes';
