// Bundles the map explorer into explorer/dist (run by `npm run build` and `prepare`): the page's
// TypeScript and Leaflet into one script (esbuild), Leaflet's stylesheet and images, the page.
// The engine's package says "sideEffects": false, so only what the page imports from it (the
// polyline codec) is bundled.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const leaflet = path.join(path.dirname(createRequire(import.meta.url).resolve('leaflet/package.json')), 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'explorer.js'),
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'eof',
  logLevel: 'warning',
});
copyFileSync(path.join(here, 'index.html'), path.join(dist, 'index.html'));
copyFileSync(path.join(here, 'src/explorer.css'), path.join(dist, 'explorer.css'));
// leaflet.css refers to images/...; the asset layer serves one flat folder, so they sit beside it.
writeFileSync(path.join(dist, 'leaflet.css'), readFileSync(path.join(leaflet, 'leaflet.css'), 'utf8').replaceAll('url(images/', 'url('));
for (const image of readdirSync(path.join(leaflet, 'images'))) copyFileSync(path.join(leaflet, 'images', image), path.join(dist, image));
