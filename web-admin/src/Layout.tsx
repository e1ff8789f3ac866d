import type { ReactNode } from 'react';
import { ListSubheader } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import PasswordIcon from '@mui/icons-material/Password';
import { Layout, Menu, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';

/** The menu's sections, in order, and the resources each holds (those the admin may open). */
const SECTIONS: [string, string[]][] = [
  ['swx.menu.review', ['kyc', 'recharges', 'withdrawals']],
  [
    'swx.menu.operations',
    [
      'users',
      'loans',
      'plans',
      'u-orders',
      'options-orders',
      'spot-orders',
      'spot-trades',
      'nfts',
      'charities',
      'conversations',
      'outbox',
    ],
  ],
  [
    'swx.menu.configuration',
    [
      'instruments',
      'priceSources',
      'spot-pairs',
      'coinNetworks',
      'planProducts',
      'options-products',
      'loanProducts',
      'parameters',
      'contents',
      'announcements',
      'levels',
      'inviteRewards',
    ],
  ],
  ['swx.menu.ledger', ['ledger-accounts', 'ledger-transfers', 'adjustments']],
  ['swx.menu.oversight', ['audit', 'admins']],
];

function ConsoleMenu() {
  const resources = useResourceDefinitions();
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.DashboardItem />
      {SECTIONS.map(([title, names]) => {
        const present = names.filter((n) => resources[n]);
        if (present.length === 0) return null;
        return [
          open ? (
            // Not sticky: a sticky heading (MUI's default) stayed at the top of the scrolling menu,
            // over the items that scrolled under it.
            <ListSubheader
              key={title}
              disableSticky
              sx={{ lineHeight: '32px', bgcolor: 'transparent', mt: 1 }}
            >
              {translate(title)}
            </ListSubheader>
          ) : null,
          ...present.map((name) => <Menu.ResourceItem key={name} name={name} />),
        ];
      })}
      <Menu.Item to="/two-factor" primaryText={translate('swx.twoFactor.title')} leftIcon={<KeyIcon />} />
      <Menu.Item to="/password" primaryText={translate('swx.password.title')} leftIcon={<PasswordIcon />} />
    </Menu>
  );
}

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
};
