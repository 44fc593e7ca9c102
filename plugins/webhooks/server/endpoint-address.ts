import {
  AddressAllowance,
  httpError,
  LinkFetchError,
  resolvePublic,
  UnsafeLinkError,
  type AppConfig,
} from '../../../server/plugin-api';

export type CheckedTarget = Awaited<ReturnType<typeof resolvePublic>>;

/**
 * The link import's address guard for webhook URLs (server/net): http(s) only, no credentials in
 * the URL, no "bad" port, and every address the name resolves to public (or inside the test-only
 * LINK_IMPORT_ALLOW_CIDRS, the same exception link imports, feeds and single sign-on use). Asked
 * when an endpoint is saved AND before every attempt: a name that was public at save time may
 * point at 127.0.0.1 or 169.254.169.254 today (DNS rebinding); the attempt then connects to the
 * addresses this check saw and nowhere else (pinnedFetch).
 */
export function allowanceOf(config: AppConfig): AddressAllowance | undefined {
  return config.linkImportAllowCidrs.length > 0 ? new AddressAllowance(config.linkImportAllowCidrs) : undefined;
}

export async function checkedTarget(url: string, config: AppConfig): Promise<CheckedTarget> {
  return resolvePublic(url, { allow: allowanceOf(config) });
}

/** For a route: the same check, its refusal a 422 on `url` that says why. */
export async function assertPublicUrl(url: string, config: AppConfig): Promise<void> {
  try {
    await checkedTarget(url, config);
  } catch (error) {
    if (error instanceof UnsafeLinkError || error instanceof LinkFetchError)
      throw httpError(422, 'unsafe_url', `This URL cannot receive webhooks: ${error.message}`, 'url');
    throw error;
  }
}
