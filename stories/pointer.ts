import { expect, waitFor } from 'storybook/test';

/**
 * Waits until a tap on `el` would reach it. A modal dialog makes the page behind it inert
 * (`pointer-events: none` on the body) in the effect after it mounts and gives that back in
 * the cleanup after it closes; the dialog's own content is made tappable one render later. On
 * a busy machine a play function can run inside that gap, and user-event then refuses the
 * click. A real finger cannot tap within one frame, so the story waits for the frame to end
 * rather than switch the check off.
 */
export async function untilClickable(el: Element): Promise<void> {
  await waitFor(() => expect(getComputedStyle(el).pointerEvents).not.toBe('none'));
}
