import { useEffect, useState, type ReactNode } from 'react';
import {
  IconButton,
  ListSubheader,
  Menu as PopupMenu,
  MenuItem,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import PasswordIcon from '@mui/icons-material/Password';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  LocalesMenuButton,
  Menu,
  ToggleThemeButton,
  useGetIdentity,
  useLocales,
  useLocaleState,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { SECTIONS } from './menu-sections';

function ConsoleMenu() {
  const resources = useResourceDefinitions();
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    // An entry's name wraps onto a second line rather than ending in "…" (react-admin's noWrap):
    // at 1280 px "Support-Posteingang", "Messagerie du support", "Transferencias del libro mayor"...
    // were cut. Not when the menu is folded to its icons, where the names are hidden.
    <Menu
      sx={
        open
          ? {
              '& .RaMenuItemLink-root .MuiTypography-noWrap': {
                whiteSpace: 'normal',
              },
            }
          : undefined
      }
    >
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

/**
 * The language menu as an icon alone, for phones: react-admin's button writes the language's name
 * beside the icon, which on a narrow screen cut the page title short (the Arabic dashboard's). The
 * button is named after the language all the same, for screen readers.
 */
function CompactLanguageMenu() {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = languages.find((language) => language.locale === locale);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={current?.name ?? locale}
        aria-haspopup="true"
        aria-controls="console-language-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      <PopupMenu
        id="console-language-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              setLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </PopupMenu>
    </>
  );
}

/** react-admin's app bar with the language menu compact on phones. */
function ConsoleAppBar() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // The admin's name in the user menu names the roles in the language: read again when it changes.
  const [locale] = useLocaleState();
  const { refetch } = useGetIdentity();
  useEffect(() => {
    void refetch();
  }, [locale, refetch]);
  return (
    <AppBar
      // On a phone the title may take two lines, in a smaller size: on one it was cut short by the
      // buttons beside it ("KYC verification #" without the number, "Create Plan prod").
      sx={{
        '& #react-admin-title': {
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          fontSize: { xs: '1rem', sm: '1.25rem' },
          lineHeight: { xs: 1.25, sm: 1.6 },
          display: { xs: '-webkit-box', sm: 'block' },
          WebkitLineClamp: { xs: 2, sm: 'none' },
          WebkitBoxOrient: 'vertical',
        },
      }}
      toolbar={
        <>
          {phone ? <CompactLanguageMenu /> : <LocalesMenuButton />}
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    />
  );
}

export const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
};
