import { FeedParseError } from './errors.js';

const decoder = new TextDecoder('utf-8');

/**
 * The text of a SIRI document, trimmed, after the checks both SIRI parsers need: not empty, XML,
 * and complete (a cut-off download parses "successfully" into a partial tree, so the closing
 * root tag is required). Throws FeedParseError naming `feed`.
 */
export function readSiriXml(bytes: Uint8Array | string, feed: string): string {
  const xml = (typeof bytes === 'string' ? bytes : decoder.decode(bytes)).trim();
  if (xml.length === 0) throw new FeedParseError(feed, 'empty document');
  if (xml.charCodeAt(0) !== 60) throw new FeedParseError(feed, 'not an XML document');
  // Tested on the text from the last '<' (where any match starts): the whole text would cost a scan of a national document.
  if (!/<\/(?:[\w-]+:)?Siri>$/.test(xml.slice(xml.lastIndexOf('<')))) throw new FeedParseError(feed, 'truncated document (no closing </Siri>)');
  return xml;
}
