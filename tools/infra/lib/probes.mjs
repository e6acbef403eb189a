// Wire-level health probes (no client libraries): Kafka Metadata, MongoDB OP_MSG ping, Redis PING.
import { tcpExchange } from './util.mjs';

const sized = (buf) => buf.length >= 4 && buf.length >= 4 + buf.readInt32BE(0);

/** One Kafka request: size, header v1 (api key, version, correlation id, client id), body. */
function kafkaRequest(apiKey, version, correlationId, body) {
  const clientId = Buffer.from('abide-infra');
  const header = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length);
  let o = header.writeInt16BE(apiKey, 0);
  o = header.writeInt16BE(version, o);
  o = header.writeInt32BE(correlationId, o);
  o = header.writeInt16BE(clientId.length, o);
  clientId.copy(header, o);
  const size = Buffer.alloc(4);
  size.writeInt32BE(header.length + body.length);
  return Buffer.concat([size, header, body]);
}

/** SaslHandshake v1 for PLAIN, then SaslAuthenticate v0 with `\0user\0password` (what a broker's SASL listener wants first). */
function saslPlainRequests({ username, password }) {
  const mechanism = Buffer.from('PLAIN');
  const handshake = Buffer.alloc(2 + mechanism.length);
  mechanism.copy(handshake, handshake.writeInt16BE(mechanism.length, 0));
  const token = Buffer.from(`\0${username}\0${password}`);
  const authenticate = Buffer.alloc(4 + token.length);
  token.copy(authenticate, authenticate.writeInt32BE(token.length, 0));
  return [kafkaRequest(17, 1, 5, handshake), kafkaRequest(36, 0, 6, authenticate)];
}

/**
 * Kafka Metadata v1 (no topics). Resolves { brokers: [{ nodeId, host, port }], controllerId } or null.
 * Ready for clients means: our broker is registered and a controller is known. With `sasl` ({ username, password }),
 * it signs in with PLAIN first (a SASL listener answers nothing else before), and a refused sign-in is null too.
 */
export async function kafkaMetadata(port, timeoutMs = 2000, sasl) {
  const metadata = kafkaRequest(3, 1, 7, Buffer.alloc(4)); // topics: empty array
  const requests = [...(sasl ? saslPlainRequests(sasl) : []), metadata];
  const responses = await tcpExchange(port, requests, sized, timeoutMs);
  if (!responses) return null;
  // Each SASL response starts with its error code, right after size and correlation id.
  if (responses.slice(0, -1).some((r) => r.length < 10 || r.readInt16BE(8) !== 0)) return null;
  const res = responses.at(-1);
  try {
    let p = 4;
    if (res.readInt32BE(p) !== 7) return null;
    p += 4;
    const n = res.readInt32BE(p);
    p += 4;
    const brokers = [];
    for (let i = 0; i < n; i++) {
      const nodeId = res.readInt32BE(p);
      p += 4;
      const hl = res.readInt16BE(p);
      p += 2;
      const host = res.toString('utf8', p, p + hl);
      p += hl;
      const bport = res.readInt32BE(p);
      p += 4;
      const rl = res.readInt16BE(p);
      p += 2 + Math.max(rl, 0);
      brokers.push({ nodeId, host, port: bport });
    }
    const controllerId = res.readInt32BE(p);
    return { brokers, controllerId };
  } catch {
    return null;
  }
}

function bsonPing() {
  const parts = [];
  const cstr = (s) => Buffer.from(`${s}\0`);
  const i32 = (v) => {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    return b;
  };
  parts.push(Buffer.from([0x10]), cstr('ping'), i32(1));
  const db = Buffer.from('admin\0');
  parts.push(Buffer.from([0x02]), cstr('$db'), i32(db.length), db);
  parts.push(Buffer.from([0]));
  const inner = Buffer.concat(parts);
  return Buffer.concat([i32(inner.length + 4), inner]);
}

/** MongoDB OP_MSG {ping:1} against admin; true when the reply has ok == 1. */
export async function mongoPing(port, timeoutMs = 2000) {
  const doc = bsonPing();
  const header = Buffer.alloc(16);
  const flags = Buffer.alloc(4);
  const msgLen = 16 + 4 + 1 + doc.length;
  header.writeInt32LE(msgLen, 0);
  header.writeInt32LE(42, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  const req = Buffer.concat([header, flags, Buffer.from([0]), doc]);
  const complete = (b) => b.length >= 4 && b.length >= b.readInt32LE(0);
  const res = await tcpExchange(port, req, complete, timeoutMs);
  if (!res || !complete(res) || res.readInt32LE(12) !== 2013) return false;
  try {
    let p = 16 + 4 + 1; // header, flagBits, section kind 0
    const end = p + res.readInt32LE(p) - 1;
    p += 4;
    while (p < end) {
      const type = res[p++];
      const nameEnd = res.indexOf(0, p);
      const name = res.toString('utf8', p, nameEnd);
      p = nameEnd + 1;
      if (name === 'ok') {
        if (type === 0x01) return res.readDoubleLE(p) === 1;
        if (type === 0x10) return res.readInt32LE(p) === 1;
        if (type === 0x08) return res[p] === 1;
        return false;
      }
      const fixed = { 0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16 };
      if (type in fixed) p += fixed[type];
      else if (type === 0x02) p += 4 + res.readInt32LE(p);
      else if (type === 0x03 || type === 0x04) p += res.readInt32LE(p);
      else return false;
    }
  } catch {
    return false;
  }
  return false;
}

/** Redis PING: true on +PONG, 'auth' when the server wants a password, false otherwise. */
export async function redisPing(port, timeoutMs = 1500) {
  const res = await tcpExchange(port, Buffer.from('PING\r\n'), (b) => b.includes('\r\n'), timeoutMs);
  if (!res) return false;
  const s = res.toString();
  if (s.startsWith('+PONG')) return true;
  if (/NOAUTH/.test(s)) return 'auth';
  return false;
}
