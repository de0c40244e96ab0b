// Lays out the built game for the browser tests: dist/ at the site's root and
// again under /sub/path/ (as on GitHub Pages under a repository's name).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');
const site = join(here, '.site');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `trunk build --release` first (tools/test.sh does).');
  process.exit(1);
}
rmSync(site, { recursive: true, force: true });
mkdirSync(join(site, 'sub'), { recursive: true });
cpSync(dist, site, { recursive: true });
cpSync(dist, join(site, 'sub', 'path'), { recursive: true });
