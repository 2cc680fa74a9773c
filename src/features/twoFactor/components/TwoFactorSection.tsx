import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ProgressLabel, SubmitButton } from '../../../components/ProgressLabel';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { download } from '../../../lib/download';
import { notifySuccess } from '../../ui/notify';
import { useBeginTwoFactorMutation, useDisableTwoFactorMutation, useEnableTwoFactorMutation, useGetTwoFactorQuery } from '../twoFactorApi';
import type { TwoFactorSetup } from '../../../types/api';
import { QrCode } from './QrCode';
import './TwoFactorSection.css';
import '../../../components/SettingsSection.css';

/** The key as an app's manual entry shows it: groups of four. */
function grouped(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What is typed in a code field, as sent: without the spaces an app shows in it. */
function plain(code: string): string {
  return code.replace(/\s/g, '');
}

/** A labelled code field, its problem under it; the code stays whatever the answer. */
function CodeField({ label, value, onChange, problem, inputRef, numeric }: { label: string; value: string; onChange: (value: string) => void; problem: string | undefined; inputRef?: React.Ref<HTMLInputElement>; numeric: boolean }) {
  const id = useId();
  return (
    <div className="two-factor__field">
      <label htmlFor={id} className="two-factor__label">{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="text-input two-factor__input"
        name="code"
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={24}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? <p id={`${id}-problem`} className="two-factor__problem">{problem}</p> : null}
    </div>
  );
}

/**
 * Two-factor sign-in: off, it is set up here from a new key (a QR code, and the key as text) and
 * turned on by the first code the app shows; the recovery codes are shown then, once, to copy or
 * download. On, it is turned off by a code. Focus follows each step, and a failed call keeps what
 * was typed (the app's listener shows why).
 */
export function TwoFactorSection() {
  const say = useT();
  const { data: status, isLoading, isError } = useGetTwoFactorQuery();
  const [begin, { isLoading: beginning }] = useBeginTwoFactorMutation();
  const [enable, { isLoading: enabling }] = useEnableTwoFactorMutation();
  const [disable, { isLoading: disabling }] = useDisableTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  const codesRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the step it names is drawn.
  const focusNext = useRef<'code' | 'codes' | 'status'>(undefined);
  const setFocusNext = (target: 'code' | 'codes' | 'status') => {
    focusNext.current = target;
  };

  useEffect(() => {
    const target = { code: codeRef, codes: codesRef, status: statusRef }[focusNext.current ?? 'status'];
    if (focusNext.current === undefined || !target.current) return;
    target.current.focus();
    focusNext.current = undefined;
  });

  if (isLoading) return <p className="feed-page__status">{say('twoFactor.loading')}</p>;
  if (isError && !status) return <p className="feed-page__status" role="status">{say('twoFactor.failed')}</p>;
  if (!status) return null;

  const start = async () => {
    if (beginning) return;
    try {
      setSetup(await begin().unwrap());
      setCode('');
      setProblem(undefined);
      setFocusNext('code');
    } catch {
      // Shown by the app's listener.
    }
  };

  const onEnable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enabling || !setup) return;
    if (!/^\d{6}$/.test(plain(code))) {
      setProblem(say('twoFactor.codeMissing'));
      codeRef.current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      const answer = await enable({ secret: setup.secret, code: plain(code) }).unwrap();
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(undefined);
      setCode('');
      notifySuccess(t('twoFactor.enabled'));
      setFocusNext('codes');
    } catch {
      // Shown by the app's listener (a code not right, say); the code stays to correct.
    }
  };

  const onDisable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabling) return;
    if (plain(code) === '') {
      setProblem(say('twoFactor.offCodeMissing'));
      codeRef.current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      await disable(plain(code)).unwrap();
      setCode('');
      notifySuccess(t('twoFactor.disabled'));
      setFocusNext('status');
    } catch {
      // Shown by the app's listener; the code stays.
    }
  };

  const cancel = () => {
    setSetup(undefined);
    setCode('');
    setProblem(undefined);
    setFocusNext('status');
  };

  const typeCode = (value: string) => {
    setCode(value);
    if (problem) setProblem(undefined);
  };

  if (recoveryCodes) {
    return (
      <div className="two-factor">
        <h3 ref={codesRef} tabIndex={-1} className="two-factor__subtitle">{say('twoFactor.codesTitle')}</h3>
        <p className="settings-note">{say('twoFactor.codesNote')}</p>
        <ul className="two-factor__codes" aria-label={say('twoFactor.codesTitle')}>
          {recoveryCodes.map((recovery) => <li key={recovery}><code>{recovery}</code></li>)}
        </ul>
        <div className="two-factor__actions">
          <button type="button" className="button button--secondary" onClick={() => download(`${recoveryCodes.join('\n')}\n`, 'socialconnect-recovery-codes.txt', 'text/plain')}>
            {say('twoFactor.download')}
          </button>
          <button type="button" className="button button--primary" onClick={() => { setRecoveryCodes(undefined); setFocusNext('status'); }}>
            {say('twoFactor.done')}
          </button>
        </div>
      </div>
    );
  }

  if (setup) {
    return (
      <form className="two-factor" noValidate onSubmit={(event) => void onEnable(event)} aria-busy={enabling}>
        <p className="settings-note">{say('twoFactor.scan')}</p>
        <QrCode text={setup.uri} label={say('twoFactor.qr')} />
        <p className="two-factor__key">{say('twoFactor.key', { key: grouped(setup.secret) })}</p>
        <CodeField label={say('twoFactor.code')} value={code} onChange={typeCode} problem={problem} inputRef={codeRef} numeric />
        <div className="two-factor__actions">
          <SubmitButton className="button button--primary" formSaysBusy pending={enabling} idle={say('twoFactor.enable')} busy={say('twoFactor.enabling')} />
          <button type="button" className="button button--secondary" onClick={cancel}>{say('twoFactor.cancel')}</button>
        </div>
      </form>
    );
  }

  const statusText = status.enabled ? say('twoFactor.on', { count: status.recoveryCodesLeft }) : say('twoFactor.off');
  if (!status.enabled) {
    return (
      <div className="two-factor">
        <p ref={statusRef} tabIndex={-1} className="settings-note">{statusText}</p>
        <div className="two-factor__actions">
          <button type="button" className="button button--primary" aria-disabled={beginning || undefined} onClick={() => void start()}>
            <ProgressLabel pending={beginning} idle={say('twoFactor.start')} busy={say('twoFactor.starting')} />
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="two-factor" noValidate onSubmit={(event) => void onDisable(event)} aria-busy={disabling}>
      <p ref={statusRef} tabIndex={-1} className="settings-note">{statusText}</p>
      <CodeField label={say('twoFactor.offCode')} value={code} onChange={typeCode} problem={problem} inputRef={codeRef} numeric={false} />
      <div className="two-factor__actions">
        <SubmitButton className="button button--secondary" formSaysBusy pending={disabling} idle={say('twoFactor.disable')} busy={say('twoFactor.disabling')} />
      </div>
    </form>
  );
}
