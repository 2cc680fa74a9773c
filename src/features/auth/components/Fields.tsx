import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { ProgressLabel } from '../../../components/ProgressLabel';
import { strokeIcon } from '../../../components/strokeIcon';
import { useT } from '../../../i18n/firstWords';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type'> {
  label: string;
  /** The field's rule, shown under it before the member submits: '8 to 128 characters.' */
  hint?: string;
  /** What is wrong with the value, shown under the field in the hint's place. */
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The input itself, for a form that moves the focus to it. */
  ref?: Ref<HTMLInputElement>;
}

/** A field; a password's has a show/hide toggle, named by `revealNames` ('Show password', 'Hide password'). */
export type TextFieldProps = FieldProps & ({ type?: 'text' | 'email'; revealNames?: never } | { type: 'password'; revealNames: { show: string; hide: string } });

const EyeIcon = strokeIcon(
  20,
  <>
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

const EyeOffIcon = strokeIcon(
  20,
  <>
    <path d="M17.94 17.94A10.07 10.07 0 0 1 12 19c-7 0-11-7-11-7a18.5 18.5 0 0 1 5.06-5.94" />
    <path d="M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 7 11 7a18.5 18.5 0 0 1-2.16 3.19" />
    <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
    <line x1="1" y1="1" x2="23" y2="23" />
  </>,
);

/** A control's link to the note under it: marked invalid and described by its message when it has one. */
export function fieldNote(noteId: string, error: string | undefined, hint?: string) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error || hint ? noteId : undefined } as const;
}

/** A field's message, under it. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p id={id} className="auth-field__error">{message}</p> : null;
}

/** A box to tick, its words as its label, with what is wrong under it (a box that must be ticked and is not). */
export function CheckField({ label, name, error, checked, onCheckedChange }: { label: string; name: string; error: string | undefined; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const noteId = useId();
  return (
    <div className="auth-field">
      <label className="auth-check">
        <input type="checkbox" name={name} {...fieldNote(noteId, error)} checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      <FieldError id={noteId} message={error} />
    </div>
  );
}

/**
 * A labelled input, with its rule under it when it has one, or in its place what is wrong with the
 * value; a password's has a show/hide toggle.
 */
export function TextField({ label, hint, error, value, onValueChange, type = 'text', revealNames, ...rest }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const [visible, setVisible] = useState(false);
  const input = (
    <input
      {...rest}
      {...fieldNote(noteId, error, hint)}
      id={id}
      className="auth-field__input text-input"
      type={type === 'password' && visible ? 'text' : type}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>{label}</label>
      {type === 'password' ? (
        <div className="auth-field__password">
          {input}
          <button
            type="button"
            className="icon-button icon-button--small auth-field__toggle"
            aria-label={visible ? revealNames?.hide : revealNames?.show}
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      ) : (
        input
      )}
      {error ? <FieldError id={noteId} message={error} /> : hint ? <p id={noteId} className="auth-field__hint">{hint}</p> : null}
    </div>
  );
}

export interface FormActionsProps {
  /** The submit button's words, and its words while the call is on its way. */
  submit: { idle: string; busy: string };
  /** The call is on its way. */
  pending: boolean;
  /** Every button waits (the call is on its way, or the app is moving on); the call's state by default. */
  disabled?: boolean;
  /**
   * "Fill Test Credentials", offered only where the network is a demo (useDemoNetwork): what it puts
   * in the form, by field name (a box: ticked or not). The values are also written on the button, so
   * that a press before the app has taken a page built ahead over fills the form at once (src/main.tsx).
   */
  testCredentials?: { sample: SampleFields; onFill: () => void };
}

/** A form's sample values, by field name. */
export type SampleFields = Readonly<Record<string, string | boolean>>;

/** A form's buttons: submit, and on login and signup "Fill Test Credentials" where the network is a demo. */
export function FormActions({ submit, pending, disabled = pending, testCredentials }: FormActionsProps) {
  const say = useT();
  return (
    <div className="auth-form__actions">
      <button type="submit" className="button button--primary button--block" disabled={disabled}>
        <ProgressLabel pending={pending} idle={submit.idle} busy={submit.busy} />
      </button>
      {testCredentials ? (
        <button type="button" className="button button--secondary button--block" onClick={testCredentials.onFill} disabled={disabled} data-fills={JSON.stringify(testCredentials.sample)}>
          {say('auth.fillTestCredentials')}
        </button>
      ) : null}
    </div>
  );
}
