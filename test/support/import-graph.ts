// The relative-import graph of a package's sources, and the circles in it: between files, and
// between a package's folders (a folder imports another when any of its files does).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)(?:\s+type)?[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every `.ts` source under `dir` (declaration files excluded). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [path.join(dir, d.name)] : [],
  );
}

/** File -> the files it imports by relative path (type-only imports included: they are dependencies too). */
export function importGraph(srcDir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2]).replace(/\.js$/, '.ts')));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan). */
function circles<T>(nodes: Iterable<T>, next: (node: T) => Iterable<T>): T[][] {
  let counter = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (v: T): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return found;
}

/**
 * The import circles of a package: groups of files that import each other, and groups of
 * folders that do (top-level files such as `index.ts` are left out of the folder graph: they
 * compose the folders). Paths are relative to `srcDir`, sorted.
 */
export function importCircles(srcDir: string): { files: string[][]; folders: string[][] } {
  const graph = importGraph(srcDir);
  const rel = (f: string) => path.relative(srcDir, f);
  const files = circles(graph.keys(), (f) => (graph.get(f) ?? []).filter((t) => graph.has(t)));
  const folderOf = (f: string) => path.relative(srcDir, path.dirname(f));
  const folderEdges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to || from === '' || to === '') continue;
      if (!folderEdges.has(from)) folderEdges.set(from, new Set());
      folderEdges.get(from)!.add(to);
    }
  }
  const folders = circles(folderEdges.keys(), (f) => folderEdges.get(f) ?? []);
  return { files: files.map((c) => c.map(rel).sort()), folders: folders.map((c) => c.sort()) };
}

/** Each `from` file's imports of other packages (bare specifiers such as `@transit/builder`). */
export function packageImports(srcDir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'".][^'"]*)['"]|import\(\s*['"]([^'".][^'"]*)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
    out.set(path.relative(srcDir, file), specs);
  }
  return out;
}

/** The packages a package's sources import (`node:` built-ins aside) that its package.json does not declare. */
export function undeclaredImports(packageDir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const used = new Set(
    [...packageImports(path.join(packageDir, 'src')).values()]
      .flat()
      .filter((s) => !s.startsWith('node:'))
      .map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/')),
  );
  return [...used].filter((name) => !declared.has(name)).sort();
}
