import type { paths } from './generated/api-types';

/**
 * The CLI's view of the OpenAPI document's types (cli/generated/api-types.ts, made by
 * `npm run cli:types` from the app's own route schemas; docs/cli.md). A call names the route
 * as the document does (`/api/v1/project_versions/{projectVersionId}/…`), and its parameters,
 * body and answer are the route's: a schema change on the server breaks the CLI's typecheck.
 */
export type ApiPath = keyof paths;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The documented routes that answer `method`. */
export type PathsWith<M extends HttpMethod> = {
  [P in ApiPath]: paths[P] extends { [K in M]: unknown } ? P : never;
}[ApiPath];

export type Operation<P extends ApiPath, M extends HttpMethod> = paths[P] extends { [K in M]: infer O } ? O : never;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type ParametersOf<O> = O extends { parameters: infer Parameters } ? Parameters : object;

/** `{name}` segments of the path. */
export type PathParamsOf<O> = ParametersOf<O> extends { path: infer Params } ? Params : never;
export type QueryOf<O> = ParametersOf<O> extends { query?: infer Query } ? Query : never;
export type BodyOf<O> = O extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;
/** The JSON of the success answer (200, 201 or 202). */
export type ResponseOf<O> = O extends { responses: infer Responses }
  ? JsonOf<Responses[Extract<keyof Responses, 200 | 201 | 202>]>
  : never;

/** What a call sends besides method and path: path parameters exactly when the route has some. */
export type CallOptions<O> = ([PathParamsOf<O>] extends [never] ? { params?: never } : { params: PathParamsOf<O> }) & {
  query?: QueryOf<O>;
  body?: BodyOf<O>;
};

/** `/a/{id}` with `{ id: 'x y' }` -> `/a/x%20y`. */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(value);
  });
}
