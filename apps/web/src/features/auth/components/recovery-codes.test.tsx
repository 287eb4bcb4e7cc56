import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodes } from './recovery-codes';

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function renderCodes() {
  const onDone = vi.fn();
  render(<RecoveryCodes codes={codes} account="ayu@example.com" doneLabel="Continue" onDone={onDone} />);
  return { onDone };
}

describe('RecoveryCodes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies the codes with the account they belong to', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Recovery codes copied.')).toBeTruthy();
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toContain('ayu@example.com');
    for (const code of codes) expect(text).toContain(code);
  });

  it('says what to do when the clipboard is blocked', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/select the codes and copy them by hand, or download them/)).toBeTruthy();
  });

  it('downloads them as a text file, and goes on only with the button', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:codes'));
    // jsdom has no object URLs: the two functions are lent to URL for this test.
    const { createObjectURL: keptCreate, revokeObjectURL: keptRevoke } = URL;
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { onDone } = renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked[0]?.download).toBe('back-office-recovery-codes.txt');
    expect(clicked[0]?.href).toBe('blob:codes');
    const text = await createObjectURL.mock.calls[0]![0].text();
    for (const code of codes) expect(text).toContain(code);
    click.mockRestore();
    Object.assign(URL, { createObjectURL: keptCreate, revokeObjectURL: keptRevoke });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
