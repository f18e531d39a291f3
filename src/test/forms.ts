/** Small helpers for filling the shell's forms in component tests. */
import { expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Types into the field whose label starts with `label` (labels of required fields end in "*"). */
export function fill(label: string, value: string) {
  const input = screen.getByLabelText(new RegExp(`^${label}`));
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Waits until the button can be pressed (e.g. the captcha is ready), then presses it. */
export async function submit(name: string | RegExp) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
}
