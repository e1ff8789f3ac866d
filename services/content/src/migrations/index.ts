import { CreateNotificationsAndSupport1764090002000 } from '../notifications/1764090002000-CreateNotificationsAndSupport';
import { NotificationScanMarks1764900003000 } from '../notifications/1764900003000-NotificationScanMarks';
import { NotificationScanHorizon1766400002000 } from '../notifications/1766400002000-NotificationScanHorizon';
import { NotificationScanAnchor1766400006000 } from '../notifications/1766400006000-NotificationScanAnchor';
import { AnnouncementReads1764900005000 } from '../notifications/1764900005000-AnnouncementReads';
import { SupportVisitorsAndImages1764900004000 } from '../support/1764900004000-SupportVisitorsAndImages';
import { SupportMessageClockTime1766800001000 } from '../support/1766800001000-SupportMessageClockTime';
import { CreateContent1764200001000 } from './1764200001000-CreateContent';
import { ExchangeParameters1764200002000 } from './1764200002000-ExchangeParameters';
import { InviteRewardParameter1764900002000 } from './1764900002000-InviteRewardParameter';
import { TradingParameters1764200003000 } from './1764200003000-TradingParameters';
import { WithdrawDualApprovalParameter1765100003000 } from './1765100003000-WithdrawDualApprovalParameter';
import { CoinMinimumFloors1766400001000 } from './1766400001000-CoinMinimumFloors';

export const CONTENT_MIGRATIONS = [
  CreateContent1764200001000,
  ExchangeParameters1764200002000,
  TradingParameters1764200003000,
  CreateNotificationsAndSupport1764090002000,
  InviteRewardParameter1764900002000,
  NotificationScanMarks1764900003000,
  SupportVisitorsAndImages1764900004000,
  AnnouncementReads1764900005000,
  WithdrawDualApprovalParameter1765100003000,
  CoinMinimumFloors1766400001000,
  NotificationScanHorizon1766400002000,
  NotificationScanAnchor1766400006000,
  SupportMessageClockTime1766800001000,
];
