import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem, type RecordedRequest } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import type { FlagInfo } from '@/api/types';
import { FlagList } from './FlagList';

const path = '/api/edit/games/3/challenges/5';
/** The fake store's hash of a file: its first byte, 32 times. */
const hashOf = (content: string) => content.charCodeAt(0).toString(16).padStart(2, '0').repeat(32);

/** A dynamic-attachment challenge whose flags the POST adds to; uploads answer a hash per content. */
function serve(flags: FlagInfo[] = []) {
  let stored = flags;
  fakeApi.on('GET', path, () => ({
    status: 200,
    body: buildChallenge({ id: 5, type: 'DynamicAttachment', flags: stored }),
  }));
  fakeApi.on('POST', '/api/assets', async (request: RecordedRequest) => {
    const file = (request.body as FormData).get('files') as File;
    return { status: 200, body: [{ hash: hashOf(await file.text()), name: file.name }] };
  });
  fakeApi.on('POST', `${path}/flags`, () => {
    stored = [
      ...flags,
      {
        id: 9,
        flag: 'flag{new}',
        attachment: { id: 9, type: 'Remote', url: 'https://x.example/new.bin', fileSize: null },
        occupied: false,
        matchMode: 'Exact' as const,
      },
    ];
    return { status: 200 };
  });
}

const renderFlags = () =>
  renderConsole(<FlagList />, { route: '/games/3/challenges/5/flags', path: FlagList.path });

const flagBoxes = () => screen.getAllByLabelText('Flag') as HTMLInputElement[];

describe('FlagPairsCreate', () => {
  it('lists each flag with its file and size, without the bulk text box', async () => {
    serve([
      {
        id: 1,
        flag: 'flag{one}',
        attachment: {
          id: 1,
          type: 'Local',
          url: `/assets/${'a'.repeat(64)}/team%201.zip`,
          fileSize: 3000,
        },
        occupied: true,
        matchMode: 'Exact' as const,
      },
      {
        id: 2,
        flag: 'flag{two}',
        attachment: { id: 2, type: 'Local', url: null, fileSize: null },
        occupied: false,
        matchMode: 'Exact' as const,
      },
    ]);
    renderFlags();
    expect(await screen.findByText('flag{one}')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'team 1.zip' }).getAttribute('href')).toBe(
      `/assets/${'a'.repeat(64)}/team%201.zip`,
    );
    expect(screen.getByText('(3 KB)', { exact: false })).toBeTruthy();
    expect(screen.getByText('The file is missing')).toBeTruthy();
    // which pairs a team already holds
    expect(screen.getByRole('row', { name: /flag\{one\}/ }).textContent).toContain(
      'Given to a team',
    );
    expect(screen.getByRole('row', { name: /flag\{two\}/ }).textContent).toContain('Free');
    expect(screen.getByText('Add flags with their files')).toBeTruthy();
    expect(screen.queryByLabelText('Flags')).toBeNull();
  });

  it('makes a row per picked file, uploads them and posts the batch with their hashes', async () => {
    serve();
    renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [new File(['a'], 'a.bin'), new File(['bb'], 'b.bin')] },
    });
    // the blank starting row made way for the two files
    expect(flagBoxes()).toHaveLength(2);
    expect(screen.getByText('a.bin (1 B)')).toBeTruthy();
    fireEvent.change(flagBoxes()[0], { target: { value: ' flag{a} ' } });
    fireEvent.change(flagBoxes()[1], { target: { value: 'flag{b}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 flags' }));
    expect(await screen.findByText('2 flags added')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/assets')).toHaveLength(2);
    expect(fakeApi.requests('POST', `${path}/flags`)[0].body).toEqual([
      { flag: 'flag{a}', attachmentType: 'Local', fileHash: hashOf('a') },
      { flag: 'flag{b}', attachmentType: 'Local', fileHash: hashOf('bb') },
    ]);
    expect(await screen.findByText('flag{new}')).toBeTruthy();
    expect(flagBoxes()).toHaveLength(1);
    expect(flagBoxes()[0].value).toBe('');
  });

  it('sends remote URL rows, and a file chosen on a row', async () => {
    serve();
    const { container } = renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.change(flagBoxes()[0], { target: { value: 'flag{remote}' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Attachment of row 1' })).getByText('URL'),
    );
    fireEvent.change(screen.getByLabelText('URL'), {
      target: { value: 'https://files.example.com/r.bin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    fireEvent.change(flagBoxes()[1], { target: { value: 'flag{local}' } });
    const rowPicker = container.querySelectorAll('tbody input[type="file"]')[0] as HTMLInputElement;
    fireEvent.change(rowPicker, { target: { files: [new File(['c'], 'c.bin')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 flags' }));
    expect(await screen.findByText('2 flags added')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/flags`)[0].body).toEqual([
      {
        flag: 'flag{remote}',
        attachmentType: 'Remote',
        remoteUrl: 'https://files.example.com/r.bin',
      },
      { flag: 'flag{local}', attachmentType: 'Local', fileHash: hashOf('c') },
    ]);
  });

  it('asks for the flag and the file or URL of each row before sending anything', async () => {
    serve();
    renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Attachment of row 2' })).getByText('URL'),
    );
    fireEvent.change(flagBoxes()[1], { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 flags' }));
    expect(await screen.findByText('Complete the highlighted rows first')).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(3); // two flags, one URL
    expect(screen.getByText('Choose a file', { selector: 'p' })).toBeTruthy();
    expect(fakeApi.requests('POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(flagBoxes()).toHaveLength(1);
  });

  it("shows the server's refusal and keeps the rows, without uploading again", async () => {
    serve();
    fakeApi.on('POST', `${path}/flags`, 400, problem(400, 'Flag is too long'));
    renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [new File(['a'], 'a.bin')] },
    });
    fireEvent.change(flagBoxes()[0], { target: { value: 'flag{a}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 flag' }));
    expect(await screen.findByText('Flag is too long')).toBeTruthy();
    expect(flagBoxes()[0].value).toBe('flag{a}');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Add 1 flag' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 flag' }));
    await waitFor(() => expect(fakeApi.requests('POST', `${path}/flags`)).toHaveLength(2));
    expect(fakeApi.requests('POST', '/api/assets')).toHaveLength(1);
    expect(fakeApi.requests('POST', `${path}/flags`)[1].body).toEqual([
      { flag: 'flag{a}', attachmentType: 'Local', fileHash: hashOf('a') },
    ]);
  });

  it('shows the upload under way and locks the rows meanwhile', async () => {
    serve();
    const release = fakeApi.hold('POST', '/api/assets', 200, [
      { hash: hashOf('a'), name: 'a.bin' },
    ]);
    renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [new File(['a'], 'a.bin')] },
    });
    fireEvent.change(flagBoxes()[0], { target: { value: 'flag{a}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 flag' }));
    expect(await screen.findByRole('button', { name: /Uploading 1 of 1/ })).toBeTruthy();
    expect(flagBoxes()[0].disabled).toBe(true);
    release();
    expect(await screen.findByText('1 flag added')).toBeTruthy();
  });

  it("shows an upload's refusal and posts no flag", async () => {
    serve();
    fakeApi.on('POST', '/api/assets', 413, problem(413, 'The file is too large'));
    renderFlags();
    await screen.findByText('Add flags with their files');
    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [new File(['a'], 'a.bin')] },
    });
    fireEvent.change(flagBoxes()[0], { target: { value: 'flag{a}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 flag' }));
    expect(await screen.findByText('The file is too large')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/flags`)).toHaveLength(0);
  });
});
