import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotify } from './notifications-context';
import { NotificationsProvider } from './notifications-provider';

function Buttons() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify.success('Denom added successfully')}>ok</button>
      <button onClick={() => notify.error('Error adding denom')}>fail</button>
    </>
  );
}

describe('notifications', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows success and error messages that close themselves after 6000 ms', () => {
    vi.useFakeTimers();
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Denom added successfully');
    expect(alert.className).toContain('MuiAlert-colorSuccess');

    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByRole('alert').textContent).toContain('Error adding denom');
    expect(screen.getByRole('alert').className).toContain('MuiAlert-colorError');

    act(() => vi.advanceTimersByTime(5_900));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    // Closed: the exit transition runs, then the alert leaves the page.
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Buttons />)).toThrow('useNotify must be used inside <NotificationsProvider>');
  });
});
