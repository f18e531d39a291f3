import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/test/renderWithProviders';
import { PreferencesMenu } from './PreferencesMenu';

async function openPreferences() {
  renderWithProviders(<PreferencesMenu />);
  fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
  return screen.findByRole('dialog', { name: 'Preferences' });
}

async function chooseLanguage(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('PreferencesMenu', () => {
  // Catalogues load over HTTP; an empty one keeps the texts English for these assertions.
  const fetchCatalogue = vi.fn(async () => new Response('{}', { status: 200 }));
  beforeEach(() => vi.stubGlobal('fetch', fetchCatalogue));

  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en-US');
    localStorage.clear();
  });

  it('offers the eleven languages by their own names', async () => {
    await openPreferences();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      '简体中文',
      '繁體中文',
      '日本語',
      'Bahasa Indonesia',
      '한국어',
      'Русский',
      'Tiếng Việt',
      'Deutsch',
      'Français',
      'Español',
    ]);
  });

  it('warns about a machine translation; "Switch to English" reverts', async () => {
    await openPreferences();
    await chooseLanguage('Deutsch');
    await waitFor(() => expect(i18n.language).toBe('de-DE'));
    expect(fetchCatalogue).toHaveBeenCalledWith(
      expect.stringContaining('de-DE'),
      expect.anything(),
    );
    expect(document.documentElement.lang).toBe('de-DE');
    expect(localStorage.getItem('language')).toBe('de-DE');
    const notice = await screen.findByRole('dialog', { name: 'Machine Translation' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Switch to English' }));
    await waitFor(() => expect(i18n.language).toBe('en-US'));
    expect(localStorage.getItem('language')).toBe('en-US');
  });

  it('Confirm keeps the machine-translated language', async () => {
    await openPreferences();
    await chooseLanguage('Español');
    const notice = await screen.findByRole('dialog', { name: 'Machine Translation' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Machine Translation' })).toBeNull(),
    );
    expect(i18n.language).toBe('es-ES');
  });

  it('keeps the colour scheme and a valid custom theme colour', async () => {
    await openPreferences();
    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(localStorage.getItem('colorScheme')).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const colour = screen.getByRole('textbox', { name: 'Custom colour' });
    fireEvent.change(colour, { target: { value: '#12345' } });
    expect(screen.getByText(/Not a #rrggbb colour/)).toBeTruthy();
    fireEvent.change(colour, { target: { value: '#123456' } });
    expect(localStorage.getItem('themeChoice')).toBe('custom');
    expect(localStorage.getItem('customColour')).toBe('#123456');
    expect(screen.queryByText(/Not a #rrggbb colour/)).toBeNull();
  });
});
