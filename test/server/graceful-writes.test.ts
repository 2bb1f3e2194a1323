// FEATURE UNDER TEST: a graceful stop does not cut an answer still being written. A body the
// socket does not take at once (a large one, to a client not reading) is written on as the
// socket drains, so the server knows it is unsent: RunningServer.writesDone gives up after its
// limit with the count of such answers, or resolves with 0 once the client has taken them, and
// dropConnections after it leaves the kernel the rest to deliver (the client gets every byte of
// Content-Length). uWebSockets.js's `end` kept the rest in a buffer nothing could see, which
// closing the connection discarded. After close, an answer on an open keep-alive connection says
// `Connection: close`.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Type } from '@sinclair/typebox';
import { defineEndpoint, ENDPOINTS } from '@transit/server';
import { startTestServer, TEST_KEY } from '../support/server.js';

/** The kernel holds at most the sender's largest socket buffer plus the receive window of a client that never read: the body is four times that, so most of it stays with the server. */
const tcp = (name: string) => readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/).map(Number);
const BODY_CHARS = Math.max(16 << 20, 4 * (tcp('tcp_wmem')[2] + tcp('tcp_rmem')[1]));

/** A raw HTTP/1.1 connection (keep-alive) that reads only while not paused. */
function connect(url: string): Promise<{ socket: net.Socket; received: () => Buffer; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => Buffer.concat(chunks), closed }));
  });
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\nX-Api-Key: ${TEST_KEY}\r\n\r\n`;

/** Resolves with the response's head and body once `length` body bytes have come after its head. */
function whenResponded(conn: { socket: net.Socket; received: () => Buffer }, from: number): Promise<{ head: string; body: Buffer }> {
  return new Promise((resolve) => {
    const check = () => {
      const bytes = conn.received().subarray(from);
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = bytes.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (bytes.length - end - 4 < length) return;
      conn.socket.off('data', check);
      resolve({ head, body: bytes.subarray(end + 4, end + 4 + length) });
    };
    conn.socket.on('data', check);
    check();
  });
}

describe('graceful stop of a server writing a large answer', () => {
  it('waits for the answer being written, and the client gets all of it', async () => {
    let handled!: () => void;
    const answered = new Promise<void>((resolve) => (handled = resolve));
    const big = defineEndpoint({
      path: '/v1/big.json',
      operationId: 'big',
      tag: 'Test',
      summary: 'A large answer',
      description: 'A test endpoint whose answer is larger than the socket buffers.',
      auth: true,
      query: Type.Object({}),
      response: Type.Object({ text: Type.String() }),
      errors: [],
      handle() {
        handled();
        return { text: 'x'.repeat(BODY_CHARS) };
      },
    });
    const api = await startTestServer({ endpoints: [...ENDPOINTS, big] });
    const other = await connect(api.url);
    try {
      // Another keep-alive connection, answered once before the stop.
      other.socket.write(request('/health'));
      expect((await whenResponded(other, 0)).head).toMatch(/^HTTP\/1\.1 200 OK/);
      const client = await connect(api.url);
      client.socket.pause();
      client.socket.write(request('/v1/big.json'));
      await answered;
      await api.server.close();
      // The client reads nothing: the answer is still being written when the limit passes.
      expect(await api.server.writesDone(50)).toBe(1);
      // The other connection's next answer, after close, asks the client to close it.
      const from = other.received().length;
      other.socket.write(request('/health'));
      const after = await whenResponded(other, from);
      expect(after.head.match(/\r\nConnection: close/gi)).toHaveLength(1);

      const written = api.server.writesDone(120_000);
      client.socket.resume();
      expect(await written).toBe(0);
      api.server.dropConnections();
      await Promise.all([client.closed, other.closed]);
      const { head, body } = await whenResponded(client, 0);
      expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(body.length).toBe(BODY_CHARS + '{"text":""}'.length);
      expect(client.received().length).toBe(head.length + 4 + body.length);
    } finally {
      other.socket.destroy();
      await api.close();
    }
  }, 120_000);
});
