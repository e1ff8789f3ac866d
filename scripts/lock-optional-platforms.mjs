// The registry mirror of this workplace lacks some platform-specific optional packages (e.g.
// @swc/core-darwin-arm64 at the version @swc/core asks for). `npm install` then leaves them out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This script adds a lock entry for
// each missing optional package, with its os/cpu/libc, so that `npm ci` accepts the lock and skips
// them on this platform as it would anyway. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const n = name.split('/').pop();
  const os =
    ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'].find((o) => n.includes(o)) ?? null;
  const cpus = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];
  const cpu = cpus.find((c) => new RegExp(`(^|-)${c}(-|$)`).test(n)) ?? null;
  const libc = n.includes('musl') ? 'musl' : n.includes('gnu') ? 'glibc' : null;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`;
    if (packages[`${base}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue;
    if (os === process.platform && cpu === process.arch) continue; // ours must really be installed
    packages[`node_modules/${dep}`] = {
      version: version.replace(/^[\^~=]/, ''),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
      ...(entry.dev ? { dev: true } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} lock entries for optional packages of other platforms`);
