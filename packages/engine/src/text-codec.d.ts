// The engine targets plain ECMAScript plus the WHATWG text codecs, which every JS runtime has
// (Node, browsers, Deno, Bun). Declared here so the engine needs neither DOM nor Node types.
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
