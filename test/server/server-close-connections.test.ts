// FEATURE UNDER TEST: RunningServer.close and dropConnections, what a failed worker's drain relies
// on (cluster/worker-main.ts): after close, no new connection is accepted and every answer on a
// connection already open says `Connection: close` (a GET, and a HEAD of an asset), so keep-alive
// clients close it and reconnect to a live worker; dropConnections then closes the connections
// still open at once (here all three: a raw socket does not act on the header). Raw sockets, so that the connection itself is seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.server.dropConnections());

/** A keep-alive connection: each exchange sends one request and resolves with its whole answer; `ended` settles when the server closes it. */
function connect(): Promise<{ exchange(request: string): Promise<string>; ended: Promise<void>; socket: net.Socket }> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    let waiting: (() => void) | null = null;
    const ended = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('data', (d) => {
      text += d.toString('latin1');
      waiting?.();
    });
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.off('error', reject);
      resolve({
        socket,
        ended,
        exchange: (request) =>
          new Promise((done) => {
            text = '';
            const head = request.startsWith('HEAD');
            // Whole once the headers are in and, but for HEAD, Content-Length bytes after them.
            waiting = () => {
              const end = text.indexOf('\r\n\r\n');
              const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
              if (end >= 0 && (head || text.length >= end + 4 + length)) (waiting = null), done(text);
            };
            socket.write(request);
          }),
      });
    });
    socket.once('error', reject);
  });
}

const GET = 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n';
const HEAD = 'HEAD / HTTP/1.1\r\nHost: x\r\n\r\n';

describe('RunningServer.close and dropConnections', () => {
  it('after close, answers on open connections close them; dropConnections closes the rest', async () => {
    const get = await connect();
    const head = await connect();
    const idle = await connect();
    // Before close: keep-alive.
    expect(await get.exchange(GET)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(await get.exchange(GET)).not.toMatch(/connection: close/i);
    expect(await head.exchange(HEAD)).not.toMatch(/connection: close/i);

    await api.server.close();
    await expect(connect()).rejects.toThrow(/ECONNREFUSED/);
    // After close: answered, saying Connection: close (the client closes: an answer with a body
    // goes out with tryEnd, which cannot close the connection itself; see BodyWrites).
    const last = await get.exchange(GET);
    expect(last).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(last).toMatch(/\r\nconnection: close\r\n/i);
    const lastHead = await head.exchange(HEAD);
    expect(lastHead).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(lastHead).toMatch(/\r\nconnection: close\r\n/i);

    // The connections still open are closed at once.
    api.server.dropConnections();
    await Promise.all([idle.ended, head.ended, get.ended]);
  });
});
