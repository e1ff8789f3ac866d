import { Tooltip } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { LEDGER_EN } from '../i18n/ledger';

/**
 * The ledger's codes in the console's words: why a transfer moved money (its reason), the kind of
 * a customer's account and the house's accounts. A code the console has no words for yet is shown
 * as it is. test/browser/web-admin-ledger-words holds every language to the server's codes.
 */
export type LedgerWordGroup = 'reasons' | 'kinds' | 'houseAccounts';

export const ledgerWord = (translate: TranslateFunction, group: LedgerWordGroup, code: string): string =>
  translate(`swx.ledger.${group}.${code}`, { _: code });

/** The reasons the console has words for: the reason filter's choices. */
export const REASON_CHOICES = Object.keys(LEDGER_EN.swx.ledger.reasons).map((id) => ({
  id,
  name: `swx.ledger.reasons.${id}`,
}));

/** The house accounts the console has words for, in the order of the server's list. */
export const HOUSE_ACCOUNTS = Object.keys(LEDGER_EN.swx.ledger.houseAccounts);

/** A transfer's reason in words; the code itself on hover (the filters and the API speak it). */
export function ReasonLabel({ reason }: { reason: string | null | undefined }) {
  const translate = useTranslate();
  if (!reason) return <>-</>;
  const words = ledgerWord(translate, 'reasons', reason);
  if (words === reason) return <>{reason}</>;
  return (
    <Tooltip title={reason}>
      <span data-reason={reason}>{words}</span>
    </Tooltip>
  );
}

/** A customer account's kind (available, frozen, margin...) in words. */
export function KindLabel({ kind }: { kind: string }) {
  const translate = useTranslate();
  return <>{ledgerWord(translate, 'kinds', kind)}</>;
}

/** A house account (fees, yield_expense...) in words, marked as the house's. */
export function HouseAccountLabel({ account }: { account: string }) {
  const translate = useTranslate();
  return <>⌂ {ledgerWord(translate, 'houseAccounts', account)}</>;
}
