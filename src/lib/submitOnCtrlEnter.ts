import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (Cmd+Enter on a Mac) in a form's text box sends the form, as its submit button would;
 * Enter alone still starts a new line. Not while an input method is composing a character.
 */
export function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
