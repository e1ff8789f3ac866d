const fs = require('node:fs');
const path = require('node:path');
const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.swcrc'), 'utf8'));
const libs = ['common', 'ledger', 'database', 'queue', 'contracts'];
const moduleNameMapper = {};
const services = ['accounts', 'market', 'orders', 'loans', 'funds', 'nfts', 'content'];
for (const [top, names] of [
  ['libs', libs],
  ['services', services],
]) {
  for (const name of names) {
    moduleNameMapper[`^@app/${name}$`] = `<rootDir>/${top}/${name}/src`;
    moduleNameMapper[`^@app/${name}/(.*)$`] = `<rootDir>/${top}/${name}/src/$1`;
  }
}
// NestJS 12 and a few of its dependencies ship ES modules only. Node 20.19+ loads them with
// require(), but Jest's module runtime does not (before Node 24.9), so Jest compiles them to CommonJS.
// The list is read from node_modules: every installed package that declares "type": "module".
function esmPackages() {
  const dir = path.join(__dirname, '..', 'node_modules');
  const names = [];
  for (const entry of fs.readdirSync(dir)) {
    const candidates = entry.startsWith('@')
      ? fs.readdirSync(path.join(dir, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of candidates) {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8'));
        if (pkg.type === 'module') names.push(name.replace(/[.]/g, '\\.'));
      } catch {
        // not a package folder
      }
    }
  }
  return names;
}
const esmOnly = esmPackages();
module.exports = {
  swcJestTransform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false }],
    '^.+\\.m?js$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
        module: { type: 'commonjs' },
        swcrc: false,
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper,
};
