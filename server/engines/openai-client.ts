/**
 * The few calls of an OpenAI-compatible service the adapters need (whisper servers, vLLM,
 * LocalAI, llama.cpp's server, OpenAI itself): base URL, optional bearer key, one model name.
 */
export interface OpenAiServiceConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per request; a generous default because transcription of a long chunk takes a while. */
  timeoutMs?: number;
}

export class OpenAiServiceError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    body: string,
  ) {
    super(`${url} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'OpenAiServiceError';
  }
}

export async function callOpenAiService(
  config: OpenAiServiceConfig,
  path: string,
  body: FormData | object,
  signal?: AbortSignal,
): Promise<Response> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = {};
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(config.timeoutMs ?? 10 * 60 * 1000);
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: body instanceof FormData ? body : JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new OpenAiServiceError(response.status, url, await response.text().catch(() => ''));
  return response;
}
