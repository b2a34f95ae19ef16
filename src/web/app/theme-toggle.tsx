import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { useTheme } from '../lib/theme';

/** Light or dark (docs/product/viewer.md §4); the button names the theme it switches to. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" onClick={() => setTheme(next)} aria-label={t(next === 'dark' ? 'nav.darkTheme' : 'nav.lightTheme')}>
      {/* Both icons, shown by the theme class on <html>: right from the first paint of a page drawn on the server. */}
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  );
}
