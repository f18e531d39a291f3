import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { renderConsole } from '@/test/renderConsole';
import { LogoCard } from './LogoCard';

const LOGO = '/api/admin/config/logo';
const hash = 'c'.repeat(64);

const renderCard = (logoHash: string | null = null) =>
  renderConsole(<LogoCard logoHash={logoHash} />, { route: '/settings', path: '/settings' });

function choose(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('LogoCard', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows the current logo', () => {
    renderCard(hash);
    expect(screen.getByAltText('Current logo').getAttribute('src')).toBe(`/assets/${hash}/logo`);
  });

  it('says so when there is no logo, with nothing to remove', () => {
    renderCard();
    expect(screen.getByText('No logo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('previews a chosen image, then uploads it as multipart `file`', async () => {
    fakeApi.on('POST', LOGO, 200);
    const { container } = renderCard(hash);
    const file = new File(['gif'], 'logo.gif', { type: 'image/gif' });
    choose(container, file);
    expect(screen.getByAltText('Preview of the new logo').getAttribute('src')).toBe('blob:logo');
    expect(fakeApi.requests('POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The logo was updated')).toBeTruthy();
    const [request] = fakeApi.requests('POST', LOGO);
    const sent = (request.body as FormData).get('file') as Blob;
    expect(await sent.text()).toBe('gif');
    expect(screen.getByAltText('Current logo')).toBeTruthy();
  });

  it('refuses what is not an image before sending it', async () => {
    const { container } = renderCard();
    choose(container, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('This file is not an image')).toBeTruthy();
    expect(fakeApi.requests()).toHaveLength(0);
  });

  it("notifies a refused upload's title", async () => {
    fakeApi.on('POST', LOGO, 400, problem(400, 'The file is not a decodable image'));
    const { container } = renderCard();
    choose(container, new File(['png'], 'logo.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file is not a decodable image')).toBeTruthy();
    expect(screen.getByAltText('Preview of the new logo')).toBeTruthy();
  });

  it('removes the logo only after confirmation', async () => {
    fakeApi.on('DELETE', LOGO, 200);
    renderCard(hash);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE', LOGO)).toHaveLength(1));
    expect(await screen.findByText('The logo was removed')).toBeTruthy();
  });
});
