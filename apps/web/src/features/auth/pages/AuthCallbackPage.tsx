import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { SignInChallenge } from '@abide/contracts';
import { App, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { AuthScreen } from '../../../shared/components/AuthScreen';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { SecondFactorForm } from '../components/SecondFactorForm';
import { useAuth } from '../useAuth';
import type { PkceFlow } from '../pkce';

type State =
  | { kind: 'working' }
  | { kind: 'set-password' }
  /** The account has two-factor sign-in on: the link proved the mailbox, a code must prove the rest. */
  | { kind: 'second-factor'; flow: PkceFlow; challenge: SignInChallenge }
  | { kind: 'confirmed-elsewhere' }
  | { kind: 'failed'; title: string; detail: string };

const flowOf = (type: string | null): PkceFlow => (type === 'recovery' ? 'recovery' : 'signup');

function stateOfLink(params: URLSearchParams): State {
  const error = params.get('error');
  if (!error && params.get('code')) return { kind: 'working' };
  return {
    kind: 'failed',
    title: 'This link did not work',
    detail:
      params.get('error_description') ??
      (error ? error.replace(/_/g, ' ') : 'The link is incomplete. Please copy the whole address from the email.'),
  };
}

/**
 * The e-mail links land here: `?code=…&type=signup|recovery`, or `?error=…&error_description=…`.
 * The one-time code is exchanged once, with the verifier this browser kept when the link was asked for.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { exchangeCode, clearSession } = useAuth();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => stateOfLink(params));
  const handled = useRef(false);

  const signedIn = useCallback(
    (flow: PkceFlow) => {
      if (flow === 'recovery') {
        setState({ kind: 'set-password' });
        return;
      }
      notification.success({ title: 'Welcome to Abide!', description: 'Your email is confirmed.' });
      navigate('/plan', { replace: true });
    },
    [navigate, notification],
  );

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const code = params.get('code');
    if (!code || params.get('error')) {
      // A link that carries an error is a failure, and the stored session is cleared.
      clearSession();
      return;
    }
    const flow = flowOf(params.get('type'));
    void (async () => {
      try {
        const outcome = await exchangeCode(code, flow);
        if (outcome.kind === 'confirmed-elsewhere') setState({ kind: 'confirmed-elsewhere' });
        else if (outcome.kind === 'second-factor') setState({ kind: 'second-factor', flow: outcome.flow, challenge: outcome.challenge });
        else signedIn(outcome.flow);
      } catch (failure) {
        const missingVerifier = failure instanceof Error && failure.message === 'MISSING_VERIFIER';
        setState({
          kind: 'failed',
          title: missingVerifier ? 'Open the link in the same browser' : 'This link has expired',
          detail: missingVerifier
            ? 'For your safety, a reset link only works in the browser where you asked for it. Please request a new one here.'
            : 'Links work once and only for a short time. Please request a new one.',
        });
      }
    })();
  }, [params, exchangeCode, clearSession, signedIn]);

  if (state.kind === 'second-factor') {
    const { flow } = state;
    return (
      <AuthScreen title="Two-factor sign-in">
        <SecondFactorForm
          challenge={state.challenge}
          onVerified={() => signedIn(flow)}
          onExpired={() =>
            setState({
              kind: 'failed',
              title: 'This sign-in has expired',
              detail: 'The code step lasts five minutes. Please ask for a new link.',
            })
          }
        />
      </AuthScreen>
    );
  }

  if (state.kind === 'set-password') {
    return (
      <AuthScreen title="Set a new password">
        <Typography.Title level={2} className="auth-card__title">
          Set a new password
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="auth-card__subtitle">
          Choose a password you have not used here before.
        </Typography.Paragraph>
        <NewPasswordForm onDone={() => navigate('/plan', { replace: true })} />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Confirming">
      {state.kind === 'working' && (
        <div className="callback-status" role="status" aria-live="polite">
          <Spin size="large" />
          <Typography.Text type="secondary">Checking your link…</Typography.Text>
        </div>
      )}
      {state.kind === 'confirmed-elsewhere' && (
        <div className="callback-status" role="status">
          <CheckCircleOutlined className="callback-status__icon callback-status__icon--ok" aria-hidden />
          <Typography.Title level={2} className="auth-card__title">
            Email confirmed
          </Typography.Title>
          <Typography.Paragraph type="secondary">Your address is confirmed. Please sign in to continue.</Typography.Paragraph>
          <ButtonLink type="primary" size="large" block to="/login">
            Sign In
          </ButtonLink>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="callback-status" role="alert">
          <CloseCircleOutlined className="callback-status__icon callback-status__icon--error" aria-hidden />
          <Typography.Title level={2} className="auth-card__title">
            {state.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{state.detail}</Typography.Paragraph>
          <ButtonLink type="primary" size="large" block to="/login">
            Back to sign in
          </ButtonLink>
        </div>
      )}
    </AuthScreen>
  );
}
