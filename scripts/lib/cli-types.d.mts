/** See cli-types.mjs: the CLI's types from the OpenAPI document. */
export const CLI_TYPES_FILE: string;
/** TypeScript source of the document's types (`export interface paths` …), as written to CLI_TYPES_FILE. */
export function cliTypesSource(document: Record<string, unknown>): Promise<string>;
export function ensureCliTypes(options?: {
  root?: string;
  ifMissing?: boolean;
  quiet?: boolean;
}): Promise<{ code: number }>;
