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
module.exports = {
  swcJestTransform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper,
};
