import { createInterface } from 'node:readline';
import type { FeedSource } from './feed-source.js';
import { BuildError } from '../issues.js';
import type { Progress } from '../progress.js';

/**
 * Streams a text file line by line (fixed-width formats such as CIF) without holding it in
 * memory: readline over the source's byte stream. `onLine` receives each line without its end
 * (CR stripped too) and its 1-based number. Returns the number of lines.
 */
export async function readLines(source: FeedSource, file: string, onLine: (text: string, line: number) => void, progress?: Progress): Promise<number> {
  const stream = await source.open(file);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  progress?.start(`${source.name}:${file}`);
  try {
    for await (const text of lines) {
      line++;
      onLine(text, line);
      if ((line & 0xffff) === 0) progress?.tick(line);
    }
  } catch (err) {
    if (err instanceof BuildError) throw err;
    throw new BuildError(`${source.name}:${file}: unreadable near line ${line + 1}: ${(err as Error).message}`);
  } finally {
    lines.close();
    progress?.done(line);
  }
  return line;
}
