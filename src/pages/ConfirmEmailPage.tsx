import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { AuthScreen } from '../features/auth/components/AuthScreen';
import { useConfirmEmailMutation } from '../features/account/accountApi';
import { errorCode as refusalCode, errorMessage } from '../lib/refusalBody';
import { errorCode } from '../../contract/messages';
import { t } from '../i18n/i18n';
import { useT } from '../i18n/useT';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'no-link' };

/**
 * /confirm-email#token=…: the page the mailed link opens, logged in or not (the `accounts`
 * extension). It confirms the address at once and says so, or says why it could not.
 */
export function ConfirmEmailPage() {
  const say = useT();
  const { hash } = useLocation();
  const [token] = useState(() => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '');
  const [state, setState] = useState<State>(token === '' ? { kind: 'no-link' } : { kind: 'working' });
  const [confirm] = useConfirmEmailMutation();
  const asked = useRef(false);
  usePageTitle(say('page.confirmEmail'));

  useEffect(() => {
    // Once: a link works once, and a second call would say it was used.
    if (token === '' || asked.current) return;
    asked.current = true;
    confirm(token).unwrap().then(
      () => setState({ kind: 'done' }),
      (error: unknown) => setState({ kind: 'refused', message: refusalCode(error) === errorCode('confirmLinkInvalid') ? t('refusal.confirmLinkInvalid') : errorMessage(error) }),
    );
  }, [token, confirm]);

  const text = state.kind === 'working' ? say('confirm.working') : state.kind === 'done' ? say('confirm.done') : state.kind === 'refused' ? state.message : say('confirm.noLink');
  return (
    <AuthScreen title={say('page.confirmEmail')} intro={say('confirm.about')} footer={<Link to={paths.home.href()}>{say('confirm.toApp')}</Link>}>
      <p className={state.kind === 'done' ? 'notice notice--done' : state.kind === 'working' ? undefined : 'notice'} role={state.kind === 'no-link' ? 'alert' : 'status'}>{text}</p>
    </AuthScreen>
  );
}
