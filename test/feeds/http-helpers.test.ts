// FEATURE UNDER TEST: the HTTP helpers shared by the builder's downloads and the server's feed
// pollers (@transit/feeds): conditional request headers from stored validators, network error
// text from real failed requests, and key redaction in URLs and in any text.
import { describe, it, expect } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { conditionalHeaders, describeNetworkError, redactText, redactUrl, validatorsOf } from '@transit/feeds';
import { closedPort } from '../support/fetch-server.js';

describe('conditionalHeaders / validatorsOf', () => {
  it('asks with every validator stored, and nothing without one', () => {
    expect(conditionalHeaders({ etag: '"a1"', lastModified: 'Wed, 21 Oct 2015 07:28:00 GMT' })).toEqual({ 'if-none-match': '"a1"', 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' });
    expect(conditionalHeaders({ etag: null, lastModified: 'Wed, 21 Oct 2015 07:28:00 GMT' })).toEqual({ 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' });
    expect(conditionalHeaders({ etag: 'W/"weak"' })).toEqual({ 'if-none-match': 'W/"weak"' });
    expect(conditionalHeaders(null)).toEqual({});
    expect(conditionalHeaders(undefined)).toEqual({});
  });

  it('round-trips through a real server: a conditional GET gets 304', async () => {
    const server = http.createServer((req, res) => {
      const headers = { etag: '"v1"', 'last-modified': 'Wed, 21 Oct 2015 07:28:00 GMT' };
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, headers).end();
      res.writeHead(200, headers).end('body');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const first = await fetch(url);
      await first.text();
      const v = validatorsOf(first.headers);
      expect(v).toEqual({ etag: '"v1"', lastModified: 'Wed, 21 Oct 2015 07:28:00 GMT' });
      const second = await fetch(url, { headers: conditionalHeaders(v) });
      expect(second.status).toBe(304);
      expect(validatorsOf(new Headers())).toEqual({ etag: null, lastModified: null });
    } finally {
      server.close();
    }
  });
});

describe('describeNetworkError', () => {
  it('words a refused connection from a real fetch', async () => {
    const err = await fetch(`http://127.0.0.1:${await closedPort()}/`).catch((e: unknown) => e);
    expect(describeNetworkError(err)).toEqual({ message: 'connection refused', retryable: false, network: true });
  });

  it('words a connection dropped mid-body', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('x'.repeat(10), () => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const err = await res.text().catch((e: unknown) => e);
      expect(describeNetworkError(err)).toMatchObject({ message: 'connection closed by the server', retryable: true, network: true });
    } finally {
      server.close();
    }
  });

  it('keeps other errors short and never throws', () => {
    expect(describeNetworkError(new Error('HTTP 503'))).toEqual({ message: 'HTTP 503', retryable: true, network: false });
    expect(describeNetworkError('x'.repeat(400)).message).toHaveLength(300);
    expect(describeNetworkError(undefined).message).toBe('undefined');
  });
});

describe('redaction', () => {
  it('redacts key-like parameters and passwords in URLs', () => {
    expect(redactUrl('https://data.example/api/v1/datafeed/?boundingBox=1,2,3,4&api_key=SECRET')).toBe('https://data.example/api/v1/datafeed/?boundingBox=1%2C2%2C3%2C4&api_key=***');
    expect(redactUrl('https://u:pw@x.example/status?app_key=abc')).toBe('https://u:***@x.example/status?app_key=***');
    expect(redactUrl('not a url')).toBe('(unparseable URL)');
  });

  it('redacts key-like parameters and a given secret in any text', () => {
    expect(redactText('GET https://x/?a=1&api_key=abc&b=2 abc', 'abc')).toBe('GET https://x/?a=1&api_key=***&b=2 ***');
    expect(redactText('failed (https://tfl/Line/Mode/tube/Status?app_key=k9&x=1)')).toBe('failed (https://tfl/Line/Mode/tube/Status?app_key=***&x=1)');
    expect(redactText('https://x/?token=t1 and ?monkey=banana')).toBe('https://x/?token=t1'.replace('t1', '***') + ' and ?monkey=***');
    expect(redactText('no secrets here')).toBe('no secrets here');
  });
});
