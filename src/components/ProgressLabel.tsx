import { useEffect, useState } from 'react';
import { TIMINGS } from '../config/timings';

/** Whether a call has been pending for longer than a moment. */
function useSlowCall(pending: boolean, afterMs: number = TIMINGS.progressAfterMs): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) return undefined;
    const timer = window.setTimeout(() => setSlow(true), afterMs);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [pending, afterMs]);
  return pending && slow;
}

export interface ProgressLabelProps {
  pending: boolean;
  /** What the button says. */
  idle: string;
  /** What it says, beside a spinner, once its call takes longer than a moment: 'Posting…'. */
  busy: string;
}

/** A button's label that shows the button's own call in progress, so a slow answer never looks like a dead button. */
export function ProgressLabel({ pending, idle, busy }: ProgressLabelProps) {
  const slow = useSlowCall(pending);
  if (!slow) return <>{idle}</>;
  return (
    <>
      <span className="progress-spinner" aria-hidden="true" />
      {busy}
    </>
  );
}

export interface SubmitButtonProps extends ProgressLabelProps {
  className: string;
  /** Refused as it stands (too long, or empty): the member must change the text first. */
  disabled?: boolean;
  /** The form says it is busy itself (aria-busy on the form), so the button does not say it again. */
  formSaysBusy?: boolean;
}

/**
 * A form's submit button that shows its call in progress. Busy, it stays focusable (aria-disabled),
 * so focus is not dropped to the page while it sends; the form ignores a second submit meanwhile.
 */
export function SubmitButton({ className, disabled, formSaysBusy = false, pending, idle, busy }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={disabled} aria-disabled={pending || undefined} aria-busy={(pending && !formSaysBusy) || undefined}>
      <ProgressLabel pending={pending} idle={idle} busy={busy} />
    </button>
  );
}
