// Compiles libs/ and services/ to dist/ with swc (type checking is `npm run typecheck`).
// The @app/* aliases are rewritten to relative paths so that plain `node` runs the output.
import { transformFile } from '@swc/core';
import { readFile, mkdir, writeFile, copyFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'dist');
const swcrc = JSON.parse(await readFile(path.join(root, '.swcrc'), 'utf8'));
const libs = ['common', 'ledger', 'database', 'queue', 'contracts'];
const services = ['accounts', 'market', 'orders', 'loans', 'funds', 'nfts', 'content'];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function rewriteAliases(code, file) {
  return code.replace(/require\("@app\/([a-z-]+)(\/[^"]*)?"\)/g, (_m, lib, rest = '') => {
    const top = libs.includes(lib) ? 'libs' : services.includes(lib) ? 'services' : null;
    if (!top) return _m;
    const target = path.join(out, top, lib, 'src', rest || '');
    let rel = path.relative(path.dirname(file), target);
    if (!rel.startsWith('.')) rel = './' + rel;
    return `require("${rel}")`;
  });
}

await rm(out, { recursive: true, force: true });
let count = 0;
for (const top of ['libs', 'services']) {
  for await (const file of walk(path.join(root, top))) {
    const rel = path.relative(root, file);
    if (!rel.includes(`${path.sep}src${path.sep}`)) continue;
    const dest = path.join(out, rel);
    await mkdir(path.dirname(dest), { recursive: true });
    if (file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts')) {
      const jsDest = dest.replace(/\.ts$/, '.js');
      const result = await transformFile(file, {
        ...swcrc,
        swcrc: false,
        filename: file,
        sourceFileName: path.relative(path.dirname(jsDest), file),
      });
      await writeFile(
        jsDest,
        rewriteAliases(result.code, jsDest) + `\n//# sourceMappingURL=${path.basename(jsDest)}.map\n`,
      );
      if (result.map) await writeFile(jsDest + '.map', result.map);
      count++;
    } else if (!file.endsWith('.ts') && !file.endsWith('package.json')) {
      await copyFile(file, dest);
    }
  }
}
console.log(`built ${count} files into dist/`);
