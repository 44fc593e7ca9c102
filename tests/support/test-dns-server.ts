import { createSocket, type Socket } from 'node:dgram';

/**
 * A DNS server on 127.0.0.1 for tests that look up TXT records (single sign-on's domain
 * verification), speaking the real protocol over UDP so the app's own resolver (DNS_SERVERS) asks
 * it as it would ask any server: names set with `txt(name, records)` answer those records, known
 * names asked another type answer no data, any other name does not exist (NXDOMAIN).
 */
export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  txt(name: string, records: string[]): void;
  close(): Promise<void>;
}

const TXT = 16;

function readName(message: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at] !== 0) {
    labels.push(message.toString('latin1', at + 1, at + 1 + message[at]));
    at += 1 + message[at];
  }
  return { name: labels.join('.').toLowerCase(), next: at + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer {
  const { name, next } = readName(query, 12);
  const type = query.readUInt16BE(next);
  const question = query.subarray(12, next + 4);
  const known = records.get(name);
  const answers = known && type === TXT ? known : [];
  const rdatas = answers.map((record) => {
    const bytes = Buffer.from(record, 'utf8');
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length || start === 0; start += 255) {
      const part = bytes.subarray(start, start + 255);
      chunks.push(Buffer.from([part.length]), part);
      if (bytes.length === 0) break;
    }
    return Buffer.concat(chunks);
  });
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, the query's RD, RA; NXDOMAIN for names never set.
  header.writeUInt16BE(0x8180 | (query.readUInt16BE(2) & 0x0100) | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(rdatas.length, 6);
  const answerRecords = rdatas.map((rdata) => {
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...answerRecords]);
}

export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      socket.send(answer(query, records), peer.port, peer.address);
    } catch {
      // A malformed query gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt: (name, values) => void records.set(name.toLowerCase(), values),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
