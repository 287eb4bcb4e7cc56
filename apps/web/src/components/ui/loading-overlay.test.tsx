import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('says "Loading..." unless told otherwise, beside the gold image', () => {
    const { rerender } = render(<LoadingOverlay />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    const image = screen.getByRole('status').querySelector('img');
    expect(image?.getAttribute('src')).toBeTruthy();
    expect(image?.getAttribute('src')).not.toMatch(/^https?:/);
    rerender(<LoadingOverlay message="Approving redemption..." />);
    expect(screen.getByRole('status').textContent).toBe('Approving redemption...');
  });
});
