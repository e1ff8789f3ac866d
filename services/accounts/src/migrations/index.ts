import { CreateAccounts1763800001000 } from './1763800001000-CreateAccounts';
import { WalletLoginAndTwoFactor1763800002000 } from './1763800002000-WalletLoginAndTwoFactor';
import { OidcLinks1763800003000 } from './1763800003000-OidcLinks';
import { ApiKeys1764010001000 } from './1764010001000-ApiKeys';
import { AdminTwoFactor1765000001000 } from './1765000001000-AdminTwoFactor';
import { AdminAuditChain1765000002000 } from './1765000002000-AdminAuditChain';
import { SecurityChanges1766000001000 } from './1766000001000-SecurityChanges';
import { LedgerAdjustments1765100001000 } from '../admin/ledger/1765100001000-LedgerAdjustments';
import { AdminRecoveryCodesDemoDisable1766100001000 } from './1766100001000-AdminRecoveryCodesDemoDisable';
import { AdminAccountsManagement1766200001000 } from './1766200001000-AdminAccountsManagement';
import { AdminRoleGrants1766900001000 } from '../admin/1766900001000-AdminRoleGrants';
import { AdminFourEyes1767000001000 } from '../admin/1767000001000-AdminFourEyes';
import { CreateInviteRewards1764900001000 } from '../invite/1764900001000-CreateInviteRewards';
import { InviteScanHorizon1766400003000 } from '../invite/1766400003000-InviteScanHorizon';
import { InviteScanAnchor1766400006000 } from '../invite/1766400006000-InviteScanAnchor';

export const ACCOUNTS_MIGRATIONS = [
  CreateAccounts1763800001000,
  WalletLoginAndTwoFactor1763800002000,
  OidcLinks1763800003000,
  ApiKeys1764010001000,
  CreateInviteRewards1764900001000,
  AdminTwoFactor1765000001000,
  AdminAuditChain1765000002000,
  LedgerAdjustments1765100001000,
  SecurityChanges1766000001000,
  AdminRecoveryCodesDemoDisable1766100001000,
  AdminAccountsManagement1766200001000,
  InviteScanHorizon1766400003000,
  InviteScanAnchor1766400006000,
  AdminRoleGrants1766900001000,
  AdminFourEyes1767000001000,
];
