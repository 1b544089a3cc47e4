import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * One calm theme for every page: Mantine's components, a teal primary dark enough for white text
 * on it (teal 9: 4.9:1), and links and dimmed text darker than Mantine's defaults (blue 6 and gray 6
 * fall under WCAG AA's 4.5:1 on white; axe-core checks every page).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-teal-9)',
    // Mantine's hover of a filled primary is a lighter shade (teal 8: 3.9:1 under white text).
    '--mantine-primary-color-filled-hover': '#06664a',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Field errors: red 6 is 3.3:1 on white; red 9 is 5.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Hover tints that keep AA contrast: Mantine's default hover of a shade-9 primary is shade 8
    // (white on teal 8: 3.9:1), and the subtle buttons' tint takes teal 9 text under 4.5:1.
    '--mantine-color-teal-filled-hover': '#066649',
    '--mantine-color-teal-light-hover': 'rgba(8, 127, 91, 0.05)',
  },
  dark: {},
});
