export * from './translator';
export { formatAmount } from './amount-format';
