import { Resolver } from 'node:dns/promises';
import {
  SSO_SERVER_MESSAGES as MESSAGES,
  VERIFICATION_RECORD_PREFIX,
  type DomainVerificationResponse,
} from '../common/sso-contract';
import type { SsoConnection, SsoRepository } from './sso-repository';

/** A DNS answer takes longer than this only when something is wrong. */
const LOOKUP_TIMEOUT_MS = 5000;

/** The TXT record that proves a domain belongs to the account holding `token`. */
export const verificationRecord = (token: string) => `${VERIFICATION_RECORD_PREFIX}${token}`;

/**
 * Proof that an account controls an e-mail domain before its sign-ins go to the account's
 * identity provider: a TXT record on the domain itself holding `polycue-verification=<token>`, the
 * account's own value, as Google, Slack and Atlassian ask. Without it any account could claim
 * someone else's domain and send that company's people to a log-in page it controls.
 *
 * `servers`: DNS servers to ask (`host` or `host:port`, the DNS_SERVERS setting); empty: the system's.
 */
export class DomainVerifier {
  constructor(
    private readonly connections: SsoRepository,
    private readonly servers: string[],
  ) {}

  /** The TXT records of a domain, each joined (a record may come in several strings); [] when it has none. */
  async txtRecords(domain: string): Promise<string[]> {
    const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
    if (this.servers.length > 0) resolver.setServers(this.servers);
    try {
      return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code;
      // The name exists without TXT records, or does not exist: no record, not a failure to look.
      if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
      throw error;
    }
  }

  /** Looks up every unverified domain of the connection and marks those whose TXT records hold its account's value. */
  async verifyAll({
    accountId,
    domains,
    verifiedDomains,
    verificationToken,
  }: SsoConnection): Promise<DomainVerificationResponse['data']['domains']> {
    const expected = verificationRecord(verificationToken);
    return Promise.all(
      domains.map(async (domain) => {
        if (verifiedDomains.includes(domain)) return { domain, verified: true, message: MESSAGES.domainVerified };
        let records: string[];
        try {
          records = await this.txtRecords(domain);
        } catch {
          return { domain, verified: false, message: MESSAGES.domainLookupFailed };
        }
        if (!records.some((record) => record.trim() === expected))
          return { domain, verified: false, message: MESSAGES.domainRecordMissing };
        const ours = await this.connections.markVerified(accountId, domain);
        return ours
          ? { domain, verified: true, message: MESSAGES.domainVerified }
          : { domain, verified: false, message: MESSAGES.domainVerifiedElsewhere };
      }),
    );
  }
}
