import { BlockList } from 'node:net';
import { parseHostLiteral } from './public-address';

/**
 * An explicit exception to "public internet only", for tests that serve media on loopback. It
 * comes from configuration (LINK_IMPORT_ALLOW_CIDRS, empty by default) and never widens itself:
 * an address is reachable when it is public OR inside one of the listed ranges.
 */
export class AddressAllowance {
  private readonly ranges = new BlockList();

  constructor(readonly cidrs: readonly string[]) {
    for (const cidr of cidrs) {
      const match = /^(.+)\/(\d{1,3})$/.exec(cidr.trim());
      const network = match && parseHostLiteral(match[1]);
      const prefix = match ? Number(match[2]) : NaN;
      if (!network || prefix > (network.family === 4 ? 32 : 128)) {
        throw new RangeError(`"${cidr}" is not a CIDR range such as 127.0.0.2/32 or ::1/128`);
      }
      this.ranges.addSubnet(network.address, prefix, network.family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  permits(ip: string): boolean {
    const parsed = parseHostLiteral(ip);
    return parsed !== null && this.ranges.check(parsed.address, parsed.family === 4 ? 'ipv4' : 'ipv6');
  }

  /** Reads LINK_IMPORT_ALLOW_CIDRS ("127.0.0.2/32, ::1/128"); unset or empty means no exception. */
  static fromEnv(env: Record<string, string | undefined> = process.env): AddressAllowance | undefined {
    const raw = env.LINK_IMPORT_ALLOW_CIDRS?.trim();
    if (!raw) return undefined;
    try {
      return new AddressAllowance(
        raw
          .split(',')
          .map((cidr) => cidr.trim())
          .filter(Boolean),
      );
    } catch (error) {
      throw new RangeError(`Invalid LINK_IMPORT_ALLOW_CIDRS: ${(error as Error).message}`);
    }
  }
}
